import { importFieldLabel, type ImportKind, importProblemText, rowToRecord } from '@duka/core';
import { afterEach, describe, expect, it } from 'vitest';
import { i18next, setLanguage } from '../../i18n';
import { importProblemMessage } from './problems';
import './strings';

afterEach(() => setLanguage('en'));

/** A row's problems as the screen shows them, in the active language (field key → text). */
function shown(kind: ImportKind, values: Record<string, string>, currency = 'NGN'): Record<string, string> {
  const r = rowToRecord(kind, values, { currency });
  if (r.ok) return {};
  const t = i18next.getFixedT(i18next.language, 'csv');
  return Object.fromEntries(Object.entries(r.errors).map(([k, p]) => [k, importProblemMessage(t, t(`fields.${k}`), p)]));
}

const BAD_EXPENSE = { date: '31/02/2026', amount: 'ten', payment_method: 'cheque' };

describe('CSV import row problems in the screen language (issue 19)', () => {
  it('in English, reads exactly as core words them', () => {
    const cases: Array<[ImportKind, Record<string, string>]> = [
      ['contacts', { name: '', email: 'not-an-email' }],
      ['catalogs', { name: 'Rice', unit_price: 'ten' }],
      ['catalogs', { name: 'Rice', unit_price: '' }],
      ['expenses', BAD_EXPENSE],
      ['expenses', { date: '2026-03-05', amount: '-5' }],
      ['expenses', { date: '2026-03-05', amount: '0' }],
    ];
    for (const [kind, values] of cases) {
      const r = rowToRecord(kind, values, { currency: 'NGN' });
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      const english = Object.fromEntries(Object.entries(r.errors).map(([k, p]) => [k, importProblemText(importFieldLabel(kind, k), p)]));
      expect(shown(kind, values)).toEqual(english);
    }
    expect(shown('expenses', BAD_EXPENSE)).toEqual({
      date: 'Date: "31/02/2026" is not a date (use 2026-03-05 or 05/03/2026)',
      amount: 'Amount: "ten" is not an amount (use digits, like 1500.00)',
      payment_method: 'Payment method: use one of cash, bank transfer, mobile money, card',
    });
  });

  it('a French owner reads French row problems, with the cell as typed', async () => {
    await setLanguage('fr');
    expect(shown('expenses', BAD_EXPENSE)).toEqual({
      date: 'Date : « 31/02/2026 » n’est pas une date (écrivez 2026-03-05 ou 05/03/2026)',
      amount: 'Montant : « ten » n’est pas un montant (écrivez des chiffres, comme 1500.00)',
      payment_method: 'Moyen de paiement : écrivez l’un de ces mots : cash, bank transfer, mobile money, card',
    });
    // core's schema checks go through the same translation as the forms'.
    expect(shown('contacts', { name: '', email: 'x' })).toEqual({ name: 'Nom : ce champ est obligatoire', email: 'E-mail : Adresse e-mail non valide' });
  });

  it('a Swahili owner reads Swahili row problems', async () => {
    await setLanguage('sw');
    const sw = shown('catalogs', { name: 'Mchele', unit_price: '-3' });
    expect(Object.keys(sw)).toEqual(['unit_price']);
    expect(sw.unit_price).toMatch(/weka kiasi cha 0 au zaidi$/);
    expect(shown('expenses', { date: 'jana', amount: '5' }).date).toMatch(/"jana" si tarehe/);
  });

  it('cents the currency does not have are a row problem in each language, never rounded (t16 F5)', async () => {
    const row = { date: '2026-11-20', amount: '85000.50', vendor: 'Umeme' };
    expect(shown('expenses', row, 'UGX')).toEqual({ amount: 'Amount: "85000.50": UGX has no decimals. Type it like 85000' });
    expect(shown('expenses', { ...row, amount: '12.345' }, 'KES')).toEqual({ amount: 'Amount: "12.345": at most 2 decimals, like 12.34' });
    await setLanguage('fr');
    expect(shown('expenses', row, 'XAF').amount).toBe('Montant : « 85000.50 » : pas de décimales en XAF. Écrivez par exemple 85000');
    await setLanguage('sw');
    expect(shown('expenses', row, 'UGX').amount).toMatch(/UGX haina desimali\. Andika kama 85000$/);
  });
});
