import { EXPENSE_CATEGORIES } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { ensure, i18next } from '../i18n';
import { expenseCategoryText } from './expenseCategory';
import './strings';

describe('expense categories in the active language (issue 19)', () => {
  it('shows the English value itself in English', () => {
    const { label, stored } = expenseCategoryText(i18next.getFixedT('en', 'ui'));
    expect(EXPENSE_CATEGORIES.map(label)).toEqual([...EXPENSE_CATEGORIES]);
    expect(stored(' Airtime & Data ')).toBe('Airtime & Data');
    expect(stored('rent')).toBe('Rent');
    expect(stored('Fuel')).toBe('Fuel');
  });

  it('shows French and Swahili labels but stores the English value', async () => {
    await Promise.all([ensure('fr', 'ui'), ensure('sw', 'ui')]);
    const fr = expenseCategoryText(i18next.getFixedT('fr', 'ui'));
    const sw = expenseCategoryText(i18next.getFixedT('sw', 'ui'));
    expect(fr.label('Rent')).toBe('Loyer');
    expect(sw.label('Rent')).toBe('Kodi ya nyumba');
    for (const c of EXPENSE_CATEGORIES) {
      expect(fr.stored(fr.label(c))).toBe(c);
      expect(sw.stored(sw.label(c).toUpperCase())).toBe(c);
    }
    // Every default category has a label of its own in each language.
    expect(new Set(EXPENSE_CATEGORIES.map(fr.label)).size).toBe(EXPENSE_CATEGORIES.length);
    expect(new Set(EXPENSE_CATEGORIES.map(sw.label)).size).toBe(EXPENSE_CATEGORIES.length);
    expect(EXPENSE_CATEGORIES.filter((c) => fr.label(c) === c)).toEqual(['Transport']);
    // A category the owner typed stays as typed.
    expect(fr.label('Carburant')).toBe('Carburant');
    expect(fr.stored('Carburant')).toBe('Carburant');
  });
});
