import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals, divRound, type InvoiceFeeInput, lineAmount, quantityToMilli } from './math';
import { storedTotals, totalsMismatch } from '../invoices/stored-totals';

const L = (id: string, quantity: number, unit_price: number, fee_ids: string[] = []) => ({ id, quantity, unit_price, fee_ids });
const vat = (bps: number, inclusive = false, id = 'vat'): InvoiceFeeInput => ({
  id,
  name: `VAT ${bps / 100}%`,
  kind: 'tax',
  calculation: 'percentage',
  percentage_bps: bps,
  amount: 0,
  inclusive,
});
const fixed = (amount: number, inclusive = false, id = 'delivery'): InvoiceFeeInput => ({
  id,
  name: 'Delivery',
  kind: 'fee',
  calculation: 'fixed',
  percentage_bps: 0,
  amount,
  inclusive,
});

describe('rounding', () => {
  it('rounds half away from zero', () => {
    expect(divRound(5n, 2n)).toBe(3);
    expect(divRound(-5n, 2n)).toBe(-3);
    expect(divRound(4n, 3n)).toBe(1);
    expect(divRound(-4n, 3n)).toBe(-1);
  });
  it('turns quantities into thousandths and refuses a 4th decimal', () => {
    expect(quantityToMilli(1.5)).toBe(1500);
    expect(quantityToMilli(0.001)).toBe(1);
    expect(() => quantityToMilli(1.0005)).toThrow(/3 decimals/);
  });
  it('line amount is round(quantity × unit price)', () => {
    expect(lineAmount(2, 150_000)).toBe(300_000);
    expect(lineAmount(1.333, 1_000)).toBe(1_333);
    expect(lineAmount(0.125, 1)).toBe(0); // 0.125 kobo rounds to 0
    expect(lineAmount(0.5, 1)).toBe(1); // half rounds up, away from zero
    expect(lineAmount(1.005, 100)).toBe(101); // 100.5 → 101
  });
});

describe('invoice totals', () => {
  it('sums lines into the subtotal', () => {
    const t = computeInvoiceTotals({ lines: [L('a', 2, 150_000), L('b', 1, 50_000)] });
    expect(t.subtotal).toBe(350_000);
    expect(t.total_due).toBe(350_000);
    expect(t.balance).toBe(350_000);
  });
  it('adds an exclusive invoice-level VAT of 7.5%', () => {
    const t = computeInvoiceTotals({ lines: [L('a', 1, 100_000)], fees: [vat(750)], fee_ids: ['vat'] });
    expect(t.tax_total).toBe(7_500);
    expect(t.total_due).toBe(107_500);
    expect(t.fees).toEqual([{ fee_id: 'vat', name: 'VAT 7.5%', kind: 'tax', inclusive: false, percentage_bps: 750, amount: 7_500 }]);
  });
  it('rounds a percentage fee per line, half away from zero', () => {
    // 7.5% of 10 = 0.75 → 1 on each of 3 lines = 3 (not round(2.25) = 2 on the total)
    const t = computeInvoiceTotals({ lines: [L('a', 1, 10), L('b', 1, 10), L('c', 1, 10)], fees: [vat(750)], fee_ids: ['vat'] });
    expect(t.lines.map((l) => l.fees[0].amount)).toEqual([1, 1, 1]);
    expect(t.tax_total).toBe(3);
  });
  it('extracts an inclusive tax without adding it', () => {
    // 107,500 including 7.5% VAT holds 7,500 of VAT
    const t = computeInvoiceTotals({ lines: [L('a', 1, 107_500)], fees: [vat(750, true)], fee_ids: ['vat'] });
    expect(t.tax_total).toBe(7_500);
    expect(t.inclusive_total).toBe(7_500);
    expect(t.total_due).toBe(107_500);
  });
  it('extracts two inclusive taxes from the same price', () => {
    // 120 with 10% + 10% inclusive: net 100, each tax 10
    const fees = [vat(1000, true, 'a'), vat(1000, true, 'b')];
    const t = computeInvoiceTotals({ lines: [L('x', 1, 12_000)], fees, fee_ids: ['a', 'b'] });
    expect(t.fees.map((f) => f.amount)).toEqual([1_000, 1_000]);
    expect(t.total_due).toBe(12_000);
  });
  it('applies a line fee only to its line', () => {
    const t = computeInvoiceTotals({ lines: [L('a', 1, 100_000, ['vat']), L('b', 1, 100_000)], fees: [vat(1000)] });
    expect(t.tax_total).toBe(10_000);
    expect(t.total_due).toBe(210_000);
  });
  it('counts a fee chosen on both the line and the invoice once', () => {
    const t = computeInvoiceTotals({ lines: [L('a', 1, 100_000, ['vat'])], fees: [vat(1000)], fee_ids: ['vat'] });
    expect(t.tax_total).toBe(10_000);
  });
  it('adds a fixed invoice-level fee once', () => {
    const t = computeInvoiceTotals({ lines: [L('a', 1, 100_000), L('b', 2, 100)], fees: [fixed(2_000)], fee_ids: ['delivery'] });
    expect(t.fee_total).toBe(2_000);
    expect(t.tax_total).toBe(0);
    expect(t.total_due).toBe(100_200 + 2_000);
  });
  it('adds a fixed line fee once per line that has it', () => {
    const t = computeInvoiceTotals({ lines: [L('a', 3, 1_000, ['delivery']), L('b', 1, 1_000, ['delivery'])], fees: [fixed(500)] });
    expect(t.fee_total).toBe(1_000);
    expect(t.total_due).toBe(5_000);
  });
  it('takes a percentage discount before exclusive taxes', () => {
    const t = computeInvoiceTotals({ lines: [L('a', 1, 100_000)], fees: [vat(750)], fee_ids: ['vat'], discount: { type: 'percentage', value: 1000 } });
    expect(t.discount_total).toBe(10_000);
    expect(t.tax_total).toBe(6_750);
    expect(t.total_due).toBe(96_750);
  });
  it('charges the VAT on a delivery fee subject to tax: inside it when prices include VAT, on top when not (t18 Z1)', () => {
    const delivery = { ...fixed(5_000), subject_to_tax: true };
    // South Africa, VAT inside the prices: R50 delivery has R6.52 VAT in it; the total does not move.
    const za = computeInvoiceTotals({ lines: [L('a', 1, 100_000)], fees: [vat(1500, true), delivery], fee_ids: ['vat', 'delivery'] });
    expect(za.tax_total).toBe(13_043 + 652);
    expect(za.fees.find((f) => f.fee_id === 'vat')!.amount).toBe(13_695);
    expect(za.total_due).toBe(105_000);
    expect(za.taxed_fees).toEqual([{ fee_id: 'delivery', line_id: null, amount: 5_000, base: 4_348, taxes: [{ fee_id: 'vat', amount: 652 }] }]);
    // VAT added on top: R50 + R7.50.
    const ng = computeInvoiceTotals({ lines: [L('a', 1, 100_000)], fees: [vat(1500), delivery], fee_ids: ['vat', 'delivery'] });
    expect(ng.tax_total).toBe(15_000 + 750);
    expect(ng.total_due).toBe(100_000 + 15_000 + 5_000 + 750);
    // Not subject to tax (the default): no VAT on it, as before.
    const plain = computeInvoiceTotals({ lines: [L('a', 1, 100_000)], fees: [vat(1500, true), fixed(5_000)], fee_ids: ['vat', 'delivery'] });
    expect(plain.tax_total).toBe(13_043);
    expect(plain.taxed_fees).toEqual([]);
    // A fee on one line bears that line's VAT only; an invoice with no VAT taxes nothing.
    const line = computeInvoiceTotals({ lines: [L('a', 1, 10_000, ['vat', 'delivery']), L('b', 1, 10_000)], fees: [vat(1600), delivery] });
    expect(line.taxed_fees).toEqual([{ fee_id: 'delivery', line_id: 'a', amount: 5_000, base: 5_000, taxes: [{ fee_id: 'vat', amount: 800 }] }]);
    expect(line.total_due).toBe(20_000 + 1_600 + 5_000 + 800);
    expect(computeInvoiceTotals({ lines: [L('a', 1, 10_000)], fees: [delivery], fee_ids: ['delivery'] }).tax_total).toBe(0);
  });
  it('rounds a percentage discount once on the subtotal and shares it over the lines (t18 Z2)', () => {
    // 3 × R199.99 + 2.5 × R89.90 = R824.72; 10% is R82.47 (per line it was 60.00 + 22.48 = R82.48).
    const vat15 = vat(1500, true);
    const t = computeInvoiceTotals({
      lines: [L('a', 3, 19_999), L('b', 2.5, 8_990)],
      fees: [vat15],
      fee_ids: ['vat'],
      discount: { type: 'percentage', value: 1000, round_on: 'total' },
    });
    expect(t.subtotal).toBe(82_472);
    expect(t.discount_total).toBe(8_247);
    expect(t.lines.map((l) => l.discount)).toEqual([6_000, 2_247]);
    // Each line's VAT is worked out on its share: 539.97 → 70.43, 202.28 → 26.38.
    expect(t.lines.map((l) => l.fees[0]!.amount)).toEqual([7_043, 2_638]);
    expect(t.total_due).toBe(74_225);
    // An invoice written before keeps its per-line rounding (its totals were sent, paid, signed).
    const before = computeInvoiceTotals({ lines: [L('a', 3, 19_999), L('b', 2.5, 8_990)], discount: { type: 'percentage', value: 1000 } });
    expect(before.discount_total).toBe(8_248);
  });
  it('shares an amount discount over lines so exactly that amount comes off', () => {
    const t = computeInvoiceTotals({ lines: [L('a', 1, 100), L('b', 1, 100), L('c', 1, 100)], discount: { type: 'amount', value: 100 } });
    expect(t.discount_total).toBe(100);
    expect(t.lines.map((l) => l.discount).sort()).toEqual([33, 33, 34]);
    expect(t.total_due).toBe(200);
  });
  it('caps an amount discount at the subtotal', () => {
    const t = computeInvoiceTotals({ lines: [L('a', 1, 5_000)], discount: { type: 'amount', value: 9_000 } });
    expect(t.discount_total).toBe(5_000);
    expect(t.total_due).toBe(0);
  });
  it('subtracts payments into the balance', () => {
    const t = computeInvoiceTotals({ lines: [L('a', 1, 10_000)], payments: [{ amount: 4_000 }] });
    expect(t.amount_paid).toBe(4_000);
    expect(t.balance).toBe(6_000);
  });
  it('shows an overpayment as credit with a zero balance', () => {
    const t = computeInvoiceTotals({ lines: [L('a', 1, 10_000)], payments: [{ amount: 12_000 }] });
    expect(t.balance).toBe(0);
    expect(t.credit).toBe(2_000);
  });
  it('refuses a fee id the invoice does not carry', () => {
    expect(() => computeInvoiceTotals({ lines: [L('a', 1, 1)], fee_ids: ['nope'] })).toThrow(/Unknown fee/);
  });
  it('handles a large quantity × price exactly', () => {
    const t = computeInvoiceTotals({ lines: [L('a', 99_999.999, 9_999_999_999)] });
    expect(t.subtotal).toBe(Number((99_999_999n * 9_999_999_999n + 500n) / 1000n));
  });
  it('reports which claimed totals disagree', () => {
    const t = storedTotals(computeInvoiceTotals({ lines: [L('a', 1, 100)] }));
    expect(totalsMismatch({ total_due: 100, subtotal: 100 }, t)).toEqual({});
    expect(Object.keys(totalsMismatch({ total_due: 101 }, t))).toEqual(['total_due']);
  });
});
