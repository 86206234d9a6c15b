import { describe, expect, it } from 'vitest';
import { buildCreditNote, type CreditSource, type PriorCredit } from './credit-notes';
import { computeInvoiceTotals, type InvoiceDiscount } from '../amounts/math';
import { invoiceTotalsAndStatus } from './record';
import { vatBreakdown } from '../reports/vat';

// t19 N8: returns credited one unit at a time must add up to the invoice exactly, each tax included.
const VAT = { id: 'vat', name: 'VAT', kind: 'tax' as const, calculation: 'percentage' as const, percentage_bps: 1600, amount: 0, inclusive: false };
const id = (n: number) => `${String(n).repeat(8)}-${String(n).repeat(4)}-4${String(n).repeat(3)}-8${String(n).repeat(3)}-${String(n).repeat(12)}`;

function invoiceOf(lines: Array<[number, number]>, discount: InvoiceDiscount | null): CreditSource {
  return {
    id: id(9),
    kind: 'invoice',
    status: 'sent',
    voided_at: null,
    contact_id: null,
    currency: 'ZMW',
    lines: lines.map(([quantity, unit_price], i) => ({ id: id(i + 1), description: `Item ${i + 1}`, quantity, unit_price, fee_ids: [] })),
    fees: [VAT],
    fee_ids: ['vat'],
    discount,
  };
}

const asPrior = (cn: ReturnType<typeof buildCreditNote>): PriorCredit => {
  const t = computeInvoiceTotals(cn);
  return { lines: cn.lines, discount: cn.discount, discount_total: t.discount_total, total_due: t.total_due };
};

/** Credits every unit of every line with its own credit note; the totals of each. */
function creditOneByOne(inv: CreditSource) {
  const prior: PriorCredit[] = [];
  const notes = [];
  for (const l of inv.lines)
    for (let u = 0; u < l.quantity; u++) {
      const cn = buildCreditNote(inv, prior, [{ line_id: l.id, quantity: 1 }], 'Returned');
      prior.push(asPrior(cn));
      notes.push(cn);
    }
  return notes;
}

const sum = (notes: Array<ReturnType<typeof buildCreditNote>>, pick: (t: ReturnType<typeof computeInvoiceTotals>) => number) =>
  notes.reduce((s, n) => s + pick(computeInvoiceTotals(n)), 0);

describe('credit notes one unit at a time (t19 N8)', () => {
  it('3 × K3.33 + VAT 16% = K11.59: three one-unit credit notes take K11.59, the last K3.87', () => {
    const inv = invoiceOf([[3, 333]], null);
    expect(computeInvoiceTotals(inv)).toMatchObject({ subtotal: 999, tax_total: 160, total_due: 1159 });
    const notes = creditOneByOne(inv);
    expect(notes.map((n) => computeInvoiceTotals(n).total_due)).toEqual([386, 386, 387]);
    expect(notes.map((n) => computeInvoiceTotals(n).tax_total)).toEqual([53, 53, 54]);
    expect(sum(notes, (t) => t.total_due)).toBe(1159);
    // The invoice owes nothing and is credited (before: K0.01 left that nothing could clear).
    const after = invoiceTotalsAndStatus({ ...inv, kind: 'invoice', sent_at: 'x', credited: sum(notes, (t) => t.total_due) });
    expect(after).toMatchObject({ balance: 0, status: 'credited' });
  });

  it('Lusaka INV-0004 with a 7.5% discount: the 23 credit notes add up to K629.82 and the VAT credited to the VAT charged', () => {
    const inv = invoiceOf(
      [
        [3, 14_999],
        [1, 8_550],
        [12, 235],
        [7, 333],
      ],
      { type: 'percentage', value: 750 },
    );
    const whole = computeInvoiceTotals(inv);
    expect(whole).toMatchObject({ total_due: 62_982, tax_total: 8_687 });
    const notes = creditOneByOne(inv);
    expect(notes).toHaveLength(23);
    expect(sum(notes, (t) => t.total_due)).toBe(62_982);
    expect(sum(notes, (t) => t.tax_total)).toBe(8_687);
    expect(sum(notes, (t) => t.discount_total)).toBe(whole.discount_total);
    // The VAT return follows: the taxable supply and the VAT credited come to the invoice's, to the ngwee.
    const credited = notes.flatMap((n) => vatBreakdown(n));
    const charged = vatBreakdown(inv);
    expect(credited.reduce((s, p) => s + p.tax, 0)).toBe(charged[0].tax);
    expect(credited.reduce((s, p) => s + p.taxable, 0)).toBe(charged[0].taxable);
  });

  it('an amount discount: one unit at a time, then the rest together, adds up exactly', () => {
    const inv = invoiceOf(
      [
        [3, 333],
        [2, 1_001],
        [5, 77],
      ],
      { type: 'amount', value: 101 },
    );
    const whole = computeInvoiceTotals(inv);
    const a = buildCreditNote(inv, [], [{ line_id: id(1), quantity: 1 }], 'One');
    const b = buildCreditNote(
      inv,
      [asPrior(a)],
      [
        { line_id: id(1), quantity: 1 },
        { line_id: id(3), quantity: 2 },
      ],
      'Two',
    );
    // Takes the last of line 1 and part of line 2: only line 1 carries what is left.
    const c = buildCreditNote(
      inv,
      [asPrior(a), asPrior(b)],
      [
        { line_id: id(1), quantity: 1 },
        { line_id: id(2), quantity: 1 },
      ],
      'Three',
    );
    expect(c.lines.map((l) => l.credit_rest != null)).toEqual([true, false]);
    const d = buildCreditNote(
      inv,
      [a, b, c].map(asPrior),
      [
        { line_id: id(2), quantity: 1 },
        { line_id: id(3), quantity: 3 },
      ],
      'Rest',
    );
    const notes = [a, b, c, d];
    expect(sum(notes, (t) => t.total_due)).toBe(whole.total_due);
    expect(sum(notes, (t) => t.tax_total)).toBe(whole.tax_total);
    expect(sum(notes, (t) => t.discount_total)).toBe(101);
  });

  it('earlier credit notes known only by their lines and totals (as stored before) still leave the rest exact', () => {
    const inv = invoiceOf([[3, 333]], null);
    const a = buildCreditNote(inv, [], [{ line_id: id(1), quantity: 1 }], 'One');
    const bare = (cn: typeof a): PriorCredit => ({
      lines: cn.lines.map((l) => ({ id: l.id, quantity: l.quantity })),
      discount_total: 0,
      total_due: computeInvoiceTotals(cn).total_due,
    });
    const b = buildCreditNote(inv, [bare(a)], [{ line_id: id(1), quantity: 2 }], 'Rest');
    expect(computeInvoiceTotals(a).total_due + computeInvoiceTotals(b).total_due).toBe(1159);
  });
});
