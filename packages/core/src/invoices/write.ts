/**
 * What every write of an invoice or quote obeys, wherever it is made (the device's editor, the server's REST
 * routes and sync pushes): the field lists, the defaults of a new one, the facts that never go back, how
 * payments merge, and the create / edit / finish commands (issue 24). Pure: no clock, no random ids, no
 * storage; the caller passes `now`, the ids and the user's settings. The server adds only what needs its
 * database (numbering, the client's existence, public-id uniqueness).
 */
import { addDays } from '../constants/dates';
import { assertPaymentDate, type CommandInvoice, INVOICE_COMMAND_MESSAGES, InvoiceCommandError } from './commands';
import { formatMoney } from '../amounts/format';
import type { InvoiceFeeInput } from '../amounts/math';
import type { InvoiceLine, InvoicePayment } from './schemas';
import { invoiceLineSchema } from './schemas';
import type { InvoiceDefaults } from './settings';
import { canonical, sameJson } from '../canonical';
import type { Language } from '../constants/languages';
import { parseScaledText } from '../moneyText';
import { checkRule, type RuleResult } from '../rules/codes';
import type { InvoiceKind } from './status';
import { businessToday } from './today';
import { refusal } from '../records/refusals';

/** Every stored field of an invoice or quote (besides id, version and timestamps), in the API's order. */
export const INVOICE_FIELDS = [
  'kind',
  'number',
  'contact_id',
  'issue_date',
  'due_date',
  'currency',
  'lines',
  'fees',
  'fee_ids',
  'discount',
  'notes',
  'terms',
  'payment_instructions',
  'part_payments',
  'exchange_rate',
  'payments',
  'subtotal',
  'discount_total',
  'tax_total',
  'fee_total',
  'total_due',
  'amount_paid',
  'balance',
  'credited_total',
  'credited_invoice_id',
  'credit_reason',
  'credit_reason_code',
  'status',
  'public_id',
  'sent_at',
  'finished_at',
  'voided_at',
  'quote_id',
  'converted_invoice_id',
  'declined_at',
  'decline_reason',
  'notice',
] as const;
export type InvoiceField = (typeof INVOICE_FIELDS)[number];

/** Fields a device or an owner may write; the others are facts set by commands or derived. */
export const INVOICE_EDITABLE_FIELDS = [
  'number',
  'contact_id',
  'issue_date',
  'due_date',
  'currency',
  'lines',
  'fees',
  'fee_ids',
  'discount',
  'notes',
  'terms',
  'payment_instructions',
  'part_payments',
  'exchange_rate',
] as const;

/** The fields that change what an invoice charges. */
export const INVOICE_MONEY_FIELDS = ['lines', 'fees', 'fee_ids', 'discount', 'currency'] as const;

/**
 * The value of every field of a record that has none yet (a new one, or one stored before the field existed).
 * The client has none (a write must name it) and a due date left out is the user's default (fillInvoiceDefaults).
 */
export const INVOICE_FIELD_DEFAULTS = {
  kind: 'invoice',
  number: '',
  issue_date: '',
  currency: '',
  lines: [],
  fees: [],
  fee_ids: [],
  discount: null,
  notes: '',
  terms: '',
  payment_instructions: '',
  part_payments: null,
  exchange_rate: null,
  payments: [],
  subtotal: 0,
  discount_total: 0,
  tax_total: 0,
  fee_total: 0,
  total_due: 0,
  amount_paid: 0,
  balance: 0,
  credited_total: 0,
  credited_invoice_id: null,
  credit_reason: null,
  credit_reason_code: null,
  status: 'draft',
  public_id: '',
  sent_at: null,
  finished_at: null,
  voided_at: null,
  quote_id: null,
  converted_invoice_id: null,
  declined_at: null,
  decline_reason: null,
  notice: null,
} as const satisfies Record<Exclude<InvoiceField, 'contact_id' | 'due_date'>, unknown>;

/** The fields of a new invoice or quote, fresh copies of the defaults. */
export function invoiceFieldDefaults(): Record<string, unknown> {
  return structuredClone(INVOICE_FIELD_DEFAULTS) as Record<string, unknown>;
}

export interface NewInvoiceInput {
  id: string;
  kind: InvoiceKind;
  number: string;
  public_id: string;
  /** The user's invoice settings (core's invoiceDefaults). */
  defaults: Pick<InvoiceDefaults, 'currency' | 'due_days' | 'payment_instructions'>;
  /** The fees chosen by default (Fees tab 'default on'). */
  fees?: InvoiceFeeInput[];
  /** Today in the business's time zone (core's businessToday): the issue date. */
  today: string;
}

/** A new record's fields besides CommandInvoice's: zero totals, no part-payment say, no decline. */
export interface NewInvoiceExtras {
  part_payments: boolean | null;
  exchange_rate: number | null;
  declined_at: string | null;
  decline_reason: string | null;
  subtotal: number;
  discount_total: number;
  tax_total: number;
  fee_total: number;
  total_due: number;
  amount_paid: number;
  balance: number;
  credited_total: number;
  credited_invoice_id: string | null;
  credit_reason: string | null;
  credit_reason_code: string | null;
}

/** Create: a new, empty draft with the user's defaults, issued today and due after the usual number of days. */
export function newInvoiceCommand(input: NewInvoiceInput): Omit<CommandInvoice, 'lines'> & { lines: InvoiceLine[] } & NewInvoiceExtras {
  const today = input.today;
  const fees = input.fees ?? [];
  return {
    id: input.id,
    kind: input.kind,
    number: input.number,
    contact_id: null,
    issue_date: today,
    due_date: addDays(today, input.defaults.due_days),
    currency: input.defaults.currency,
    lines: [],
    fees,
    fee_ids: fees.map((f) => f.id),
    discount: null,
    notes: '',
    terms: '',
    payment_instructions: input.defaults.payment_instructions,
    part_payments: null,
    exchange_rate: null,
    public_id: input.public_id,
    status: 'draft',
    sent_at: null,
    finished_at: null,
    voided_at: null,
    converted_invoice_id: null,
    quote_id: null,
    declined_at: null,
    decline_reason: null,
    payments: [],
    subtotal: 0,
    discount_total: 0,
    tax_total: 0,
    fee_total: 0,
    total_due: 0,
    amount_paid: 0,
    balance: 0,
    credited_total: 0,
    credited_invoice_id: null,
    credit_reason: null,
    credit_reason_code: null,
  };
}

/**
 * The fields a write leaves out, from the user's settings: the currency, an issue date of today (in the
 * business's time zone), a due date after the usual days, and (on a new one) the payment instructions.
 */
export function fillInvoiceDefaults<T extends Record<string, unknown>>(
  data: T,
  settings: Pick<InvoiceDefaults, 'currency' | 'due_days' | 'payment_instructions'> & { time_zone: string },
  isNew: boolean,
  now: Date,
): T {
  const out: Record<string, unknown> = { ...data };
  if (!out.currency) out.currency = settings.currency;
  if (!out.issue_date) out.issue_date = businessToday(now, settings.time_zone);
  if (out.due_date === undefined)
    out.due_date = typeof out.issue_date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(out.issue_date) ? addDays(out.issue_date, settings.due_days) : null;
  if (isNew && !out.payment_instructions && settings.payment_instructions) out.payment_instructions = settings.payment_instructions;
  return out as T;
}

/**
 * Finish: the invoice is ready (Finish pressed); with `send`, it is sent too (created already sent). What was
 * finished or sent stays so; a void one changes no more.
 */
export function finishCommand<T extends Pick<CommandInvoice, 'finished_at' | 'sent_at' | 'voided_at'>>(
  inv: T,
  input: { send?: boolean } | undefined,
  now: Date,
): { changes: Partial<T> } {
  const changes: Partial<Pick<CommandInvoice, 'finished_at' | 'sent_at'>> = {};
  if (inv.voided_at) return { changes: changes as Partial<T> };
  if (!inv.finished_at) changes.finished_at = now.toISOString();
  if (input?.send && !inv.sent_at) changes.sent_at = now.toISOString();
  return { changes: changes as Partial<T> };
}

/** The facts of a create: a status of 'ready' finishes it, 'sent' finishes and sends it, 'draft' neither. */
export function createFacts(status: 'draft' | 'ready' | 'sent', now: Date): { finished_at?: string; sent_at?: string } {
  if (status === 'draft') return {};
  return finishCommand({ finished_at: null, sent_at: null, voided_at: null }, { send: status === 'sent' }, now).changes as {
    finished_at?: string;
    sent_at?: string;
  };
}

/** The editable fields a write changes. */
export function editedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return INVOICE_EDITABLE_FIELDS.filter((k) => !sameJson(after[k], before[k]));
}

/** Whether an edit changes what the invoice charges (lines, fees, discount, currency). */
export function moneyEdited(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  return INVOICE_MONEY_FIELDS.some((k) => !sameJson(after[k], before[k]));
}

type Stored = Record<string, unknown>;

/** True when a write changes nothing but voided_at (and maybe dismisses the notice): a void. */
export function isOnlyVoid(data: Stored, existing: Stored, removePaymentIds: string[], addedByServer: number): boolean {
  if (removePaymentIds.length || addedByServer) return false;
  if ((data.quote_id ?? null) !== (existing.quote_id ?? null) || (data.converted_invoice_id ?? null) !== (existing.converted_invoice_id ?? null)) return false;
  const incoming = (data.payments as InvoicePayment[] | undefined) ?? [];
  const known = new Set(((existing.payments as InvoicePayment[]) ?? []).map((p) => p.id));
  return (
    editedFields(existing, data).length === 0 &&
    incoming.every((p) => known.has(p.id)) &&
    data.kind === existing.kind &&
    (data.sent_at ?? null) === (existing.sent_at ?? null)
  );
}

/** Edit: what an existing record refuses (a change of kind; any change once void, bar a card payment the provider took). */
export function assertEditable(data: Stored, existing: Stored): void {
  if (data.kind !== existing.kind)
    throw new InvoiceCommandError('conflict', 'An invoice cannot change kind. Convert the quote instead.', { kind: 'Cannot change' }, refusal('kind_change'));
  if (existing.voided_at) {
    const touched = INVOICE_EDITABLE_FIELDS.filter((k) => JSON.stringify(canonical(data[k]) ?? null) !== JSON.stringify(existing[k] ?? null));
    const newPayments = ((data.payments as InvoicePayment[]) ?? []).some((p) => !(existing.payments as InvoicePayment[]).some((e) => e.id === p.id));
    if (touched.length || newPayments)
      throw new InvoiceCommandError('conflict', 'This invoice is void and cannot be changed', undefined, refusal('void_locked'));
  }
}

/**
 * Facts that never go back once set (finished, sent, voided) and those only the server records (a customer's
 * decline); the notice is kept unless the write dismisses it (null).
 */
export function keptFacts(data: Stored, existing: Stored | null, decline?: { at: string; reason: string }): Stored {
  return {
    sent_at: existing?.sent_at ?? data.sent_at ?? null,
    finished_at: existing?.finished_at ?? data.finished_at ?? null,
    voided_at: existing?.voided_at ?? data.voided_at ?? null,
    notice: data.notice === null ? null : (existing?.notice ?? null),
    declined_at: decline?.at ?? existing?.declined_at ?? null,
    decline_reason: decline?.reason ?? existing?.decline_reason ?? null,
  };
}

/**
 * Payments merge by id and are never dropped: a device's list updates those it knows, `remove` takes some
 * away (never a card payment), and those the provider recorded (`fromProvider`) are added when missing.
 */
export function mergePayments(existing: InvoicePayment[], incoming: InvoicePayment[], remove: string[], fromProvider: InvoicePayment[]): InvoicePayment[] {
  const byId = new Map(existing.map((p) => [p.id, p]));
  const recordedByProvider = new Set(fromProvider.map((p) => p.id));
  for (const p of incoming) {
    const cur = byId.get(p.id);
    if (cur?.provider || recordedByProvider.has(p.id)) continue; // a card payment recorded by the provider never changes
    // Only the server records a provider's payment: what a device sends is a typed payment, whatever it claims,
    // so it meets the balance check and can be removed like any other (issue 22).
    const { provider: _provider, provider_ref: _ref, test: _test, ...typed } = p;
    byId.set(p.id, typed);
  }
  for (const id of remove) {
    const cur = byId.get(id);
    if (cur?.provider)
      throw new InvoiceCommandError(
        'conflict',
        'A card payment cannot be removed',
        { remove_payment_ids: 'Card payments stay on the invoice' },
        refusal('card_payment_kept'),
      );
    byId.delete(id);
  }
  for (const p of fromProvider) if (!byId.has(p.id)) byId.set(p.id, p);
  return [...byId.values()];
}

/**
 * Payments typed on a device or sent by the API that the stored invoice did not have yet are dated on or after its
 * issue date (core's paymentDateProblem) and, given the business's `today`, not after it (paymentFutureProblem; t20:
 * the form and REST refused a 2031 payment, a device's push took it). A provider's payment (real money the customer
 * paid online) is never refused, nor is a payment stored before this rule.
 */
export function assertNewPaymentDates(existing: readonly InvoicePayment[], payments: readonly InvoicePayment[], issueDate: string, today?: string): void {
  const known = new Set(existing.map((p) => p.id));
  for (const p of payments) if (!known.has(p.id) && !p.provider) assertPaymentDate(p.date, issueDate, 'payments', today);
}

/** A quote takes no payments. */
export function assertPaymentsAllowed(kind: InvoiceKind, payments: readonly unknown[]): void {
  if (kind === 'quote' && payments.length)
    throw new InvoiceCommandError('unprocessable', INVOICE_COMMAND_MESSAGES.quotePayment, { payments: 'Not allowed on a quote' }, refusal('quote_payment'));
}

/**
 * Edit of a paid or part-paid invoice (issue 14): allowed while what was paid stays within the new total;
 * the English refusal, or null.
 */
export function paidAboveTotal(totals: { total_due: number; amount_paid: number }, currency: string): string | null {
  if (totals.amount_paid <= totals.total_due) return null;
  const paid = formatMoney(totals.amount_paid, currency);
  return `The new total ${formatMoney(totals.total_due, currency)} is less than the ${paid} already paid. Keep the total at least ${paid}.`;
}

/**
 * A quantity as a person types it in the screen's language (the money rules of moneyText.ts: fr '2,5' → 2.5,
 * en '1,000' → 1000, en and sw '1,5' refused as ambiguous, never read as 15), checked by core's line rule.
 * Every quantity field (invoice lines, the counter, stock received) reads through this, so none can differ.
 */
export function readQuantityText(text: string, language: Language): { ok: true; quantity: number } | { ok: false; problem: RuleResult } {
  const field = { field: 'quantity' };
  const read = parseScaledText(text.trim().replace(/^-(?=\d)/, ''), language, 3);
  if (!read.ok) {
    if (read.problem === 'decimals') return { ok: false, problem: { code: 'quantity_decimals', params: { decimals: 3, ...field } } };
    return { ok: false, problem: { code: 'invalid', params: field } };
  }
  // A minus typed in front is kept for the rule, which refuses it with its own words (more than 0).
  const quantity = (text.trim().startsWith('-') ? -read.minor : read.minor) / 1000;
  const issue = checkRule(invoiceLineSchema.shape.quantity, quantity);
  return issue ? { ok: false, problem: { code: issue.code, params: { ...issue.params, ...field } } } : { ok: true, quantity };
}

const QUANTITY_TEXT = /^\d+(\.\d*)?$/;

/** A quantity as typed ('1.5', '1,000') → the number, when core's line rule takes it (> 0, at most 3 decimals, within the limit); else null. */
export function parseQuantityText(text: string): number | null {
  const t = text.trim().replace(/,/g, '');
  if (!QUANTITY_TEXT.test(t)) return null;
  const n = Number(t);
  return invoiceLineSchema.shape.quantity.safeParse(n).success ? n : null;
}
