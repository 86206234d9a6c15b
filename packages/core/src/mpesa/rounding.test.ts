import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals, type InvoiceFeeInput, type InvoiceMathInput } from '../amounts/math';
import { discountRows, wholeShillingsDiscount } from './index';

const vat = (inclusive: boolean): InvoiceFeeInput => ({
  id: 'vat',
  name: 'VAT 16%',
  kind: 'tax',
  calculation: 'percentage',
  percentage_bps: 1600,
  amount: 0,
  inclusive,
});
const invoice = (unitPrice: number, inclusive = false, more: Partial<InvoiceMathInput> = {}): InvoiceMathInput => ({
  lines: [{ id: 'l1', quantity: 1, unit_price: unitPrice }],
  fees: [vat(inclusive)],
  fee_ids: ['vat'],
  ...more,
});

describe('wholeShillingsDiscount (t17 K0)', () => {
  it('takes the cents off the price before VAT: KSh243.60 becomes KSh243.00, VAT on the lower price', () => {
    const input = invoice(21_000);
    expect(computeInvoiceTotals(input).total_due).toBe(24_360);
    const r = wholeShillingsDiscount(input);
    expect(r).toEqual({ discount: { type: 'amount', value: 52, rounding: 52 }, balance: 24_300 });
    const after = computeInvoiceTotals({ ...input, discount: r!.discount });
    // net 209.48 + VAT 33.52 = 243.00: the invoice still adds up, and the VAT is 16% of what is paid before tax.
    expect(after).toMatchObject({ subtotal: 21_000, discount_total: 52, tax_total: 3_352, total_due: 24_300, balance: 24_300 });
  });

  it('with VAT included in prices, the discount is the cents themselves', () => {
    const r = wholeShillingsDiscount(invoice(21_050, true));
    expect(r).toEqual({ discount: { type: 'amount', value: 50, rounding: 50 }, balance: 21_000 });
  });

  it('the last cents of a part-paid balance go to zero, never below what was paid', () => {
    const input = invoice(96_333, false, { payments: [{ amount: 111_700 }] });
    expect(computeInvoiceTotals(input).balance).toBe(46);
    const r = wholeShillingsDiscount(input)!;
    expect(r.balance).toBe(0);
    expect(computeInvoiceTotals({ ...input, discount: r.discount })).toMatchObject({ total_due: 111_700, credit: 0 });
  });

  it('keeps a percentage discount as its amount and adds the cents to it', () => {
    const input = invoice(21_000, false, { discount: { type: 'percentage', value: 1_000 } });
    expect(computeInvoiceTotals(input).total_due).toBe(21_924);
    const r = wholeShillingsDiscount(input)!;
    expect(r.discount.value).toBeGreaterThan(2_100);
    expect(r.balance).toBe(21_900);
    // Only the cents past the owner's 10% (KSh21.00) are the rounding.
    expect(r.discount.rounding).toBe(r.discount.value - 2_100);
    expect(discountRows(r.discount, computeInvoiceTotals({ ...input, discount: r.discount }).discount_total)).toEqual({
      discount: 2_100,
      rounding: r.discount.rounding,
    });
  });

  it('nothing to do when the balance is whole or nothing is owed', () => {
    expect(wholeShillingsDiscount(invoice(25_000))).toBeNull(); // 290.00
    expect(wholeShillingsDiscount(invoice(21_000, false, { payments: [{ amount: 24_360 }] }))).toBeNull();
  });
});

describe('discountRows: the rounding shown apart from the discount (h120)', () => {
  it('a rounded invoice: no discount row, a rounding row of the cents; both add up to the discount total', () => {
    const input = invoice(21_000);
    const { discount } = wholeShillingsDiscount(input)!;
    const { discount_total } = computeInvoiceTotals({ ...input, discount });
    expect(discountRows(discount, discount_total)).toEqual({ discount: 0, rounding: 52 });
  });

  it("a rounding added to one already there stays all rounding, the owner's discount apart", () => {
    const first = { type: 'amount' as const, value: 1_052, rounding: 52 };
    const input = invoice(21_000, false, { discount: first, payments: [{ amount: 10_001 }] });
    const r = wholeShillingsDiscount(input)!;
    expect(r.balance % 100).toBe(0);
    expect(r.discount.rounding).toBe(52 + r.discount.value - 1_052);
    expect(discountRows(r.discount, r.discount.value)).toEqual({ discount: 1_000, rounding: r.discount.rounding });
  });

  it('an ordinary discount is all discount; a rounding never shows more than the discount took off', () => {
    expect(discountRows({ type: 'percentage', value: 1_000 }, 2_100)).toEqual({ discount: 2_100, rounding: 0 });
    expect(discountRows({ type: 'amount', value: 500 }, 500)).toEqual({ discount: 500, rounding: 0 });
    expect(discountRows({ type: 'amount', value: 500, rounding: 900 }, 500)).toEqual({ discount: 0, rounding: 500 });
    expect(discountRows(null, 0)).toEqual({ discount: 0, rounding: 0 });
  });
});

describe('the rounding mark travels with the invoice (REST and sync read the same schema)', () => {
  it('an amount discount keeps its rounding part; a negative one is refused', async () => {
    const { invoiceDiscountSchema } = await import('../invoices/schemas');
    expect(invoiceDiscountSchema.parse({ type: 'amount', value: 52, rounding: 52 })).toEqual({ type: 'amount', value: 52, rounding: 52 });
    expect(invoiceDiscountSchema.safeParse({ type: 'amount', value: 52, rounding: -1 }).success).toBe(false);
  });
});
