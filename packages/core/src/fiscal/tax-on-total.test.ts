import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals } from '../amounts/math';
import { fiscalDocument } from '.';

// t22 V1: KSh 3 + KSh 1,106 with 16 % VAT inside, the VAT rounded once on the total (152.97, not 0.41 + 152.55).
describe('a tax rounded once on its total, as eTIMS receives it', () => {
  it("sends each item's share: the items add up to the band's VAT and the invoice's, each within a cent of its own", () => {
    const vat = {
      id: 'v',
      name: 'VAT',
      kind: 'tax' as const,
      calculation: 'percentage' as const,
      percentage_bps: 1600,
      amount: 0,
      inclusive: true,
      round_on: 'total' as const,
    };
    const inv = {
      id: '8d7f2a3e-0000-4000-8000-0000000000a1',
      number: 'INV-0101',
      issue_date: '2026-11-27',
      currency: 'KES',
      lines: [
        { id: 'a', description: 'Sweets', quantity: 1, unit_price: 300, fee_ids: [] },
        { id: 'b', description: 'Cooking oil', quantity: 1, unit_price: 110_600, fee_ids: [] },
      ],
      fees: [vat],
      fee_ids: ['v'],
    };
    const totals = computeInvoiceTotals(inv);
    expect(totals.tax_total).toBe(15_297);
    const doc = fiscalDocument(inv, { kind: 'sale', fiscal_sequence: 21, buyer: { name: 'Wanjiru', pin: null } });
    expect(doc.tax_total).toBe(15_297);
    expect(doc.bands.find((b) => b.band === 'B')).toEqual({ band: 'B', rate_bps: 1600, taxable: 110_900, tax: 15_297 });
    expect(doc.lines.reduce((s, l) => s + l.tax, 0)).toBe(15_297);
    for (const l of doc.lines) expect(Math.abs(l.tax - (l.taxable * 16) / 116)).toBeLessThan(1);
  });
});
