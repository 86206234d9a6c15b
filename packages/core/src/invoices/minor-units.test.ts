import { describe, expect, it } from 'vitest';
import { documentShowsMinor, formatMoney, showsMinorUnits } from '../amounts/format';
import { computeInvoiceTotals } from '../amounts/math';

// Issue 23 item 16: "show minor units on every amount of a document once one has them".
describe('minor units on every amount of a document', () => {
  it('formatMoney shows .00 on a whole amount when asked, in en, fr and sw; never for a currency without minor units', () => {
    expect(formatMoney(3_350_500, 'NGN', { language: 'en' })).toBe('₦33,505');
    expect(formatMoney(3_350_500, 'NGN', { language: 'en', minor: true })).toBe('₦33,505.00');
    expect(formatMoney(3_350_500, 'NGN', { language: 'en', minor: true, display: 'code' })).toBe('NGN 33,505.00');
    expect(formatMoney(3_350_500, 'NGN', { language: 'fr', minor: true }).replace(/\s/g, ' ')).toBe('33 505,00 ₦');
    expect(formatMoney(3_350_500, 'NGN', { language: 'sw', minor: true }).replace(/\s/g, ' ')).toBe('₦ 33,505.00');
    expect(formatMoney(251_288, 'NGN', { language: 'en', minor: true })).toBe('₦2,512.88');
    expect(formatMoney(-500, 'NGN', { language: 'en', minor: true })).toBe('-₦5.00');
    expect(formatMoney(12_500, 'XAF', { language: 'en', minor: true })).toBe('FCFA 12,500');
  });

  it('showsMinorUnits: any amount with a fraction of the currency', () => {
    expect(showsMinorUnits([3_350_500, 251_288], 'NGN')).toBe(true);
    expect(showsMinorUnits([3_350_500, 100, null, undefined], 'NGN')).toBe(false);
    expect(showsMinorUnits([12_345n, 100n], 'KES')).toBe(true);
    expect(showsMinorUnits([12_345], 'UGX')).toBe(false);
  });

  it('documentShowsMinor: a whole line with a tax in kobo makes the document show kobo; whole amounts stay whole', () => {
    const fee = { id: 'vat', name: 'VAT', kind: 'tax' as const, calculation: 'percentage' as const, percentage_bps: 750, amount: 0, inclusive: false };
    const withTax = {
      currency: 'NGN',
      lines: [{ id: 'a', description: 'Gown', quantity: 1, unit_price: 3_350_500, fee_ids: [] }],
      fees: [fee],
      fee_ids: ['vat'],
      discount: null,
      payments: [],
    };
    expect(documentShowsMinor(withTax, computeInvoiceTotals(withTax))).toBe(true);
    const plain = { ...withTax, fees: [], fee_ids: [] };
    expect(documentShowsMinor(plain, computeInvoiceTotals(plain))).toBe(false);
    const paidKobo = { ...plain, payments: [{ id: 'p', amount: 1_000_050, date: '2026-11-22', method: 'cash' as const }] };
    expect(documentShowsMinor(paidKobo, computeInvoiceTotals(paidKobo))).toBe(true);
  });
});
