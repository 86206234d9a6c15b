import { afterAll, describe, expect, it } from 'vitest';
import { i18next, setLanguage } from '../../i18n';
import { refusalText } from './refusalText';
import './refusalStrings';

// t22 T2: a refused edit of a paid invoice read "The new total FRw 11,800 is less than the FRw 59,000 already paid"
// inside the French screen. The app words the refusals it knows in the screen's language and money format.
const server = 'The new total FRw 11,800 is less than the FRw 59,000 already paid. Keep the total at least FRw 59,000.';
const refused = {
  collection: 'invoices' as const,
  error: server,
  error_fields: { total_due: server },
  data: { total_due: 11_800, currency: 'RWF' },
  server_copy: { amount_paid: 59_000 },
};
const tIn = (language: 'en' | 'fr' | 'sw') => i18next.getFixedT(language, 'refusal') as (k: string, v: Record<string, unknown>) => string;
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('refused changes in the screen’s language (t22 T2)', () => {
  afterAll(() => setLanguage('en'));

  it('French: the sentence and the money in French', async () => {
    await setLanguage('fr');
    expect(nbsp(refusalText(refused, tIn('fr'), 'fr'))).toBe(
      'Le nouveau total, 11 800 FRw, est inférieur aux 59 000 FRw déjà payés. Gardez un total d’au moins 59 000 FRw.',
    );
  });

  it('Swahili and English; without the server’s copy, the total only', async () => {
    await setLanguage('sw');
    expect(refusalText(refused, tIn('sw'), 'sw')).toContain('Jumla mpya');
    await setLanguage('en');
    expect(refusalText(refused, tIn('en'), 'en')).toBe(server);
    expect(refusalText({ ...refused, server_copy: undefined }, tIn('en'), 'en')).toBe(
      'The new total FRw 11,800 is less than what was already paid on this invoice. Keep the total at least the amount paid.',
    );
  });

  it('any other refusal is shown as the server gave it', () => {
    const other = { ...refused, error: 'The client of this record was not found', error_fields: { contact_id: 'not found' } };
    expect(refusalText(other, tIn('fr'), 'fr')).toBe('The client of this record was not found');
    const mismatch = { ...refused, error: 'The totals do not match the lines, fees and discount', error_fields: { total_due: 'Expected 1, got 2' } };
    expect(refusalText(mismatch, tIn('fr'), 'fr')).toBe(mismatch.error);
  });
});
