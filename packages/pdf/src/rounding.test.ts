import { wholeShillingsDiscount } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { buildInvoicePdf, type PdfInvoice } from './index';
import { pdfStrings } from './testing';

/**
 * h120: the whole-shillings rounding (t17 K0) was printed as "Discount". It is its own row, "Rounding", apart from the
 * owner's discount; the figures are the same maths (a discount before VAT), so the totals still add up.
 */
const vat = { id: 'vat', name: 'VAT', kind: 'tax' as const, calculation: 'percentage' as const, percentage_bps: 1600, amount: 0, inclusive: false };
const base: PdfInvoice = {
  kind: 'invoice',
  number: 'INV-0042',
  status: 'sent',
  issue_date: '2026-11-27',
  due_date: '2026-12-11',
  currency: 'KES',
  lines: [{ id: 'l1', description: 'Unga 2kg', quantity: 1, unit_price: 21_000, fee_ids: [] }],
  fees: [vat],
  fee_ids: ['vat'],
  discount: null,
  payments: [],
  notes: '',
  terms: '',
  payment_instructions: '',
};
const opts = { business: { name: 'Wanjiru Unga' }, client: { name: 'Otieno Hardware' }, language: 'en' as const };
/** The string drawn after a label (its amount, in the totals' next column). */
const after = (strings: string[], label: string) => strings[strings.indexOf(label) + 1];

describe('PDF: the whole-shillings rounding reads "Rounding"', () => {
  it('a rounded invoice prints Rounding −KSh0.52 and no Discount row; the total is KSh243.00', async () => {
    const { discount } = wholeShillingsDiscount(base)!;
    const strings = await pdfStrings(await buildInvoicePdf({ ...base, discount }, opts));
    expect(strings).not.toContain('Discount');
    expect(after(strings, 'Rounding')).toMatch(/^-KSh0\.52$/);
    expect(after(strings, 'Total')).toMatch(/^KSh243\.00$/);
  });

  it("the owner's discount and the rounding each have their row, in French too", async () => {
    const withDiscount = { ...base, discount: { type: 'amount' as const, value: 1_100 } };
    const { discount } = wholeShillingsDiscount(withDiscount)!;
    expect(discount.value - discount.rounding).toBe(1_100);
    const strings = await pdfStrings(await buildInvoicePdf({ ...base, discount }, opts));
    expect(after(strings, 'Discount')).toMatch(/^-KSh11\.00$/);
    expect(after(strings, 'Rounding')).toMatch(new RegExp(`^-KSh0\\.${String(discount.rounding).padStart(2, '0')}$`));
    const fr = await pdfStrings(await buildInvoicePdf({ ...base, discount }, { ...opts, language: 'fr' }));
    expect(fr).toContain('Remise');
    expect(fr).toContain('Arrondi');
  });

  it('an ordinary amount discount stays "Discount"', async () => {
    const strings = await pdfStrings(await buildInvoicePdf({ ...base, discount: { type: 'amount', value: 60 } }, opts));
    expect(after(strings, 'Discount')).toMatch(/^-KSh0\.60$/);
    expect(strings).not.toContain('Rounding');
  });
});
