import { describe, expect, it } from 'vitest';
import {
  buildCreditNote,
  creditNoteCommand,
  creditNoteCreateBody,
  CreditNoteError,
  type CreditSource,
  isCreditable,
  type PriorCredit,
  remainingQuantities,
} from './credit-notes';
import { invoiceSyncDataSchema } from './schemas';
import { computeInvoiceTotals } from '../amounts/math';
import { invoiceTotalsAndStatus } from './record';
import { discountRows } from '../mpesa/rounding';

const L1 = '11111111-1111-4111-8111-111111111111';
const L2 = '22222222-2222-4222-8222-222222222222';
const VAT = { id: 'vat', name: 'VAT', kind: 'tax' as const, calculation: 'percentage' as const, percentage_bps: 1600, amount: 0, inclusive: false };
const LEVY = { id: 'levy', name: 'Levy', kind: 'fee' as const, calculation: 'fixed' as const, percentage_bps: 0, amount: 500, inclusive: false };

// Chairs 2 × 5,000.00 and a table 1 × 12,000.00 (minor units), VAT 16% exclusive, a fixed 5.00 levy once.
const invoice: CreditSource = {
  id: '6f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a',
  kind: 'invoice',
  status: 'sent',
  voided_at: null,
  contact_id: '7f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a',
  currency: 'KES',
  lines: [
    { id: L1, description: 'Chairs', quantity: 2, unit_price: 500_000, fee_ids: [] },
    { id: L2, description: 'Table', quantity: 1, unit_price: 1_200_000, fee_ids: [] },
  ],
  fees: [VAT, LEVY],
  fee_ids: ['vat', 'levy'],
  discount: null,
};
const prior = (data: ReturnType<typeof buildCreditNote>): PriorCredit => {
  const t = computeInvoiceTotals(data);
  return { lines: data.lines, discount_total: t.discount_total, total_due: t.total_due };
};
const rule = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof CreditNoteError) return err.rule;
    throw err;
  }
  return 'none';
};

describe('credit notes', () => {
  it('credits one chair with its VAT but not the once-per-invoice levy', () => {
    const cn = buildCreditNote(invoice, [], [{ line_id: L1, quantity: 1 }], 'One chair broken');
    const t = computeInvoiceTotals(cn);
    // 5,000.00 + 16% = 5,800.00; the fixed levy stays on the invoice until the last credit note.
    expect(t.subtotal).toBe(500_000);
    expect(t.tax_total).toBe(80_000);
    expect(t.fee_total).toBe(0);
    expect(t.total_due).toBe(580_000);
    expect(cn.lines[0]).toMatchObject({ id: L1, description: 'Chairs', unit_price: 500_000, quantity: 1 });
    expect(cn.credited_invoice_id).toBe(invoice.id);
    expect(cn.credit_reason).toBe('One chair broken');
  });

  it('the credit notes of a whole invoice add up to its total exactly, levy included once', () => {
    const total = computeInvoiceTotals(invoice).total_due; // 22,000.00 + 3,520.00 + 5.00
    expect(total).toBe(2_552_500);
    const a = buildCreditNote(invoice, [], [{ line_id: L1, quantity: 1 }], 'Broken');
    const b = buildCreditNote(
      invoice,
      [prior(a)],
      [
        { line_id: L1, quantity: 1 },
        { line_id: L2, quantity: 1 },
      ],
      'Returned',
    );
    expect(computeInvoiceTotals(a).total_due + computeInvoiceTotals(b).total_due).toBe(total);
    expect(computeInvoiceTotals(b).fee_total).toBe(500);
    expect(rule(() => buildCreditNote(invoice, [prior(a), prior(b)], [{ line_id: L1, quantity: 1 }], 'Again'))).toBe('nothingLeft');
  });

  it('refuses more than remains on a line, unknown lines, no lines and no reason', () => {
    const a = buildCreditNote(invoice, [], [{ line_id: L1, quantity: 1.5 }], 'Half');
    expect(remainingQuantities(invoice, [prior(a)]).get(L1)).toBe(0.5);
    expect(rule(() => buildCreditNote(invoice, [prior(a)], [{ line_id: L1, quantity: 1 }], 'Too much'))).toBe('tooMuch');
    expect(rule(() => buildCreditNote(invoice, [], [{ line_id: L1, quantity: 3 }], 'Too much'))).toBe('tooMuch');
    expect(rule(() => buildCreditNote(invoice, [], [{ line_id: '33333333-3333-4333-8333-333333333333', quantity: 1 }], 'x'))).toBe('unknownLine');
    expect(rule(() => buildCreditNote(invoice, [], [{ line_id: L1, quantity: 0 }], 'x'))).toBe('noLines');
    expect(rule(() => buildCreditNote(invoice, [], [{ line_id: L1, quantity: 1.0001 }], 'x'))).toBe('badQuantity');
    expect(rule(() => buildCreditNote(invoice, [], [{ line_id: L1, quantity: 1 }], '   '))).toBe('reasonRequired');
  });

  it('only a sent, non-void invoice is credited', () => {
    const pick = [{ line_id: L1, quantity: 1 }];
    expect(rule(() => buildCreditNote({ ...invoice, status: 'draft' }, [], pick, 'x'))).toBe('notSent');
    expect(rule(() => buildCreditNote({ ...invoice, status: 'ready' }, [], pick, 'x'))).toBe('notSent');
    expect(rule(() => buildCreditNote({ ...invoice, status: 'void', voided_at: '2026-03-02T00:00:00Z' }, [], pick, 'x'))).toBe('voidInvoice');
    expect(rule(() => buildCreditNote({ ...invoice, kind: 'quote' }, [], pick, 'x'))).toBe('notInvoice');
    expect(rule(() => buildCreditNote({ ...invoice, kind: 'credit_note' }, [], pick, 'x'))).toBe('notInvoice');
    // A counter sale (issue 28) is credited like an invoice (issue 26 F7).
    expect(rule(() => buildCreditNote({ ...invoice, kind: 'sale', status: 'paid' }, [], pick, 'x'))).toBe('none');
    expect(rule(() => buildCreditNote({ ...invoice, status: 'paid' }, [], pick, 'x'))).toBe('none');
  });

  it('a ready invoice the tax authority signed is credited: it can no longer be edited (issue 26 D2)', () => {
    const pick = [{ line_id: L1, quantity: 1 }];
    expect(rule(() => buildCreditNote({ ...invoice, status: 'ready', fiscalised: true }, [], pick, 'x'))).toBe('none');
    expect(isCreditable({ kind: 'invoice', status: 'ready', fiscalised: true })).toBe(true);
    expect(isCreditable({ kind: 'invoice', status: 'ready', fiscalised: false })).toBe(false);
    // A draft is never signed; a void one stays void.
    expect(rule(() => buildCreditNote({ ...invoice, status: 'draft', fiscalised: true }, [], pick, 'x'))).toBe('notSent');
    expect(isCreditable({ kind: 'invoice', status: 'void', voided_at: '2026-03-02T00:00:00Z', fiscalised: true })).toBe(false);
  });

  it('the whole-shillings rounding comes back as rounding, not as a discount (t22: invoice "Rounding", credit note "Discount")', () => {
    const rounded = { ...invoice, fee_ids: ['vat'], discount: { type: 'amount', value: 96, rounding: 96 } } as CreditSource;
    const rowsOf = (data: ReturnType<typeof buildCreditNote>) => discountRows(data.discount, computeInvoiceTotals(data).discount_total);
    const all = buildCreditNote(
      rounded,
      [],
      [
        { line_id: L1, quantity: 2 },
        { line_id: L2, quantity: 1 },
      ],
      'All',
    );
    expect(rowsOf(all)).toEqual({ discount: 0, rounding: 96 });
    // t24 F1: a part of a document rounded to whole shillings comes back in whole shillings (the table's 13,920.00 is
    // whole: no rounding), the rounding staying with the invoice until the last credit note (credit-rounding.test.ts).
    const one = buildCreditNote(rounded, [], [{ line_id: L2, quantity: 1 }], 'One');
    expect(computeInvoiceTotals(one).total_due).toBe(1_392_000);
    expect(rowsOf(one)).toEqual({ discount: 0, rounding: 0 });
    // The owner's own discount beside a rounding: the owner's part in proportion, and as rounding what makes it whole.
    const both = { ...rounded, discount: { type: 'amount', value: 10_096, rounding: 96 } } as CreditSource;
    const half = buildCreditNote(both, [], [{ line_id: L2, quantity: 1 }], 'Half');
    const rows = rowsOf(half);
    expect(rows.discount).toBe(Math.round(10_000 * (1_200_000 / 2_200_000)));
    expect(rows.rounding).toBeGreaterThan(0);
    expect(computeInvoiceTotals(half).total_due % 100).toBe(0);
    const share = computeInvoiceTotals(
      buildCreditNote({ ...rounded, discount: { type: 'amount', value: 96 } }, [], [{ line_id: L2, quantity: 1 }], 'P'),
    ).discount_total;
    // No rounding on the invoice: the credit note's discount has none either.
    const plain = buildCreditNote({ ...rounded, discount: { type: 'amount', value: 96 } }, [], [{ line_id: L2, quantity: 1 }], 'P');
    expect(plain.discount).toEqual({ type: 'amount', value: share });
  });

  it('an amount discount comes back in proportion, the rest with the last credit note', () => {
    const disc: CreditSource = { ...invoice, fee_ids: ['vat'], discount: { type: 'amount', value: 100_001 } };
    const whole = computeInvoiceTotals(disc);
    const a = buildCreditNote(disc, [], [{ line_id: L1, quantity: 1 }], 'One');
    const b = buildCreditNote(
      disc,
      [prior(a)],
      [
        { line_id: L1, quantity: 1 },
        { line_id: L2, quantity: 1 },
      ],
      'Rest',
    );
    const ta = computeInvoiceTotals(a);
    const tb = computeInvoiceTotals(b);
    expect(ta.discount_total + tb.discount_total).toBe(100_001);
    // The last credit note takes what is left of each line's discount and VAT: exact (t19 N8).
    expect(ta.tax_total + tb.tax_total).toBe(whole.tax_total);
    expect(ta.total_due + tb.total_due).toBe(whole.total_due);
    // Not so for a percentage discount: exact.
    const pct: CreditSource = { ...disc, discount: { type: 'percentage', value: 1000 } };
    const pa = buildCreditNote(pct, [], [{ line_id: L2, quantity: 1 }], 'One');
    const pb = buildCreditNote(pct, [prior(pa)], [{ line_id: L1, quantity: 2 }], 'Rest');
    expect(computeInvoiceTotals(pa).total_due + computeInvoiceTotals(pb).total_due).toBe(computeInvoiceTotals(pct).total_due);
  });

  it("a percentage rounded once on the subtotal comes back as the credited lines' shares (t18 Z2)", () => {
    // Three lines of 0.05 at 10%: per line 0.01 each would come back 3 times; once on the total it is 0.02 in all.
    const lines = ['a', 'b', 'c'].map((id) => ({
      id: `00000000-0000-4000-8000-00000000000${id === 'a' ? 1 : id === 'b' ? 2 : 3}`,
      description: id,
      quantity: 1,
      unit_price: 5,
      fee_ids: [],
    }));
    const once: CreditSource = { ...invoice, lines, fee_ids: [], discount: { type: 'percentage', value: 1000, round_on: 'total' } };
    const whole = computeInvoiceTotals(once);
    expect(whole.discount_total).toBe(2);
    const notes: ReturnType<typeof buildCreditNote>[] = [];
    for (const l of lines) notes.push(buildCreditNote(once, notes.map(prior), [{ line_id: l.id, quantity: 1 }], l.description));
    const totals = notes.map((n) => computeInvoiceTotals(n));
    expect(totals.reduce((s, t) => s + t.discount_total, 0)).toBe(2);
    expect(totals.reduce((s, t) => s + t.total_due, 0)).toBe(whole.total_due);
  });

  it('lowers the invoice balance; fully credited it owes nothing and is credited', () => {
    const total = computeInvoiceTotals(invoice).total_due;
    const { record, credited_total } = creditNoteCommand(
      invoice,
      [],
      { id: 'c1', number: 'CN-0001', public_id: 'p', reason: 'One chair', picks: [{ line_id: L1, quantity: 1 }], time_zone: 'Africa/Nairobi' },
      new Date('2026-03-10T22:30:00Z'),
    );
    expect(record).toMatchObject({ kind: 'credit_note', number: 'CN-0001', issue_date: '2026-03-11', status: 'sent', credited_invoice_id: invoice.id });
    expect(credited_total).toBe(580_000);
    const after = invoiceTotalsAndStatus({ ...invoice, kind: 'invoice', sent_at: 'x', credited: credited_total, payments: [{ amount: 1_000_000 }] });
    expect(after.balance).toBe(total - 1_000_000 - 580_000);
    expect(after.status).toBe('partially_paid');
    const full = invoiceTotalsAndStatus({ ...invoice, kind: 'invoice', sent_at: 'x', credited: total });
    // Taken back whole and never paid: credited, not paid (issue 26 F2).
    expect(full).toMatchObject({ balance: 0, status: 'credited' });
    const cnTotals = invoiceTotalsAndStatus({ ...record, kind: 'credit_note' });
    expect(cnTotals).toMatchObject({ total_due: 580_000, balance: 0, status: 'sent' });
  });

  it("carries KRA's reason code when one is chosen, and refuses a code KRA does not have", () => {
    const pick = [{ line_id: L1, quantity: 1 }];
    expect(buildCreditNote(invoice, [], pick, 'Wet bags').credit_reason_code).toBeNull();
    expect(buildCreditNote(invoice, [], pick, 'Wet bags', '03').credit_reason_code).toBe('03');
    expect(rule(() => buildCreditNote(invoice, [], pick, 'Wet bags', '07'))).toBe('badReasonCode');
    expect(rule(() => buildCreditNote(invoice, [], pick, 'Wet bags', ''))).toBe('badReasonCode');
    const { record } = creditNoteCommand(
      invoice,
      [],
      { id: 'c1', number: 'CN-0001', public_id: 'p', reason: 'Wet bags', reason_code: '04', picks: pick, time_zone: 'Africa/Nairobi' },
      new Date('2026-03-10T10:00:00Z'),
    );
    expect(record.credit_reason_code).toBe('04');
    // The REST body and the synced record check it with the same list.
    const body = { lines: [{ line_id: L1, quantity: 1 }], reason: 'Wet bags' };
    expect(creditNoteCreateBody.safeParse({ ...body, reason_code: '05' }).success).toBe(true);
    expect(creditNoteCreateBody.safeParse(body).success).toBe(true);
    const bad = creditNoteCreateBody.safeParse({ ...body, reason_code: '13' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toContain('Choose one of the credit note reasons');
    expect(invoiceSyncDataSchema.shape.credit_reason_code.safeParse('99').success).toBe(false);
    expect(invoiceSyncDataSchema.shape.credit_reason_code.parse(undefined)).toBeNull();
  });
});
