import { CREDIT_NOTE_MESSAGES, REFUSAL_REASONS } from '@duka/core';
import { afterAll, describe, expect, it } from 'vitest';
import { i18next, setLanguage } from '../../i18n';
import { refusalCode } from './refusalOf';
import { REFUSAL_STRINGS } from './refusalStrings';
import { refusalText } from './refusalText';

// t22 T2: a refused edit of a paid invoice read "The new total FRw 11,800 is less than the FRw 59,000 already paid"
// inside the French screen. The server now says which refusal it is (error.reason) with its values (error.params); the
// app words the refusals it knows by that code in the screen's language and money format (h154: no longer recognised by
// the shape of the English sentence).
const server = 'The new total FRw 11,800 is less than the FRw 59,000 already paid. Keep the total at least FRw 59,000.';
const refused = {
  error: server,
  error_reason: 'paid_above_total',
  error_params: { total: 11_800, paid: 59_000, currency: 'RWF' },
};
const tIn = (language: 'en' | 'fr' | 'sw') => i18next.getFixedT(language, 'refusal') as (k: string, v: Record<string, unknown>) => string;
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('refused changes in the screen’s language, by the refusal’s code', () => {
  afterAll(() => setLanguage('en'));

  it('French: the sentence and the money in French', async () => {
    await setLanguage('fr');
    expect(nbsp(refusalText(refused, tIn('fr'), 'fr'))).toBe(
      'Le nouveau total, 11 800 FRw, est inférieur aux 59 000 FRw déjà payés. Gardez un total d’au moins 59 000 FRw.',
    );
  });

  it('Swahili and English', async () => {
    await setLanguage('sw');
    expect(refusalText(refused, tIn('sw'), 'sw')).toContain('Jumla mpya');
    expect(refusalText(refused, tIn('sw'), 'sw')).toContain('59,000');
    await setLanguage('en');
    expect(refusalText(refused, tIn('en'), 'en')).toBe(server);
  });

  it('another refusal by its code: a void of a paid sale, a payment dated after today (dates in the screen’s format)', async () => {
    await setLanguage('fr');
    const voided = { error: 'KSh 500 was paid on this sale: …', error_reason: 'void_paid_sale', error_params: { paid: 50_000, currency: 'KES' } };
    expect(nbsp(refusalText(voided, tIn('fr'), 'fr'))).toMatch(/^500 KSh ont été payés sur cette vente/);
    const future = { error: 'The payment date …', error_reason: 'payment_future', error_params: { date: '2099-01-02', today: '2026-11-27' } };
    expect(refusalText(future, tIn('fr'), 'fr')).toBe(
      'La date du paiement, 2 janv. 99, est après aujourd’hui (27 nov. 26) : enregistrez un paiement une fois reçu.',
    );
    await setLanguage('sw');
    expect(refusalText({ error: 'Only drafts …', error_reason: 'delete_not_draft' }, tIn('sw'), 'sw')).toBe(
      'Rasimu pekee ndizo zinaweza kufutwa. Batilisha ankara hii badala yake.',
    );
  });

  it('a credit note rule by its name; an unknown code, an unknown rule or no code at all: the server’s sentence', async () => {
    await setLanguage('fr');
    const rule = { error: CREDIT_NOTE_MESSAGES.nothingLeft, error_reason: 'credit_note_rule', error_params: { rule: 'nothingLeft' } };
    expect(refusalText(rule, tIn('fr'), 'fr')).toBe('Cette facture est déjà entièrement créditée.');
    expect(refusalText({ ...rule, error_params: { rule: 'aNewRule' } }, tIn('fr'), 'fr')).toBe(CREDIT_NOTE_MESSAGES.nothingLeft);
    expect(refusalText({ error: 'Something new', error_reason: 'a_code_of_a_newer_server' }, tIn('fr'), 'fr')).toBe('Something new');
    expect(refusalText({ error: server }, tIn('fr'), 'fr')).toBe(server);
    expect(refusalText({ error: 'toString', error_reason: 'toString' }, tIn('fr'), 'fr')).toBe('toString');
  });

  it('every refusal the server can send is worded in English, French and Swahili', async () => {
    const keys = [...REFUSAL_REASONS.filter((r) => r !== 'credit_note_rule'), ...Object.keys(CREDIT_NOTE_MESSAGES).map((rule) => `credit_${rule}`)];
    for (const language of ['en', 'fr', 'sw'] as const) {
      await setLanguage(language);
      for (const key of keys) {
        expect(Object.hasOwn(REFUSAL_STRINGS, key), key).toBe(true);
        expect(i18next.exists(key, { ns: 'refusal', lng: language }), `${language} ${key}`).toBe(true);
      }
    }
    expect(Object.keys(REFUSAL_STRINGS).sort()).toEqual([...keys].sort());
  });

  it('the queue keeps the code and values of a push’s refusal, and clears them when none is sent', () => {
    expect(refusalCode({ code: 'unprocessable', message: server, reason: 'paid_above_total', params: { total: 1 } })).toEqual({
      error_reason: 'paid_above_total',
      error_params: { total: 1 },
    });
    expect(refusalCode({ code: 'unprocessable', message: server })).toEqual({ error_reason: undefined, error_params: undefined });
    expect(refusalCode('refused')).toEqual({ error_reason: undefined, error_params: undefined });
  });
});
