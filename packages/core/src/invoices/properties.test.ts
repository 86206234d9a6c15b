import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals, type InvoiceFeeInput, type InvoiceMathInput } from '../amounts/math';

const feeArb: fc.Arbitrary<InvoiceFeeInput> = fc.record({
  id: fc.constantFrom('f1', 'f2', 'f3', 'f4'),
  name: fc.constant('Fee'),
  kind: fc.constantFrom('tax' as const, 'fee' as const),
  calculation: fc.constantFrom('percentage' as const, 'fixed' as const),
  percentage_bps: fc.integer({ min: 0, max: 10_000 }),
  amount: fc.integer({ min: 0, max: 1_000_000 }),
  inclusive: fc.boolean(),
});

const invoiceArb: fc.Arbitrary<InvoiceMathInput> = fc.uniqueArray(feeArb, { selector: (f) => f.id, maxLength: 4 }).chain((fees) => {
  const ids = fees.map((f) => f.id);
  const pick = ids.length ? fc.uniqueArray(fc.constantFrom(...ids), { maxLength: ids.length }) : fc.constant([] as string[]);
  const line = fc.record({
    quantity: fc.integer({ min: 1, max: 10_000_000 }).map((m) => m / 1000),
    unit_price: fc.integer({ min: 0, max: 100_000_000 }),
    fee_ids: pick,
  });
  return fc.record({
    lines: fc.array(line, { maxLength: 12 }).map((ls) => ls.map((l, i) => ({ ...l, id: `line-${i}` }))),
    fees: fc.constant(fees),
    fee_ids: pick,
    discount: fc.option(
      fc.oneof(
        fc.record({ type: fc.constant('percentage' as const), value: fc.integer({ min: 0, max: 10_000 }) }),
        fc.record({ type: fc.constant('amount' as const), value: fc.integer({ min: 0, max: 500_000_000 }) }),
      ),
    ),
    payments: fc.array(fc.record({ amount: fc.integer({ min: 1, max: 200_000_000 }) }), { maxLength: 4 }),
  });
});

describe('invoice maths properties', () => {
  it('totals are the sum of their parts', () => {
    fc.assert(
      fc.property(invoiceArb, (inv) => {
        const t = computeInvoiceTotals(inv);
        expect(t.subtotal).toBe(t.lines.reduce((s, l) => s + l.amount, 0));
        expect(t.discount_total).toBe(t.lines.reduce((s, l) => s + l.discount, 0));
        expect(t.tax_total).toBe(t.fees.filter((f) => f.kind === 'tax').reduce((s, f) => s + f.amount, 0));
        expect(t.fee_total).toBe(t.fees.filter((f) => f.kind === 'fee').reduce((s, f) => s + f.amount, 0));
        expect(t.tax_total + t.fee_total).toBe(t.exclusive_total + t.inclusive_total);
        expect(t.total_due).toBe(t.subtotal - t.discount_total + t.exclusive_total);
        expect(t.amount_paid).toBe((inv.payments ?? []).reduce((s, p) => s + p.amount, 0));
        expect(t.balance - t.credit).toBe(t.total_due - t.amount_paid);
      }),
    );
  });
  it('the balance is never negative and the discount never exceeds the subtotal', () => {
    fc.assert(
      fc.property(invoiceArb, (inv) => {
        const t = computeInvoiceTotals(inv);
        expect(t.balance).toBeGreaterThanOrEqual(0);
        expect(t.credit).toBeGreaterThanOrEqual(0);
        expect(t.discount_total).toBeLessThanOrEqual(t.subtotal);
        expect(t.total_due).toBeGreaterThanOrEqual(0);
        for (const l of t.lines) expect(l.net).toBeGreaterThanOrEqual(0);
      }),
    );
  });
  it('every total is unchanged when the lines are reordered', () => {
    fc.assert(
      fc.property(
        invoiceArb.chain((inv) => fc.tuple(fc.constant(inv), fc.shuffledSubarray(inv.lines, { minLength: inv.lines.length, maxLength: inv.lines.length }))),
        ([inv, shuffled]) => {
          const a = computeInvoiceTotals(inv);
          const b = computeInvoiceTotals({ ...inv, lines: shuffled });
          const { lines: _la, ...restA } = a;
          const { lines: _lb, ...restB } = b;
          expect(restB).toEqual(restA);
        },
      ),
    );
  });
  it('every amount is an integer number of minor units', () => {
    fc.assert(
      fc.property(invoiceArb, (inv) => {
        const t = computeInvoiceTotals(inv);
        for (const v of [t.subtotal, t.discount_total, t.tax_total, t.total_due, t.balance, ...t.fees.map((f) => f.amount)])
          expect(Number.isSafeInteger(v)).toBe(true);
      }),
    );
  });
});
