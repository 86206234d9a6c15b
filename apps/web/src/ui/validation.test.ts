import { contactFields, expenseFields, parsePhone, safeString, checkRule } from '@duka/core';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldErrors } from '../ui/record/forms';
import { setLanguage } from '../i18n';
import { ruleText } from './validation';

afterEach(() => setLanguage('en'));

const rule = (schema: Parameters<typeof checkRule>[0], value: unknown) => {
  const r = checkRule(schema, value);
  if (!r) throw new Error('expected a refusal');
  return r;
};

describe("core's rule codes in the screen language (issues 19, 24)", () => {
  it('English reads as core wrote it', () => {
    expect(fieldErrors(contactFields.pick({ name: true, email: true }), { name: '', email: 'x' })).toEqual({
      name: 'Name is required',
      email: 'Not a valid e-mail address',
    });
    const phone = parsePhone('12ab', 'Cameron');
    if (!phone.ok) expect(ruleText(phone)).toBe(phone.message);
    expect(phone.ok).toBe(false);
    expect(ruleText(rule(safeString({ max: 200 }), 'x'.repeat(201)))).toBe('At most 200 characters');
  });

  it('reads limits as numbers in the screen language, never years (issue 28: "At most 1000000000")', async () => {
    expect(ruleText({ code: 'too_large', params: { field: 'quantity', max: 1_000_000_000 } })).toBe('At most 1,000,000,000');
    expect(ruleText({ code: 'too_long', params: { max: 100_000 } })).toBe('At most 100,000 characters');
    expect(ruleText({ code: 'date_year', params: { min: 1900, max: 2100 } })).toBe('Use a year between 1900 and 2100');
    await setLanguage('fr');
    expect(ruleText({ code: 'too_large', params: { max: 1_000_000_000 } })).toMatch(/^Au plus 1\s000\s000\s000$/u);
    await setLanguage('sw');
    expect(ruleText({ code: 'too_large', params: { max: 1_000_000_000 } })).toBe('Isizidi 1,000,000,000');
  });

  it('translates codes and their parameters into French and Swahili, never by the English text', async () => {
    await setLanguage('fr');
    expect(fieldErrors(contactFields.pick({ name: true, email: true }), { name: '', email: 'x' })).toEqual({
      name: 'Nom : ce champ est obligatoire',
      email: 'Adresse e-mail non valide',
    });
    expect(fieldErrors(expenseFields.pick({ amount: true }), { amount: 0 }).amount).toBe('Le montant doit être supérieur à 0');
    expect(ruleText(rule(safeString({ max: 200 }), 'x'.repeat(201)))).toBe('200 caractères au maximum');
    expect(ruleText({ code: 'too_short', params: { min: 8 } })).toBe('8 caractères au minimum');
    const phone = parsePhone('12ab', 'Cameron');
    expect(phone.ok).toBe(false);
    if (!phone.ok) expect(ruleText(phone)).toMatch(/^Ce n’est pas un numéro de téléphone\. Tapez-le comme .+ ou \+237 .+\.$/);
    // A code without words of its own shows core's message as it came.
    expect(ruleText({ code: 'invalid', message: 'Something the server said' })).toBe('Something the server said');
    // The country in the message is named in the screen's language (English keeps SPEC's Cameron).
    const cameroon = parsePhone('0123456', 'Cameron');
    if (!cameroon.ok) expect(ruleText(cameroon)).toMatch(/^Ce numéro de téléphone n’est pas valide pour Cameroun\. /);
    expect(cameroon).toMatchObject({ ok: false, code: 'phone_not_valid_in' });

    await setLanguage('sw');
    const kenyan = parsePhone('071234', 'Kenya');
    if (!kenyan.ok) expect(ruleText(kenyan)).toMatch(/^Namba hii si namba sahihi ya simu ya Kenya\. Iandike kama .+ au \+254 .+\.$/);
    expect(kenyan.ok).toBe(false);
    expect(fieldErrors(expenseFields.pick({ category: true }), { category: '' }).category).toBe('Aina inahitajika');
  });
});
