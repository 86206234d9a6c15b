import { describe, expect, it } from 'vitest';
import {
  convertedInvoiceId,
  convertQuoteCommand,
  duplicateCommand,
  InvoiceCommandError,
  markSentCommand,
  paymentDateProblem,
  recordPaymentCommand,
  voidCommand,
  type CommandInvoice,
} from './commands';
import { invoiceSyncDataSchema } from './schemas';
import { assertNewPaymentDates } from './write';
import { COMMAND_INVOICE } from './fixture';

const NOW = new Date('2026-03-10T09:00:00Z');
const base = COMMAND_INVOICE;
const quote: CommandInvoice = { ...base, id: '9f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a', kind: 'quote', number: 'QUO-0001' };
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof InvoiceCommandError ? `${e.code}: ${e.message}` : String(e);
  }
  return null;
};

describe('recordPaymentCommand', () => {
  const pay = { id: '1f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a', amount: 4_000, method: 'cash' as const, date: '2026-03-10' };
  it('adds the payment and counts the invoice as sent', () => {
    const { changes, records } = recordPaymentCommand(base, pay, NOW);
    expect(changes.payments).toEqual([{ ...pay, reference: '' }]);
    expect(changes.sent_at).toBe(NOW.toISOString());
    expect(records).toEqual([]);
    expect(recordPaymentCommand({ ...base, sent_at: '2026-03-02T00:00:00.000Z' }, pay, NOW).changes.sent_at).toBe('2026-03-02T00:00:00.000Z');
  });
  it('takes a payment on a counter sale left owed, never on a credit note (issue 26 F7)', () => {
    const sale = { ...base, kind: 'sale' as const, number: 'SAL-0001', sent_at: '2026-03-02T00:00:00.000Z' };
    expect(recordPaymentCommand(sale, pay, NOW).changes.payments).toEqual([{ ...pay, reference: '' }]);
    expect(code(() => recordPaymentCommand({ ...sale, payments: [{ ...pay, id: 'x', amount: 10_000, reference: '' }] }, pay, NOW))).toMatch(
      /^unprocessable: The payment is more than the balance due/,
    );
    expect(code(() => recordPaymentCommand({ ...base, kind: 'credit_note' }, pay, NOW))).toMatch(/^unprocessable: A credit note cannot take payments/);
    expect(code(() => recordPaymentCommand(sale, pay, NOW))).toBeNull();
  });
  it('refuses quotes, void invoices, a known payment and more than the balance', () => {
    expect(code(() => recordPaymentCommand(quote, pay, NOW))).toMatch(/^unprocessable: A quote cannot take payments/);
    expect(code(() => recordPaymentCommand({ ...base, voided_at: NOW.toISOString() }, pay, NOW))).toMatch(/^conflict: This invoice is void/);
    expect(code(() => recordPaymentCommand({ ...base, payments: [{ ...pay, reference: '' }] }, pay, NOW))).toMatch(
      /^conflict: This payment is already recorded/,
    );
    expect(code(() => recordPaymentCommand(base, { ...pay, amount: 10_001 }, NOW))).toMatch(
      /^unprocessable: The payment is more than the balance due \(NGN ?100\)/,
    );
    expect(code(() => recordPaymentCommand(base, { ...pay, amount: 10_000 }, NOW))).toBeNull();
  });
  it('refuses a payment dated before the issue date; the issue day itself is fine (device and server alike)', () => {
    expect(code(() => recordPaymentCommand(base, { ...pay, date: '2026-02-28' }, NOW))).toBe(
      "unprocessable: The payment date 2026-02-28 is before the invoice's issue date 2026-03-01. Enter 2026-03-01 or a later date.",
    );
    expect(code(() => recordPaymentCommand(base, { ...pay, date: '2026-03-01' }, NOW))).toBeNull();
    expect(paymentDateProblem('2026-03-01', '2026-03-01')).toBeNull();
    expect(paymentDateProblem('2026-02-28', '2026-03-01')).toMatch(/before the invoice's issue date/);
  });
});

describe('assertNewPaymentDates (a synced write)', () => {
  const early = { id: 'p1', amount: 1, method: 'cash' as const, date: '2026-02-27', reference: '' };
  it('refuses a new typed payment before the issue date, never one stored before nor a provider’s', () => {
    expect(code(() => assertNewPaymentDates([], [early], '2026-03-01'))).toMatch(/^unprocessable: The payment date 2026-02-27/);
    expect(code(() => assertNewPaymentDates([early], [early], '2026-03-01'))).toBeNull();
    expect(code(() => assertNewPaymentDates([], [{ ...early, provider: 'paystack' }], '2026-03-01'))).toBeNull();
    expect(code(() => assertNewPaymentDates([], [{ ...early, date: '2026-03-01' }], '2026-03-01'))).toBeNull();
  });

  it('with the business’s today, refuses a new typed payment after it (t20: a device push took one dated 2031)', () => {
    const later = { ...early, date: '2026-03-05' };
    expect(code(() => assertNewPaymentDates([], [later], '2026-03-01', '2026-03-04'))).toMatch(
      /^unprocessable: The payment date 2026-03-05 is after today \(2026-03-04\)/,
    );
    expect(code(() => assertNewPaymentDates([], [later], '2026-03-01', '2026-03-05'))).toBeNull();
    expect(code(() => assertNewPaymentDates([later], [later], '2026-03-01', '2026-03-04'))).toBeNull();
    expect(code(() => assertNewPaymentDates([], [{ ...later, provider: 'paystack' }], '2026-03-01', '2026-03-04'))).toBeNull();
  });
});

describe('markSentCommand and voidCommand', () => {
  it('set the time once', () => {
    expect(markSentCommand(base, undefined, NOW).changes).toEqual({ sent_at: NOW.toISOString() });
    expect(markSentCommand({ ...base, sent_at: 'x' }, undefined, NOW).changes).toEqual({});
    expect(code(() => markSentCommand({ ...base, voided_at: 'x' }, undefined, NOW))).toMatch(/^conflict: This invoice is void/);
    expect(voidCommand(base, undefined, NOW).changes).toEqual({ voided_at: NOW.toISOString() });
    expect(voidCommand({ ...base, voided_at: 'x' }, undefined, NOW).changes).toEqual({});
  });

  it('refuses to void an invoice that holds real payments, saying what was paid (t19 N7); TEST MODE payments are no money', () => {
    const paid = { ...base, currency: 'ZMW', payments: [{ id: 'p1', amount: 25_050, method: 'cash' as const, date: '2026-03-01', reference: '' }] };
    expect(code(() => voidCommand(paid, undefined, NOW))).toBe(
      'conflict: K250.50 was paid on this invoice: it cannot be voided while it holds payments. ' +
        'Issue a credit note for the whole invoice instead: it takes the invoice back and shows the refund due to the client.',
    );
    const testOnly = { ...paid, payments: [{ ...paid.payments[0], test: true }] };
    expect(voidCommand(testOnly, undefined, NOW).changes).toEqual({ voided_at: NOW.toISOString() });
    // A counter sale too (t19: its void left no record the cash went back): a credit note takes it back.
    expect(code(() => voidCommand({ ...paid, kind: 'sale' }, undefined, NOW))).toBe(
      'conflict: K250.50 was paid on this sale: it cannot be voided while it holds payments. ' +
        'Issue a credit note for the whole sale instead: it takes the sale back and shows the refund due to the customer.',
    );
    expect(voidCommand({ ...testOnly, kind: 'sale' }, undefined, NOW).changes).toEqual({ voided_at: NOW.toISOString() });
  });
});

describe('convertQuoteCommand', () => {
  const input = { number: 'INV-0009', public_id: 'ZYXWVUTSRQPONMLKJIHGFE', due_days: 14, time_zone: 'Africa/Lagos' };
  it('makes one invoice linked both ways, with an id derived from the quote', () => {
    const { changes, records } = convertQuoteCommand(quote, input, NOW);
    expect(records).toHaveLength(1);
    const inv = records[0];
    expect(inv.id).toBe(convertedInvoiceId(quote.id));
    expect(changes).toEqual({ converted_invoice_id: inv.id });
    expect(inv).toMatchObject({
      kind: 'invoice',
      number: 'INV-0009',
      quote_id: quote.id,
      issue_date: '2026-03-10',
      due_date: '2026-03-24',
      status: 'draft',
      payments: [],
      public_id: input.public_id,
    });
    expect(inv.lines).toEqual(quote.lines);
    // The invoice passes the server's schema.
    expect(invoiceSyncDataSchema.safeParse(inv).success).toBe(true);
  });
  it('converting the same quote twice (two devices, or offline then online) gives the same invoice id', () => {
    const a = convertQuoteCommand(quote, input, NOW).records[0];
    const b = convertQuoteCommand(quote, { ...input, number: 'INV-0010', public_id: 'another_random_link_id' }, new Date('2026-03-11T09:00:00Z')).records[0];
    expect(a.id).toBe(b.id);
    expect(convertedInvoiceId(quote.id.toUpperCase())).toBe(a.id);
    expect(convertedInvoiceId(base.id)).not.toBe(a.id);
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
  it('refuses an invoice, a void quote and a quote already converted', () => {
    expect(code(() => convertQuoteCommand(base, input, NOW))).toMatch(/^conflict: Only a quote/);
    expect(code(() => convertQuoteCommand({ ...quote, voided_at: 'x' }, input, NOW))).toMatch(/^conflict: This quote is void/);
    expect(code(() => convertQuoteCommand({ ...quote, converted_invoice_id: base.id }, input, NOW))).toMatch(/^conflict: This quote was already converted/);
  });
});

describe('duplicateCommand', () => {
  it('copies as a new draft issued today, due as many days later', () => {
    const src = {
      ...base,
      status: 'paid' as const,
      sent_at: 'x',
      payments: [{ id: 'p', amount: 10_000, method: 'cash' as const, date: '2026-03-02', reference: '' }],
    };
    const { records } = duplicateCommand(src, { id: 'new', number: 'INV-0002', public_id: 'p2', line_ids: ['l2'], time_zone: 'Africa/Nairobi' }, NOW);
    expect(records[0]).toMatchObject({
      id: 'new',
      number: 'INV-0002',
      issue_date: '2026-03-10',
      due_date: '2026-03-24',
      status: 'draft',
      sent_at: null,
      payments: [],
      quote_id: null,
      public_id: 'p2',
    });
    expect(records[0].lines[0].id).toBe('l2');
    expect(duplicateCommand(src, { id: 'q', kind: 'quote', number: 'QUO-0002', public_id: 'p3', time_zone: 'UTC' }, NOW).records[0].kind).toBe('quote');
  });
});
