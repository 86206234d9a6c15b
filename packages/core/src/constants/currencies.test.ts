import { describe, expect, it } from 'vitest';
import { SUPPORTED_COUNTRIES, findCountry } from './countries';
import { CURRENCIES, CURRENCY_CODES, currencySymbol, minorDigits, SPEC_CURRENCY_CODES } from './currencies';
import { currencyForCountry } from '../accounts';
import { formatMoney } from '../amounts/format';

describe('currencies (SPEC §3 and issue 23)', () => {
  it("keeps SPEC's eleven first, in SPEC's order, and adds every supported country's currency", () => {
    expect(CURRENCY_CODES.slice(0, 11)).toEqual([...SPEC_CURRENCY_CODES]);
    expect(CURRENCY_CODES.slice(11)).toEqual(['XAF', 'XOF', 'RWF', 'ZMW', 'TZS', 'ETB', 'ZWG']);
    const own = { ZM: 'ZMW', UG: 'UGX', KE: 'KES', GH: 'GHS', ZA: 'ZAR', RW: 'RWF', ZW: 'ZWG', ET: 'ETB', TZ: 'TZS', CM: 'XAF' };
    for (const c of SUPPORTED_COUNTRIES) expect(currencyForCountry(c.name)).toBe(own[c.code]);
    expect(findCountry('Cameron')?.currency).toBe('FCFA');
    expect(currencyForCountry('Nigeria')).toBe('NGN');
  });

  it('has the ISO 4217 minor units: none for XAF, XOF, RWF and UGX', () => {
    expect(['XAF', 'XOF', 'RWF', 'UGX'].map(minorDigits)).toEqual([0, 0, 0, 0]);
    expect(['NGN', 'KES', 'ZMW', 'TZS', 'ETB', 'ZWG', 'Yuan', 'CNY'].map(minorDigits)).toEqual([2, 2, 2, 2, 2, 2, 2, 2]);
    // Agrees with the runtime's ISO data for every ISO code we list.
    for (const c of CURRENCIES) {
      const intl = new Intl.NumberFormat('en', { style: 'currency', currency: c.iso }).resolvedOptions().maximumFractionDigits;
      if (c.iso !== 'TZS') expect(c.minor).toBe(intl); // CLDR writes TZS cash without cents; ISO 4217 keeps 2
    }
    expect(minorDigits('JPY')).toBe(0);
  });

  it('formats each with its symbol and its decimals', () => {
    expect(formatMoney(12_500, 'XAF', { language: 'en' })).toBe('FCFA 12,500');
    expect(formatMoney(12_500, 'XAF', { language: 'fr' })).toBe('12\u202f500\u00a0FCFA');
    expect(formatMoney(5_000, 'RWF', { language: 'en' })).toBe('FRw 5,000');
    expect(formatMoney(1_250_050, 'TZS', { language: 'sw' })).toBe('TSh\u00a012,500.50');
    expect(formatMoney(1_250_050, 'ZMW', { language: 'en' })).toBe('K12,500.50');
    expect(formatMoney(1_000, 'ZWG', { language: 'en' })).toBe('ZiG 10');
    expect(formatMoney(1_000, 'ETB', { language: 'en' })).toBe('Br 10');
    expect(formatMoney(1_250_050, 'NGN', { language: 'en' })).toBe('₦12,500.50');
    expect(currencySymbol('XOF')).toBe('F\u00a0CFA');
    // t19 G2: Ghana's cedi as Ghanaians, the Bank of Ghana and Intl's en-GH write it; ₵ alone is also the old colón.
    expect(formatMoney(308_294, 'GHS', { language: 'en' })).toBe('GH₵3,082.94');
    expect(formatMoney(308_294, 'GHS', { language: 'en' })).toBe(new Intl.NumberFormat('en-GH', { style: 'currency', currency: 'GHS' }).format(3082.94));
  });
});
