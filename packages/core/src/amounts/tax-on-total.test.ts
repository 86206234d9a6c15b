import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals, type InvoiceFeeInput, type InvoiceMathInput } from './math';
import { buildCreditNote, type CreditSource, type PriorCredit } from '../invoices/credit-notes';
import { duplicateCommand } from '../invoices/commands';

// t22 V1 / t20-t21 V1: a percentage tax rounded once on its total (round_on 'total'), shared over its lines.
const tax = (bps: number, inclusive = false, id = 'vat', round_on: 'total' | null = 'total'): InvoiceFeeInput => ({
  id,
  name: `VAT ${bps / 100}%`,
  kind: 'tax',
  calculation: 'percentage',
  percentage_bps: bps,
  amount: 0,
  inclusive,
  ...(round_on ? { round_on } : {}),
});
const line = (id: string, unit_price: number, quantity = 1, fee_ids: string[] = []) => ({ id, quantity, unit_price, fee_ids });
const vatOf = (t: ReturnType<typeof computeInvoiceTotals>, id = 'vat') => t.fees.find((f) => f.fee_id === id)!.amount;
const lineParts = (t: ReturnType<typeof computeInvoiceTotals>, id = 'vat') =>
  t.lines.reduce((s, l) => s + (l.fees.find((f) => f.fee_id === id)?.amount ?? 0), 0);

describe('a percentage tax rounded once on its total (round_on total)', () => {
  it('Douala: 25,000 + 75,000 FCFA at TVA 19.25 % is 19,250 (per line it was 19,251)', () => {
    const input = { lines: [line('a', 25_000), line('b', 75_000)], fees: [tax(1925)], fee_ids: ['vat'] };
    const once = computeInvoiceTotals(input);
    expect(once.tax_total).toBe(19_250);
    expect(once.total_due).toBe(119_250);
    expect(once.lines.map((l) => l.fees[0]!.amount)).toEqual([4_813, 14_437]); // 4,812.5 and 14,437.5: equal remainders, the tie by line id
    expect(lineParts(once)).toBe(19_250);
    const before = computeInvoiceTotals({ ...input, fees: [tax(1925, false, 'vat', null)] });
    expect(before.tax_total).toBe(19_251); // an invoice written before keeps its stored total
  });

  it('Harare: ZiG 964.20 at 15.5 % is 149.45 as by hand', () => {
    // ZiG 1.00 + 963.20: per line 0.155 → 0.16 and 149.296 → 149.30.
    const lines = [line('a', 100), line('b', 96_320)];
    expect(lines.reduce((s, l) => s + l.unit_price, 0)).toBe(96_420);
    const before = computeInvoiceTotals({ lines, fees: [tax(1550, false, 'vat', null)], fee_ids: ['vat'] });
    expect(before.tax_total).toBe(14_946);
    const once = computeInvoiceTotals({ lines, fees: [tax(1550)], fee_ids: ['vat'] });
    expect(once.tax_total).toBe(14_945);
    expect(lineParts(once)).toBe(14_945);
  });

  it('Kenya inclusive: KSh 1,109 at 16 % holds 152.97 of VAT (1,109 × 16/116), the total unchanged', () => {
    const lines = [line('a', 300), line('b', 110_600)]; // KSh 3 + 1,106: per line 0.41 + 152.55
    const before = computeInvoiceTotals({ lines, fees: [tax(1600, true, 'vat', null)], fee_ids: ['vat'] });
    expect(before.tax_total).toBe(15_296);
    const once = computeInvoiceTotals({ lines, fees: [tax(1600, true)], fee_ids: ['vat'] });
    expect(once.tax_total).toBe(15_297);
    expect(once.total_due).toBe(110_900);
    expect(lineParts(once)).toBe(15_297);
  });

  it('shares over the lines the tax applies to only, and each fee on its own total', () => {
    const fees = [tax(1600, false, 'vat'), tax(200, false, 'levy')];
    const lines = [line('a', 333, 1, ['vat', 'levy']), line('b', 333, 1, ['vat']), line('c', 1_000)];
    const t = computeInvoiceTotals({ lines, fees, fee_ids: [] });
    expect(vatOf(t)).toBe(Math.round((666 * 1600) / 10_000)); // 106.56 → 107
    expect(vatOf(t, 'levy')).toBe(7); // 6.66
    expect(t.lines[2]!.fees).toEqual([]);
  });
});

const lineArb = fc.record({
  quantity: fc.integer({ min: 1, max: 5_000_000 }).map((m) => m / 1000),
  unit_price: fc.integer({ min: 0, max: 50_000_000 }),
  fee_ids: fc.uniqueArray(fc.constantFrom('t1', 't2', 't3'), { maxLength: 3 }),
});
const feesArb = fc.tuple(
  fc.integer({ min: 0, max: 5_000 }),
  fc.integer({ min: 0, max: 5_000 }),
  fc.integer({ min: 0, max: 5_000 }),
  fc.boolean(),
  fc.boolean(),
  fc.boolean(),
);
const inputArb: fc.Arbitrary<InvoiceMathInput> = fc
  .record({
    lines: fc.array(lineArb, { minLength: 1, maxLength: 10 }),
    fees: feesArb,
    fee_ids: fc.uniqueArray(fc.constantFrom('t1', 't2', 't3'), { maxLength: 3 }),
    discount: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: undefined }),
  })
  .map(({ lines, fees: [b1, b2, b3, i1, i2, i3], fee_ids, discount }) => ({
    lines: lines.map((l, i) => ({ ...l, id: `line-${i}` })),
    fees: [tax(b1, i1, 't1'), tax(b2, i2, 't2'), tax(b3, i3, 't3')],
    fee_ids,
    discount: discount === undefined ? null : { type: 'percentage' as const, value: discount, round_on: 'total' as const },
  }));

describe('properties of a tax rounded on its total', () => {
  it("the lines' parts add up to the tax; exclusive: round(Σ net × rate); inclusive with one inclusive rate: round(Σ net × rate / (1 + rate))", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const t = computeInvoiceTotals(input);
        for (const f of t.fees) {
          expect(lineParts(t, f.fee_id)).toBe(f.amount);
          const fee = input.fees!.find((x) => x.id === f.fee_id)!;
          const applies = t.lines.filter((l) => l.fees.some((x) => x.fee_id === f.fee_id));
          const base = BigInt(applies.reduce((s, l) => s + l.net, 0));
          const bps = BigInt(fee.percentage_bps);
          const half = (a: bigint, b: bigint) => Number((2n * a + b) / (2n * b));
          if (!fee.inclusive) expect(f.amount).toBe(half(base * bps, 10_000n));
          const inclusiveOnLine = (id: string) => {
            const l = input.lines.find((x) => x.id === id)!;
            return [...new Set([...(l.fee_ids ?? []), ...(input.fee_ids ?? [])])].reduce(
              (s, x) => s + (input.fees!.find((y) => y.id === x)!.inclusive ? input.fees!.find((y) => y.id === x)!.percentage_bps : 0),
              0,
            );
          };
          const dens = new Set(applies.map((l) => inclusiveOnLine(l.id)));
          if (fee.inclusive && dens.size === 1) expect(f.amount).toBe(half(base * bps, 10_000n + BigInt([...dens][0]!)));
        }
        expect(t.tax_total).toBe(t.fees.reduce((s, f) => s + f.amount, 0));
      }),
      { numRuns: 300 },
    );
  });
});

describe('credit notes of an invoice whose tax is rounded on its total', () => {
  const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];
  const invoice: CreditSource = {
    id: '6f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a',
    kind: 'invoice',
    status: 'sent',
    voided_at: null,
    contact_id: '7f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a',
    currency: 'XAF',
    lines: [
      { id: ids[0]!, description: 'Sacs', quantity: 3, unit_price: 8_333, fee_ids: [] },
      { id: ids[1]!, description: 'Ciment', quantity: 1, unit_price: 75_000, fee_ids: [] },
      { id: ids[2]!, description: 'Sable', quantity: 1, unit_price: 1_001, fee_ids: [] },
    ],
    fees: [tax(1925)],
    fee_ids: ['vat'],
    discount: { type: 'percentage', value: 500, round_on: 'total' },
  };
  const prior = (data: ReturnType<typeof buildCreditNote>): PriorCredit => {
    const t = computeInvoiceTotals(data);
    return { lines: data.lines, discount_total: t.discount_total, total_due: t.total_due };
  };

  it('part by part, the last credit note takes exactly the rest of the VAT and the total', () => {
    const whole = computeInvoiceTotals(invoice);
    const a = buildCreditNote(
      invoice,
      [],
      [
        { line_id: ids[0]!, quantity: 1 },
        { line_id: ids[2]!, quantity: 1 },
      ],
      'Part',
    );
    const b = buildCreditNote(invoice, [prior(a)], [{ line_id: ids[0]!, quantity: 1 }], 'Part');
    const c = buildCreditNote(
      invoice,
      [prior(a), prior(b)],
      [
        { line_id: ids[0]!, quantity: 1 },
        { line_id: ids[1]!, quantity: 1 },
      ],
      'Rest',
    );
    const totals = [a, b, c].map((n) => computeInvoiceTotals(n));
    expect(totals.reduce((s, t) => s + t.tax_total, 0)).toBe(whole.tax_total);
    expect(totals.reduce((s, t) => s + t.total_due, 0)).toBe(whole.total_due);
    for (const t of totals) expect(lineParts(t)).toBe(t.tax_total);
  });
});

describe('a duplicate is a new document', () => {
  it("takes the rule for its percentage taxes, whatever the source kept; a fixed fee's snapshot is left as it was", () => {
    const fixedFee: InvoiceFeeInput = { id: 'd', name: 'Delivery', kind: 'fee', calculation: 'fixed', percentage_bps: 0, amount: 500, inclusive: false };
    const src = {
      id: 's',
      kind: 'invoice' as const,
      number: 'INV-0001',
      contact_id: null,
      issue_date: '2026-11-01',
      due_date: '2026-11-15',
      currency: 'XAF',
      lines: [
        { id: 'a', description: 'Sacs', quantity: 1, unit_price: 25_000, fee_ids: [] },
        { id: 'b', description: 'Ciment', quantity: 1, unit_price: 75_000, fee_ids: [] },
      ],
      fees: [tax(1925, false, 'vat', null), fixedFee],
      fee_ids: ['vat', 'd'],
      discount: null,
      notes: '',
      terms: '',
      payment_instructions: '',
      public_id: 'p',
      status: 'sent' as const,
      sent_at: 'x',
      voided_at: null,
      converted_invoice_id: null,
      payments: [],
    };
    expect(computeInvoiceTotals(src).tax_total).toBe(19_251);
    const [copy] = duplicateCommand(src, { id: 'c', number: 'INV-0002', public_id: 'q', time_zone: 'Africa/Douala' }, new Date('2026-11-27T10:00:00Z')).records;
    expect(copy!.fees).toEqual([{ ...src.fees[0], round_on: 'total' }, fixedFee]);
    expect(computeInvoiceTotals(copy!).tax_total).toBe(19_250);
    expect(src.fees[0]).not.toHaveProperty('round_on');
  });
});
