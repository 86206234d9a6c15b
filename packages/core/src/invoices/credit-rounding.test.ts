import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCreditNote, type CreditPick, type CreditSource, type PriorCredit } from './credit-notes';
import { computeInvoiceTotals } from '../amounts/math';
import { discountRows, wholeShillingsDiscount } from '../mpesa/rounding';

const CEMENT = '11111111-1111-4111-8111-111111111111';
const PAINT = '22222222-2222-4222-8222-222222222222';
const VAT_IN = { id: 'vat', name: 'VAT', kind: 'tax' as const, calculation: 'percentage' as const, percentage_bps: 1600, amount: 0, inclusive: true };
const VAT_EX = { ...VAT_IN, inclusive: false };

// t24 F1: 2 × Cement KSh850 + 1 × Paint KSh2,350.50 (VAT 16% inside), "Round down to KSh4,050.00".
const sale: CreditSource = {
  id: '6f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a',
  kind: 'sale',
  status: 'paid',
  voided_at: null,
  contact_id: null,
  currency: 'KES',
  lines: [
    { id: CEMENT, description: 'Cement 50kg', quantity: 2, unit_price: 85_000, fee_ids: [] },
    { id: PAINT, description: 'Paint 4L', quantity: 1, unit_price: 235_050, fee_ids: [] },
  ],
  fees: [VAT_IN],
  fee_ids: ['vat'],
  discount: { type: 'amount', value: 50, rounding: 50 } as CreditSource['discount'],
};
const asPrior = (data: ReturnType<typeof buildCreditNote>): PriorCredit => {
  const t = computeInvoiceTotals(data);
  return { lines: data.lines, discount: data.discount, discount_total: t.discount_total, total_due: t.total_due };
};
/** Issues the credit notes one after the other; returns each one's totals. */
function issue(doc: CreditSource, notes: CreditPick[][]) {
  const prior: PriorCredit[] = [];
  return notes.map((picks) => {
    const cn = buildCreditNote(doc, prior, picks, 'Returned');
    prior.push(asPrior(cn));
    return { cn, t: computeInvoiceTotals(cn) };
  });
}

describe('credit notes of a document rounded to whole units (t24 F1)', () => {
  it('one bag of cement comes back at its price, KSh850; the rounding stays with the sale until the last', () => {
    expect(computeInvoiceTotals(sale).total_due).toBe(405_000);
    const [one, two, paint] = issue(sale, [[{ line_id: CEMENT, quantity: 1 }], [{ line_id: CEMENT, quantity: 1 }], [{ line_id: PAINT, quantity: 1 }]]);
    expect(one!.t.total_due).toBe(85_000);
    expect(one!.t.discount_total).toBe(0);
    expect(one!.t.tax_total).toBe(11_724); // 850 × 16/116
    expect(two!.t.total_due).toBe(85_000);
    // The last takes the exact remainder: the paint less the sale's 0.50 rounding.
    expect(paint!.t.total_due).toBe(235_000);
    expect(discountRows(paint!.cn.discount, paint!.t.discount_total)).toEqual({ discount: 0, rounding: 50 });
    const all = [one!, two!, paint!];
    expect(all.reduce((s, x) => s + x.t.total_due, 0)).toBe(405_000);
    expect(all.reduce((s, x) => s + x.t.tax_total, 0)).toBe(computeInvoiceTotals(sale).tax_total);
  });

  it('the paint first comes back as KSh2,350.00 (its cents go with the rounding); the cement after at KSh850 each', () => {
    const [paint, c1, c2] = issue(sale, [[{ line_id: PAINT, quantity: 1 }], [{ line_id: CEMENT, quantity: 1 }], [{ line_id: CEMENT, quantity: 1 }]]);
    expect(paint!.t.total_due).toBe(235_000);
    expect(discountRows(paint!.cn.discount, paint!.t.discount_total)).toEqual({ discount: 0, rounding: 50 });
    expect(c1!.t.total_due).toBe(85_000);
    expect(c2!.t.total_due).toBe(85_000);
    const all = [paint!, c1!, c2!];
    expect(all.reduce((s, x) => s + x.t.tax_total, 0)).toBe(computeInvoiceTotals(sale).tax_total);
  });

  it('2 × soap at KSh50.60 sold for KSh101: one back is KSh50 (not more than its price), the last KSh51', () => {
    const soap = { ...sale, lines: [{ id: CEMENT, description: 'Soap', quantity: 2, unit_price: 5_060, fee_ids: [] }], discount: null } as CreditSource;
    const doc = { ...soap, discount: wholeShillingsDiscount(soap)!.discount as CreditSource['discount'] };
    expect(computeInvoiceTotals(doc).total_due).toBe(10_100);
    const [one, last] = issue(doc, [[{ line_id: CEMENT, quantity: 1 }], [{ line_id: CEMENT, quantity: 1 }]]);
    expect([one!.t.total_due, last!.t.total_due]).toEqual([5_000, 5_100]);
    expect(one!.t.tax_total + last!.t.tax_total).toBe(computeInvoiceTotals(doc).tax_total);
  });

  it('a document not rounded keeps its cents in proportion (unchanged)', () => {
    const plain = { ...sale, discount: { type: 'amount', value: 50 } } as CreditSource;
    const [one] = issue(plain, [[{ line_id: CEMENT, quantity: 1 }]]);
    expect(one!.t.total_due).toBe(84_989);
  });

  it('property: each credit note but the last is whole units; together they never exceed, and reach, the total', () => {
    // Prices from 1 cent (a rounding as large as what is left: the proportional fallback) to KSh5,000.
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 4 }),
      unit_price: fc.oneof(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 10_000, max: 500_000 })),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 5_000 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 12 }),
        (ls, inclusive, ownerDiscount, choices) => {
          const base: CreditSource = {
            ...sale,
            lines: ls.map((l, i) => ({ id: `00000000-0000-4000-8000-00000000000${i}`, description: `L${i}`, fee_ids: [], ...l })),
            fees: [inclusive ? VAT_IN : VAT_EX],
            discount: ownerDiscount > 0 ? { type: 'amount', value: ownerDiscount } : null,
          };
          const whole = wholeShillingsDiscount(base);
          fc.pre(whole !== null);
          const doc = { ...base, discount: whole!.discount as CreditSource['discount'] };
          const total = computeInvoiceTotals(doc).total_due;
          // Take one unit of a line at a time until everything is credited.
          const left = new Map(doc.lines.map((l) => [l.id, l.quantity]));
          const prior: PriorCredit[] = [];
          let sum = 0;
          let k = 0;
          while ([...left.values()].some((q) => q > 0)) {
            const open = [...left].filter(([, q]) => q > 0);
            const [id, q] = open[(choices[k++ % choices.length] ?? 0) % open.length]!;
            left.set(id, q - 1);
            const cn = buildCreditNote(doc, prior, [{ line_id: id, quantity: 1 }], 'Returned');
            const t = computeInvoiceTotals(cn);
            prior.push(asPrior(cn));
            sum += t.total_due;
            expect(t.total_due).toBeGreaterThanOrEqual(0);
            expect(sum).toBeLessThanOrEqual(total);
            // Shop prices (every line at least KSh100): every credit note is whole shillings, the last one included.
            if (doc.lines.every((l) => l.unit_price >= 10_000)) expect(t.total_due % 100).toBe(0);
            const last = [...left.values()].every((x) => x === 0);
            if (last) expect(sum).toBe(total);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
