/**
 * Invoice commands, the same on the device (offline) and on the server: pure functions
 * `(invoice, input, now) → changes` that check the rules and say what to write. Nothing here reads a clock,
 * draws random ids or touches storage: the caller passes `now`, the ids and the business's time zone, then
 * saves `changes` on the invoice and any `records` beside it (e.g. the invoice a quote becomes).
 */
import { businessToday } from './today';
import { computeInvoiceTotals, type InvoiceDiscount, type InvoiceFeeInput, type InvoiceMathInput, roundedOnTotal } from '../amounts/math';
import { formatInvoiceMoney } from '../amounts/format';
import type { InvoicePayment, InvoicePaymentMethod } from './schemas';
import { type InvoiceKind, type InvoiceStatus, isBilledKind } from './status';
import { addDays } from '../constants/dates';
import { voidPaidProblem } from './void-rules';
import { refusal, type Refusal } from '../records/refusals';

/** The fields of an invoice or quote the commands read (the device's and the server's records both have them). */
export interface CommandInvoice {
  id: string;
  kind: InvoiceKind;
  number: string;
  contact_id: string | null;
  issue_date: string;
  due_date: string | null;
  currency: string;
  lines: Array<{ id: string; catalog_id?: string | null; description: string; quantity: number; unit_price: number; fee_ids?: string[] }>;
  fees: InvoiceFeeInput[];
  fee_ids: string[];
  discount: InvoiceDiscount | null;
  notes: string;
  terms: string;
  payment_instructions: string;
  public_id: string;
  status: InvoiceStatus;
  sent_at: string | null;
  finished_at?: string | null;
  voided_at: string | null;
  converted_invoice_id: string | null;
  quote_id?: string | null;
  payments: InvoicePayment[];
  /** What credit notes took off it (issue 26): lowers the balance; beyond what was unpaid, a refund is due. */
  credited_total?: number;
}

/** A command refused: `code` is the HTTP meaning (409 conflict, 422 unprocessable, 400 validation_failed); `fields` name what to fix. */
export class InvoiceCommandError extends Error {
  constructor(
    readonly code: 'conflict' | 'unprocessable' | 'validation_failed',
    message: string,
    readonly fields?: Record<string, string>,
    /** Which refusal this is, with its values (core's REFUSAL_REASONS): a device words it in its language. */
    readonly refusal?: Refusal,
  ) {
    super(message);
    this.name = 'InvoiceCommandError';
  }
}

/**
 * What a command writes: `changes` on the invoice it ran on, and whole new records (ids chosen by the command;
 * only the fields of CommandInvoice: totals and status are derived by whoever stores them).
 */
export interface CommandResult<T extends CommandInvoice = CommandInvoice> {
  changes: Partial<T>;
  records: CommandInvoice[];
}

/** The CommandInvoice fields of a record (drops versions, timestamps, totals, notices). */
function pick(inv: CommandInvoice): CommandInvoice {
  return {
    id: inv.id,
    kind: inv.kind,
    number: inv.number,
    contact_id: inv.contact_id,
    issue_date: inv.issue_date,
    due_date: inv.due_date,
    currency: inv.currency,
    lines: inv.lines.map((l) => ({ ...l })),
    fees: inv.fees.map((f) => ({ ...f })),
    fee_ids: [...inv.fee_ids],
    discount: inv.discount ? { ...inv.discount } : null,
    notes: inv.notes,
    terms: inv.terms,
    payment_instructions: inv.payment_instructions,
    public_id: inv.public_id,
    status: inv.status,
    sent_at: inv.sent_at,
    finished_at: inv.finished_at ?? null,
    voided_at: inv.voided_at,
    converted_invoice_id: inv.converted_invoice_id,
    quote_id: inv.quote_id ?? null,
    payments: inv.payments.map((p) => ({ ...p })),
  };
}

/** A refund recorded as tax withheld: refused (the money went back some way). */
export function withholdingRefundError(): InvoiceCommandError {
  const message = INVOICE_COMMAND_MESSAGES.withholdingRefund;
  return new InvoiceCommandError('unprocessable', message, { method: message, payments: message }, refusal('withholding_refund'));
}

export const INVOICE_COMMAND_MESSAGES = {
  quotePayment: 'A quote cannot take payments. Convert it to an invoice first.',
  creditNotePayment: 'A credit note cannot take payments: it reduces what the client owes on its invoice. Record the payment on the invoice or sale.',
  voidPayment: 'This invoice is void and cannot take payments',
  paymentKnown: 'This payment is already recorded',
  voidSend: 'This invoice is void',
  notQuote: 'Only a quote can be converted to an invoice',
  voidQuote: 'This quote is void',
  converted: 'This quote was already converted',
  noRefundDue: 'Nothing is due back to the client: a refund is recorded once a credit note took back more than was left to pay.',
  withholdingRefund: 'A refund is money paid back to the client: it cannot be tax withheld. Choose how the money went back.',
  refundTestPayment: 'A refund paid out is money that left the till: it cannot be a TEST MODE payment.',
} as const;

const none = <T extends CommandInvoice>(): CommandResult<T> => ({ changes: {}, records: [] });

/** Pay: new payments never take more than the balance due before them. */
export function assertWithinBalance(inv: InvoiceMathInput & { currency: string }, adding: number): void {
  const { balance } = computeInvoiceTotals(inv);
  if (adding > balance) {
    const due = formatInvoiceMoney(balance, inv.currency);
    throw new InvoiceCommandError('unprocessable', `The payment is more than the balance due (${due})`, { amount: `At most ${due}` });
  }
}

/**
 * A refund paid out (t21 R1) never gives back more than the refund due before it: real money paid beyond what remains
 * owed once credit notes took their part (the same sum as status refundDueOf). `refunding` is the positive amount.
 */
export function assertWithinRefundDue(inv: InvoiceMathInput & { currency: string; credited?: number }, refunding: number): void {
  const { total_due, amount_paid } = computeInvoiceTotals({ ...inv, credited: 0 });
  const due = Math.max(0, amount_paid - Math.max(0, total_due - (inv.credited ?? 0)));
  if (due <= 0)
    throw new InvoiceCommandError(
      'unprocessable',
      INVOICE_COMMAND_MESSAGES.noRefundDue,
      { amount: INVOICE_COMMAND_MESSAGES.noRefundDue },
      refusal('no_refund_due'),
    );
  if (refunding > due) {
    const most = formatInvoiceMoney(due, inv.currency);
    throw new InvoiceCommandError(
      'unprocessable',
      `The refund is more than the refund due to the client (${most}). Enter ${most} or less.`,
      {
        amount: `At most ${most}`,
      },
      refusal('refund_above_due', { most: due, currency: inv.currency }),
    );
  }
}

/**
 * A payment cannot be dated before its invoice's issue date (the client had no invoice to pay yet): the refusal in
 * English, or null. ISO dates compare as text. The device's payment form checks the same rule before sending.
 */
export function paymentDateProblem(date: string, issueDate: string | null | undefined): string | null {
  if (!issueDate || !date || date >= issueDate) return null;
  return `The payment date ${date} is before the invoice's issue date ${issueDate}. Enter ${issueDate} or a later date.`;
}

/**
 * Nor after the business's today (t19: a cash payment dated 2031 was taken): money is recorded once received. The
 * refusal in English, or null. `today` is the business's day (core businessToday in its time zone).
 */
export function paymentFutureProblem(date: string, today: string | null | undefined): string | null {
  if (!today || !date || date <= today) return null;
  return `The payment date ${date} is after today (${today}): record a payment once it is received. Enter ${today} or an earlier date.`;
}

/** Refuses a payment dated before the invoice's issue date, or after `today` (422, on `field`: the REST body's date, or payments). */
export function assertPaymentDate(date: string, issueDate: string | null | undefined, field = 'date', today?: string): void {
  const problem = paymentDateProblem(date, issueDate);
  if (problem)
    throw new InvoiceCommandError(
      'unprocessable',
      problem,
      { [field]: `On or after the issue date ${issueDate}` },
      refusal('payment_before_issue', { date, issue_date: issueDate ?? '' }),
    );
  const future = paymentFutureProblem(date, today);
  if (future)
    throw new InvoiceCommandError(
      'unprocessable',
      future,
      { [field]: `On or before today, ${today}` },
      refusal('payment_future', { date, today: today ?? '' }),
    );
}

export interface PaymentCommandInput {
  id: string;
  amount: number;
  method: InvoicePaymentMethod;
  date: string;
  reference?: string;
  /** Money given back to the client (t21 R1): `amount` (more than 0) is what went back, at most the refund due. */
  refund?: true;
}

/**
 * Records a payment typed by the owner on an invoice or a counter sale (a sale part paid by pay link stays owed):
 * never on a quote or a credit note, never on a void document, never more than the balance.
 */
export function recordPaymentCommand<T extends CommandInvoice>(inv: T, input: PaymentCommandInput, now: Date, today?: string): CommandResult<T> {
  if (inv.kind === 'quote') throw new InvoiceCommandError('unprocessable', INVOICE_COMMAND_MESSAGES.quotePayment);
  if (!isBilledKind(inv.kind)) throw new InvoiceCommandError('unprocessable', INVOICE_COMMAND_MESSAGES.creditNotePayment);
  if (inv.voided_at) throw new InvoiceCommandError('conflict', INVOICE_COMMAND_MESSAGES.voidPayment);
  if (inv.payments.some((p) => p.id === input.id)) throw new InvoiceCommandError('conflict', INVOICE_COMMAND_MESSAGES.paymentKnown);
  // `today`: the business's day; a payment is never dated after it (t19).
  assertPaymentDate(input.date, inv.issue_date, 'date', today);
  if (input.refund) {
    // A refund paid out: stored as a payment with a negative amount (amount paid and Collected fall on its day).
    if (input.method === 'withholding') throw withholdingRefundError();
    assertWithinRefundDue({ ...inv, credited: inv.credited_total ?? 0 }, input.amount);
    const refund: InvoicePayment = {
      id: input.id,
      amount: -input.amount,
      method: input.method,
      date: input.date,
      reference: input.reference ?? '',
      refund: true,
    };
    return { changes: { payments: [...inv.payments, refund] } as Partial<T>, records: [] };
  }
  assertWithinBalance({ ...inv, credited: inv.credited_total ?? 0 }, input.amount);
  const payment: InvoicePayment = { id: input.id, amount: input.amount, method: input.method, date: input.date, reference: input.reference ?? '' };
  // A payment means the client had the invoice: it counts as sent from now on.
  return { changes: { payments: [...inv.payments, payment], sent_at: inv.sent_at ?? now.toISOString() } as Partial<T>, records: [] };
}

/** Marks an invoice or quote sent (e-mailed, shared, or marked by the owner); nothing changes if it already was. */
export function markSentCommand<T extends CommandInvoice>(inv: T, _input: Record<string, never> | undefined, now: Date): CommandResult<T> {
  if (inv.voided_at) throw new InvoiceCommandError('conflict', INVOICE_COMMAND_MESSAGES.voidSend);
  if (inv.sent_at) return none();
  return { changes: { sent_at: now.toISOString() } as Partial<T>, records: [] };
}

/** Voids an invoice or quote; voiding a void one changes nothing; one that holds real payments is refused (t19 N7). */
export function voidCommand<T extends CommandInvoice>(inv: T, _input: Record<string, never> | undefined, now: Date): CommandResult<T> {
  if (inv.voided_at) return none();
  const paid = voidPaidProblem(inv);
  if (paid) throw new InvoiceCommandError('conflict', paid, { payments: paid });
  return { changes: { voided_at: now.toISOString() } as Partial<T>, records: [] };
}

/**
 * The id of the invoice a quote becomes: derived from the quote's id, so converting the same quote on two
 * devices, or offline and then online, makes the same invoice (a second conversion is the same record, never
 * a duplicate). A UUID (version 8, RFC 9562) from two FNV-1a 64-bit hashes of the quote id.
 */
export function convertedInvoiceId(quoteId: string): string {
  const fnv = (seed: bigint) => {
    let h = seed;
    for (const ch of `duka:converted-invoice:${quoteId.toLowerCase()}`) {
      h ^= BigInt(ch.codePointAt(0) as number);
      h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
    }
    return h.toString(16).padStart(16, '0');
  };
  const hex = (fnv(0xcbf29ce484222325n) + fnv(0x84222325cbf29ce4n)).split('');
  hex[12] = '8'; // version 8
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16); // variant 10xx
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

export interface ConvertCommandInput {
  /** The invoice number (the device allocates one from its series; the server leaves it empty to take the next). */
  number: string;
  /** The new invoice's public link id (random, drawn by the caller). */
  public_id: string;
  /** Days from the issue date to the due date (the user's invoice settings). */
  due_days: number;
  /** The business's time zone: the issue date is "today" there. */
  time_zone: string;
}

/**
 * Quote → invoice. The quote records what it became (`changes.converted_invoice_id`); the new invoice
 * (`records[0]`, id from `convertedInvoiceId`) carries `quote_id`, is issued today in the business's time
 * zone and due after the usual number of days. A void quote, or one already converted, is refused.
 */
export function convertQuoteCommand<T extends CommandInvoice>(quote: T, input: ConvertCommandInput, now: Date): CommandResult<T> {
  if (quote.kind !== 'quote') throw new InvoiceCommandError('conflict', INVOICE_COMMAND_MESSAGES.notQuote);
  if (quote.voided_at) throw new InvoiceCommandError('conflict', INVOICE_COMMAND_MESSAGES.voidQuote, undefined, refusal('quote_void'));
  if (quote.converted_invoice_id) {
    throw new InvoiceCommandError(
      'conflict',
      INVOICE_COMMAND_MESSAGES.converted,
      { converted_invoice_id: quote.converted_invoice_id },
      refusal('quote_converted'),
    );
  }
  const id = convertedInvoiceId(quote.id);
  const issue = businessToday(now, input.time_zone);
  const invoice: CommandInvoice = {
    ...pick(quote),
    id,
    kind: 'invoice',
    number: input.number,
    issue_date: issue,
    due_date: addDays(issue, input.due_days),
    public_id: input.public_id,
    status: 'draft' as const,
    sent_at: null,
    finished_at: null,
    voided_at: null,
    converted_invoice_id: null,
    quote_id: quote.id,
    payments: [],
  };
  return { changes: { converted_invoice_id: id } as Partial<T>, records: [invoice] };
}

export interface DuplicateCommandInput {
  id: string;
  kind?: InvoiceKind;
  number: string;
  public_id: string;
  /** New ids for the copied lines, in order (ids left out keep the source's). */
  line_ids?: string[];
  time_zone: string;
}

/** A copy as a new draft issued today (in the business's time zone), due after as many days as the source. */
export function duplicateCommand<T extends CommandInvoice>(src: T, input: DuplicateCommandInput, now: Date): CommandResult<T> {
  const today = businessToday(now, input.time_zone);
  const days =
    src.due_date && src.issue_date
      ? Math.max(0, Math.round((Date.parse(`${src.due_date}T00:00:00Z`) - Date.parse(`${src.issue_date}T00:00:00Z`)) / 86_400_000))
      : null;
  const copy: CommandInvoice = {
    ...pick(src),
    id: input.id,
    kind: input.kind ?? src.kind,
    number: input.number,
    issue_date: today,
    due_date: days === null || Number.isNaN(days) ? src.due_date : addDays(today, days),
    lines: src.lines.map((l, i) => ({ ...l, id: input.line_ids?.[i] ?? l.id })),
    // A new document: its percentage taxes are rounded once on their totals (t22 V1), whatever the source kept.
    fees: src.fees.map((f) => roundedOnTotal({ ...f })),
    public_id: input.public_id,
    status: 'draft' as const,
    sent_at: null,
    finished_at: null,
    voided_at: null,
    converted_invoice_id: null,
    quote_id: null,
    payments: [],
  };
  return { changes: {}, records: [copy] };
}
