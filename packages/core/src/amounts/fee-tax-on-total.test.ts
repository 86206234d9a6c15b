import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fiscalDocument } from '../fiscal';
import { computeInvoiceTotals, type InvoiceFeeInput, type InvoiceMathInput, roundedOnTotal } from './math';

// h155: the VAT on a percentage fee subject to tax (a 10 % service charge) is rounded once on its total, as the VAT on
// the lines is since t22 V1, for the snapshots new documents take; a snapshot without the flag keeps per-line rounding.
const vat = (bps: number, inclusive = false, id = 'vat'): InvoiceFeeInput => ({
  id,
  name: `VAT ${bps / 100}%`,
  kind: 'tax',
  calculation: 'percentage',
  percentage_bps: bps,
  amount: 0,
  inclusive,
  round_on: 'total',
});
const service = (bps: number, id = 'svc'): InvoiceFeeInput => ({
  id,
  name: 'Service charge',
  kind: 'fee',
  calculation: 'percentage',
  percentage_bps: bps,
  amount: 0,
  inclusive: false,
  subject_to_tax: true,
});
/** The snapshot an invoice written before h155 kept (t22 V1: rounded on total itself, its VAT per line). */
const oldService = (bps: number, id = 'svc'): InvoiceFeeInput => ({ ...service(bps, id), round_on: 'total' });
const line = (id: string, unit_price: number, quantity = 1, fee_ids: string[] = []) => ({ id, quantity, unit_price, fee_ids });
type Totals = ReturnType<typeof computeInvoiceTotals>;
const onFees = (t: Totals, taxId: string, feeId = 'svc') =>
  t.taxed_fees.filter((x) => x.fee_id === feeId).reduce((s, x) => s + (x.taxes.find((y) => y.fee_id === taxId)?.amount ?? 0), 0);
const onLines = (t: Totals, taxId: string) => t.lines.reduce((s, l) => s + (l.fees.find((f) => f.fee_id === taxId)?.amount ?? 0), 0);
const feeOf = (t: Totals, id: string) => t.fees.find((f) => f.fee_id === id)?.amount ?? 0;

describe('the VAT on a percentage fee subject to tax (h155)', () => {
  const lines = [line('a', 12_220), line('b', 12_220), line('c', 12_220)];

  it('Nairobi: 10 % service on 3 × KSh 122.20 is KSh 36.66; its 16 % VAT is KSh 5.87 once, where per line it came to 5.88', () => {
    const now = computeInvoiceTotals({ lines, fees: [vat(1600), roundedOnTotal(service(1000))], fee_ids: ['vat', 'svc'] });
    expect(feeOf(now, 'svc')).toBe(3_666);
    expect(onFees(now, 'vat')).toBe(587); // 3,666 × 16 % = 586.56
    expect(now.taxed_fees.map((x) => x.taxes[0]!.amount).sort()).toEqual([195, 196, 196]); // each within a cent of 195.52
    expect(onLines(now, 'vat')).toBe(5_866); // 36,660 × 16 % = 5,865.6
    expect(now.tax_total).toBe(5_866 + 587);
    expect(feeOf(now, 'vat')).toBe(now.tax_total);
    expect(now.total_due).toBe(36_660 + 3_666 + 5_866 + 587);

    // An invoice stored before keeps its figures to the cent (its snapshot has no taxes_round_on).
    const before = computeInvoiceTotals({ lines, fees: [vat(1600), oldService(1000)], fee_ids: ['vat', 'svc'] });
    expect(onFees(before, 'vat')).toBe(588); // 196 × 3
    expect(before.total_due).toBe(now.total_due + 1);
    // A tax the snapshot rounds per line (written before t22) stays per line on the fee too.
    const perLine = computeInvoiceTotals({ lines, fees: [{ ...vat(1600), round_on: undefined }, roundedOnTotal(service(1000))], fee_ids: ['vat', 'svc'] });
    expect(onFees(perLine, 'vat')).toBe(588);
  });

  it('a new snapshot of a percentage fee subject to tax carries the flag; a tax, an untaxed fee and a fixed fee do not', () => {
    expect(roundedOnTotal(service(1000))).toMatchObject({ round_on: 'total', taxes_round_on: 'total' });
    expect(roundedOnTotal(vat(1600))).not.toHaveProperty('taxes_round_on');
    expect(roundedOnTotal({ ...service(1000), subject_to_tax: false })).not.toHaveProperty('taxes_round_on');
    expect(roundedOnTotal({ ...service(0), calculation: 'fixed', amount: 500 })).not.toHaveProperty('taxes_round_on');
  });

  it('eTIMS: the items and the band add up to the invoice, the fee’s VAT in each item’s tax', () => {
    const inv = {
      id: '8d7f2a3e-0000-4000-8000-0000000000b2',
      number: 'INV-0155',
      issue_date: '2026-11-27',
      currency: 'KES',
      lines: lines.map((l, i) => ({ ...l, description: `Meal ${i + 1}` })),
      fees: [vat(1600), roundedOnTotal(service(1000))],
      fee_ids: ['vat', 'svc'],
    };
    const totals = computeInvoiceTotals(inv);
    const doc = fiscalDocument(inv, { kind: 'sale', fiscal_sequence: 7, buyer: { name: 'Achieng', pin: null } });
    expect(doc.tax_total).toBe(5_866 + 587);
    expect(totals.tax_total).toBe(5_866 + 587);
    expect(doc.lines.reduce((s, l) => s + l.tax, 0)).toBe(totals.tax_total);
    expect(doc.lines.reduce((s, l) => s + l.taxable, 0)).toBe(totals.total_due);
    expect(doc.bands.find((b) => b.band === 'B')).toMatchObject({ taxable: totals.total_due, tax: totals.tax_total });
  });
});

const half = (a: bigint, b: bigint) => Number((2n * a + b) / (2n * b));
const inputArb = (flagged: boolean): fc.Arbitrary<InvoiceMathInput> =>
  fc
    .record({
      lines: fc.array(
        fc.record({
          quantity: fc.integer({ min: 1, max: 5_000_000 }).map((m) => m / 1000),
          unit_price: fc.integer({ min: 0, max: 50_000_000 }),
          fee_ids: fc.uniqueArray(fc.constantFrom('svc', 'vat', 'levy'), { maxLength: 3 }),
        }),
        { minLength: 1, maxLength: 10 },
      ),
      rates: fc.tuple(fc.integer({ min: 0, max: 3_000 }), fc.integer({ min: 0, max: 3_000 }), fc.integer({ min: 0, max: 500 })),
      levyInside: fc.boolean(),
      fee_ids: fc.uniqueArray(fc.constantFrom('svc', 'vat', 'levy'), { maxLength: 3 }),
      discount: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: undefined }),
    })
    .map(({ lines, rates: [svc, v, levy], levyInside, fee_ids, discount }) => ({
      lines: lines.map((l, i) => ({ ...l, id: `line-${i}` })),
      fees: [flagged ? roundedOnTotal(service(svc)) : oldService(svc), vat(v), vat(levy, levyInside, 'levy')],
      fee_ids,
      discount: discount === undefined ? null : { type: 'percentage' as const, value: discount, round_on: 'total' as const },
    }));

describe('properties of the VAT on a percentage fee rounded on its total', () => {
  it('the lines’ parts add up to it, each within one unit of its exact figure; exclusive: round(Σ fee part × rate)', () => {
    fc.assert(
      fc.property(inputArb(true), (input) => {
        const t = computeInvoiceTotals(input);
        for (const tax of input.fees!.filter((f) => f.kind === 'tax')) {
          const parts = t.taxed_fees.map((x) => ({ x, part: x.taxes.find((y) => y.fee_id === tax.id) })).filter((p) => p.part);
          const bps = BigInt(tax.percentage_bps);
          const inside = (x: (typeof parts)[number]['x']) => {
            const l = input.lines.find((y) => y.id === x.line_id)!;
            const where = new Set([...(l.fee_ids ?? []), ...(input.fee_ids ?? [])]);
            return input.fees!.filter((f) => f.kind === 'tax' && f.inclusive && where.has(f.id)).reduce((s, f) => s + BigInt(f.percentage_bps), 0n);
          };
          const den = (x: (typeof parts)[number]['x']) => (tax.inclusive ? 10_000n + inside(x) : 10_000n);
          for (const { x, part } of parts) expect(Math.abs(part!.amount - Number(BigInt(x.amount) * bps) / Number(den(x)))).toBeLessThan(1);
          const sum = parts.reduce((s, p) => s + p.part!.amount, 0);
          const feeBase = BigInt(parts.reduce((s, p) => s + p.x.amount, 0));
          if (!tax.inclusive) expect(sum).toBe(half(feeBase * bps, 10_000n));
          // The tax's total is its parts on the lines and on the fee.
          if (t.fees.some((f) => f.fee_id === tax.id)) expect(feeOf(t, tax.id)).toBe(onLines(t, tax.id) + sum);
        }
        for (const x of t.taxed_fees)
          expect(x.base).toBe(x.amount - x.taxes.reduce((s, y) => s + (input.fees!.find((f) => f.id === y.fee_id)!.inclusive ? y.amount : 0), 0));
        const exclusive = t.fees.reduce((s, f) => s + (f.inclusive ? 0 : f.amount), 0);
        expect(t.total_due).toBe(t.subtotal - t.discount_total + exclusive);
        expect(t.tax_total + t.fee_total).toBe(t.fees.reduce((s, f) => s + f.amount, 0));
      }),
      { numRuns: 300 },
    );
  });

  it('a snapshot without the flag (an invoice stored before) keeps each line’s VAT on the fee rounded on its own', () => {
    fc.assert(
      fc.property(inputArb(false), (input) => {
        const t = computeInvoiceTotals(input);
        for (const x of t.taxed_fees)
          for (const y of x.taxes) {
            const tax = input.fees!.find((f) => f.id === y.fee_id)!;
            if (!tax.inclusive) expect(y.amount).toBe(half(BigInt(x.amount) * BigInt(tax.percentage_bps), 10_000n));
          }
      }),
      { numRuns: 200 },
    );
  });
});
