import { describe, expect, it } from 'vitest';
import { COUNTRIES, formatMoneyIn, SUPPORTED_COUNTRIES } from '@duka/core';
import { pdfMoney, toWinAnsi } from './text';

/** Nigeria (SPEC's default) and the ten supported countries: the eleven whose money the PDFs print (issue 23/25). */
const ELEVEN = ['NG', ...SUPPORTED_COUNTRIES.map((c) => c.code)];
const currencies = [...new Set(ELEVEN.map((cc) => COUNTRIES.find((c) => c.iso_code === cc)!.currency_code))];

describe('PDF money reads as in the app (issue 23/25)', () => {
  it('covers every currency of the eleven countries', () => {
    expect(currencies.sort()).toEqual(['ETB', 'GHS', 'KES', 'NGN', 'RWF', 'TZS', 'UGX', 'XAF', 'ZAR', 'ZMW', 'ZWG'].sort());
  });

  it.each(currencies)('%s: the app symbol when the PDF fonts can draw it, else the ISO code', (currency) => {
    for (const language of ['en', 'fr', 'sw'] as const) {
      const app = formatMoneyIn(1875000, currency, language);
      const pdf = pdfMoney(1875000, currency, language);
      if (currency === 'NGN' || currency === 'GHS') {
        expect(pdf).toBe(toWinAnsi(formatMoneyIn(1875000, currency, language, { display: 'code' })));
      } else expect(pdf).toBe(toWinAnsi(app));
      expect(pdf).not.toContain('?');
    }
  });

  it('Cameroon reads FCFA, never XAF', () => {
    expect(pdfMoney(18750, 'XAF', 'en')).toBe('FCFA 18,750');
    expect(pdfMoney(18750, 'XAF', 'fr')).toMatch(/^18\s750\sFCFA$/);
    expect(pdfMoney(1875000, 'KES', 'en')).toBe('KSh18,750');
    expect(pdfMoney(500000, 'NGN', 'en')).toBe('NGN 5,000');
  });
});
