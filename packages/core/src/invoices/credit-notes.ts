/**
 * Credit notes (issue 26): a document of kind 'credit_note' that takes some lines of a sent invoice (or all
 * of it) back, with a reason. It has its own number series (CN-0001), is issued at once and never edited;
 * the invoice it credits keeps `credited_total` (the sum of its credit notes), which lowers its balance like
 * a payment does, so "who owes me", statements and reports follow.
 *
 * The credit note's lines are the invoice's lines (same ids, descriptions, prices and taxes) with the
 * quantities credited. The same function builds it on the device (offline) and on the server, so both
 * compute the same totals:
 * - a line is credited at most the quantity that remains (its quantity less earlier credit notes);
 * - percentage taxes and fees apply as on the invoice; a fixed fee (once per line, or once per invoice) comes
 *   back only with the credit note that takes the last of that line (or of the whole invoice), never twice;
 * - a percentage discount rounded per line applies as on the invoice; an amount discount, or a percentage rounded
 *   once on the subtotal (t18 Z2), comes back in proportion to what is credited;
 * - the credit note that takes the last of a line takes what is left of that line's amount, discount and
 *   percentage taxes and fees (the invoice's less earlier credit notes, not re-rounded: t19 N8), so the credit
 *   notes of a line, and of the whole invoice, add up to it exactly, each tax included.
 */
import { z } from 'zod';
import { CREDIT_REASON_CODES, CREDIT_REASON_MAX, creditReasonCodeSchema, isCreditReasonCode, type CreditReasonCode } from './credit-reasons';
import { creditRests, type PriorCreditParts } from './credit-rest';
import { computeInvoiceTotals, type CreditRest, divRound, type InvoiceDiscount, type InvoiceFeeInput, quantityToMilli } from '../amounts/math';
import type { CommandInvoice } from './commands';
import { INVOICE_LIMITS } from './schemas';
import type { InvoiceKind, InvoiceStatus } from './status';
import { businessToday } from './today';
import { discountRows, type RoundingDiscount } from '../mpesa/rounding';
import { documentRounding, wholeUnitsLast, wholeUnitsPart } from './credit-rounding';

/**
 * A credit note's share (`value`) of an amount discount, keeping the part of it that was the invoice's whole-shillings
 * rounding marked as such, in proportion (t22: the invoice said "Rounding" −KSh0.96, its credit note "Discount").
 */
function withRoundingShare(original: CreditSource, value: number): InvoiceDiscount {
  const total = computeInvoiceTotals(original).discount_total;
  const { rounding } = discountRows(original.discount, total);
  if (rounding <= 0 || total <= 0) return { type: 'amount', value };
  const share: RoundingDiscount = { type: 'amount', value, rounding: Math.min(value, divRound(BigInt(value) * BigInt(rounding), BigInt(total))) };
  return share;
}

export {
  CREDIT_QUANTITY_INPUT,
  CREDIT_REASON_CODE_NAMES,
  CREDIT_REASON_CODES,
  CREDIT_REASON_MAX,
  creditReasonCodeSchema,
  type CreditReasonCode,
  DEFAULT_CREDIT_REASON_CODE,
  isCreditReasonCode,
} from './credit-reasons';

/** Rule codes (the web names them in the owner's language) with the English text the server answers. */
export const CREDIT_NOTE_MESSAGES = {
  notInvoice: 'Only an invoice or a sale can be credited',
  voidInvoice: 'This invoice is void: there is nothing to credit',
  notSent: 'Send the invoice first: a draft or a ready invoice can still be edited instead',
  reasonRequired: 'Give the reason for the credit note',
  reasonTooLong: `Keep the reason within ${CREDIT_REASON_MAX} characters`,
  badReasonCode: `Choose one of the credit note reasons (${CREDIT_REASON_CODES.join(', ')})`,
  noLines: 'Choose at least one line and a quantity to credit',
  unknownLine: 'This line is not on the invoice',
  badQuantity: 'The quantity must be more than 0, with at most 3 decimals',
  tooMuch: 'More than remains to credit on this line',
  overTotal: 'The credit note would take more than remains creditable on the invoice',
  nothingLeft: 'This invoice is fully credited already',
  immutable: 'A credit note cannot be changed once issued',
  noPayments: 'A credit note takes no payments',
} as const;
export type CreditNoteRule = keyof typeof CREDIT_NOTE_MESSAGES;

export class CreditNoteError extends Error {
  override name = 'CreditNoteError';
  constructor(
    readonly rule: CreditNoteRule,
    readonly fields: Record<string, string> = {},
  ) {
    super(CREDIT_NOTE_MESSAGES[rule]);
  }
}

export interface CreditableLine {
  id: string;
  catalog_id?: string | null;
  description: string;
  quantity: number;
  unit_price: number;
  fee_ids?: string[];
  /** The credit note's line that takes the last of an invoice line: what was left of it (t19 N8; core's math). */
  credit_rest?: CreditRest | null;
}

/** The fields of the invoice being credited that the rules read. */
export interface CreditSource {
  id: string;
  kind: InvoiceKind | string;
  status: InvoiceStatus | string;
  voided_at?: string | null;
  contact_id: string | null;
  currency: string;
  lines: CreditableLine[];
  fees: InvoiceFeeInput[];
  fee_ids: string[];
  discount: InvoiceDiscount | null;
  /** Signed by the tax authority (issue 26): it can no longer be edited, so even a ready invoice is credited. */
  fiscalised?: boolean;
}

/** An earlier credit note of the same invoice (its lines as stored: their parts make the last credit note exact). */
export interface PriorCredit extends PriorCreditParts {
  total_due: number;
}

export interface CreditPick {
  line_id: string;
  quantity: number;
}

/** What a credit note holds besides its number, dates and ids. */
export interface CreditNoteData {
  kind: 'credit_note';
  credited_invoice_id: string;
  credit_reason: string;
  /** KRA's reason code (CREDIT_REASON_CODES); null: none chosen (sent as 06). */
  credit_reason_code: CreditReasonCode | null;
  contact_id: string | null;
  currency: string;
  lines: CreditableLine[];
  fees: InvoiceFeeInput[];
  fee_ids: string[];
  discount: InvoiceDiscount | null;
}

/** True when the invoice can be credited at all (sent or paid, not void). */
export function isCreditable(inv: Pick<CreditSource, 'kind' | 'status' | 'voided_at' | 'fiscalised'>): boolean {
  return creditSourceProblem(inv) === null;
}

/** A draft or ready invoice is edited rather than credited, unless the tax authority signed it (a fiscalised ready
 * invoice can no longer be edited: a credit note is the only way back). */
function creditSourceProblem(inv: Pick<CreditSource, 'kind' | 'status' | 'voided_at' | 'fiscalised'>): CreditNoteRule | null {
  if (inv.kind !== 'invoice' && inv.kind !== 'sale') return 'notInvoice';
  if (inv.voided_at || inv.status === 'void') return 'voidInvoice';
  if (inv.status === 'draft' || (inv.status === 'ready' && !inv.fiscalised)) return 'notSent';
  return null;
}

/** Quantity (in thousandths) that remains creditable per line of the invoice. */
export function remainingMilli(original: Pick<CreditSource, 'lines'>, prior: PriorCredit[]): Map<string, number> {
  const left = new Map(original.lines.map((l) => [l.id, quantityToMilli(l.quantity)]));
  for (const cn of prior) for (const l of cn.lines) if (left.has(l.id)) left.set(l.id, Math.max(0, (left.get(l.id) ?? 0) - quantityToMilli(l.quantity)));
  return left;
}

/** Quantity that remains creditable per line (same units as the invoice's quantities). */
export function remainingQuantities(original: Pick<CreditSource, 'lines'>, prior: PriorCredit[]): Map<string, number> {
  return new Map([...remainingMilli(original, prior)].map(([id, m]) => [id, m / 1000]));
}

/** The sum the credit notes take off an invoice. */
export function creditedTotal(creditNotes: Array<{ total_due: number }>): number {
  return creditNotes.reduce((s, c) => s + c.total_due, 0);
}

/** What remains creditable on the invoice in money: its total less its credit notes. */
export function remainingCreditable(original: CreditSource, prior: PriorCredit[]): number {
  return Math.max(0, computeInvoiceTotals(original).total_due - creditedTotal(prior));
}

/**
 * The credit note for `picks` (line ids and quantities) of `original`, given its earlier credit notes.
 * Throws CreditNoteError with the rule broken (and the field, e.g. `lines.0.quantity`).
 */
export function buildCreditNote(
  original: CreditSource,
  prior: PriorCredit[],
  picks: CreditPick[],
  reason: string,
  reasonCode: string | null = null,
): CreditNoteData {
  const problem = creditSourceProblem(original);
  if (problem) throw new CreditNoteError(problem);
  if (reasonCode != null && !isCreditReasonCode(reasonCode))
    throw new CreditNoteError('badReasonCode', { credit_reason_code: CREDIT_NOTE_MESSAGES.badReasonCode });
  const why = reason.trim();
  if (!why) throw new CreditNoteError('reasonRequired', { credit_reason: CREDIT_NOTE_MESSAGES.reasonRequired });
  if (why.length > CREDIT_REASON_MAX) throw new CreditNoteError('reasonTooLong', { credit_reason: CREDIT_NOTE_MESSAGES.reasonTooLong });

  const left = remainingMilli(original, prior);
  if ([...left.values()].every((m) => m === 0)) throw new CreditNoteError('nothingLeft');
  const wanted = new Map<string, number>();
  picks.forEach((p, i) => {
    if (!left.has(p.line_id)) throw new CreditNoteError('unknownLine', { [`lines.${i}.id`]: CREDIT_NOTE_MESSAGES.unknownLine });
    let milli: number;
    try {
      milli = quantityToMilli(p.quantity);
    } catch {
      throw new CreditNoteError('badQuantity', { [`lines.${i}.quantity`]: CREDIT_NOTE_MESSAGES.badQuantity });
    }
    if (milli < 0) throw new CreditNoteError('badQuantity', { [`lines.${i}.quantity`]: CREDIT_NOTE_MESSAGES.badQuantity });
    const total = (wanted.get(p.line_id) ?? 0) + milli;
    if (total > (left.get(p.line_id) ?? 0)) throw new CreditNoteError('tooMuch', { [`lines.${i}.quantity`]: CREDIT_NOTE_MESSAGES.tooMuch });
    wanted.set(p.line_id, total);
  });
  for (const [id, m] of wanted) if (m === 0) wanted.delete(id);
  if (wanted.size === 0) throw new CreditNoteError('noLines', { lines: CREDIT_NOTE_MESSAGES.noLines });

  const feeById = new Map(original.fees.map((f) => [f.id, f]));
  const percentageOnly = (ids: string[]) => ids.filter((id) => feeById.get(id)?.calculation === 'percentage');
  const completes = [...left].every(([id, m]) => (wanted.get(id) ?? 0) === m);

  // The line that takes the last of an invoice line takes what is left of it, as it is (t19 N8).
  const rests = creditRests(original, prior);
  const lines: CreditableLine[] = [];
  for (const l of original.lines) {
    const milli = wanted.get(l.id);
    if (!milli) continue;
    const { credit_rest: _was, ...line } = l;
    if (milli === left.get(l.id)) lines.push({ ...line, quantity: milli / 1000, fee_ids: [...(l.fee_ids ?? [])], credit_rest: rests.get(l.id) ?? null });
    else lines.push({ ...line, quantity: milli / 1000, fee_ids: percentageOnly(l.fee_ids ?? []) });
  }

  let discount: InvoiceDiscount | null = original.discount ? { ...original.discount } : null;
  // A percentage rounded once on the invoice's subtotal (t18 Z2) is shared over its lines like an amount: it comes
  // back as the credited lines' shares, so the credit notes together never take more than the invoice's discount.
  const shared = original.discount?.type === 'amount' || (original.discount?.type === 'percentage' && original.discount.round_on === 'total');
  if (shared) {
    // What is left of a finished line's share, and the share in proportion to the quantity of the others.
    const shares = new Map(computeInvoiceTotals(original).lines.map((l) => [l.id, l.discount]));
    let value = 0;
    for (const l of lines) {
      const whole = original.lines.find((o) => o.id === l.id)!;
      value += l.credit_rest
        ? l.credit_rest.discount
        : divRound(BigInt(shares.get(l.id) ?? 0) * BigInt(quantityToMilli(l.quantity)), BigInt(quantityToMilli(whole.quantity)));
    }
    discount = value > 0 ? withRoundingShare(original, value) : null;
  }

  let data: CreditNoteData = {
    kind: 'credit_note',
    credited_invoice_id: original.id,
    credit_reason: why,
    credit_reason_code: reasonCode,
    contact_id: original.contact_id,
    currency: original.currency,
    lines,
    fees: original.fees.map((f) => ({ ...f })),
    fee_ids: completes ? [...original.fee_ids] : percentageOnly(original.fee_ids),
    discount,
  };
  // A document rounded to whole units (t24 F1): its credit notes are whole units, the last takes the exact remainder.
  const rounding = shared ? documentRounding(original) : 0;
  if (rounding > 0) data = completes ? wholeUnitsLast(original, prior, data, rests, rounding) : wholeUnitsPart(original, prior, data, rounding);
  const total = computeInvoiceTotals(data).total_due;
  // The credit note that completes the invoice may differ from the remainder by the rounding of its lines' taxes
  // on a re-shared amount discount (at most one minor unit a line); any other excess is refused.
  const slack = completes && shared ? lines.length : 0;
  if (total > remainingCreditable(original, prior) + slack) throw new CreditNoteError('overTotal', { lines: CREDIT_NOTE_MESSAGES.overTotal });
  return data;
}

/** The picks of a credit note's lines (to rebuild it from the original and check it, as the server does). */
export function picksOf(lines: Array<{ id: string; quantity: number }>): CreditPick[] {
  return lines.map((l) => ({ line_id: l.id, quantity: l.quantity }));
}

export interface CreditNoteCommandInput {
  /** The credit note's id, number and public link id (chosen by the caller: the device allocates them offline). */
  id: string;
  number: string;
  public_id: string;
  reason: string;
  /** KRA's reason code; left out: none chosen. */
  reason_code?: string | null;
  picks: CreditPick[];
  /** The business's time zone: the credit note is issued today there. */
  time_zone: string;
}

/**
 * Credit some lines of an invoice (the device, offline, and the server's REST route): the new credit note
 * (`record`, issued now: finished and sent) and the invoice's new `credited_total`. Totals and statuses are
 * derived by whoever stores them (core's invoiceTotalsAndStatus with `credited`).
 */
export function creditNoteCommand(
  original: CreditSource & { payment_instructions?: string },
  prior: PriorCredit[],
  input: CreditNoteCommandInput,
  now: Date,
): { record: CommandInvoice & { credited_invoice_id: string; credit_reason: string; credit_reason_code: CreditReasonCode | null }; credited_total: number } {
  const data = buildCreditNote(original, prior, input.picks, input.reason, input.reason_code ?? null);
  const at = now.toISOString();
  const record = {
    ...data,
    id: input.id,
    number: input.number,
    issue_date: businessToday(now, input.time_zone),
    due_date: null,
    notes: '',
    terms: '',
    payment_instructions: '',
    public_id: input.public_id,
    status: 'sent' as const,
    sent_at: at,
    finished_at: at,
    voided_at: null,
    converted_invoice_id: null,
    quote_id: null,
    payments: [],
  };
  return { record, credited_total: creditedTotal(prior) + computeInvoiceTotals(data).total_due };
}

/** POST /api/invoices/{id}/credit-notes: the lines and quantities to credit, and why. */
export const creditNoteCreateBody = z.object({
  /** The credit note's id (a device chooses it; the server makes one when left out). */
  id: z.uuid().optional(),
  lines: z
    .array(
      z.object({
        line_id: z.uuid('Must be a line id of the invoice'),
        quantity: z.number().gt(0, 'Quantity must be more than 0').max(INVOICE_LIMITS.maxQuantity),
      }),
    )
    .min(1, CREDIT_NOTE_MESSAGES.noLines)
    .max(500),
  reason: z.string().trim().min(1, CREDIT_NOTE_MESSAGES.reasonRequired).max(CREDIT_REASON_MAX, CREDIT_NOTE_MESSAGES.reasonTooLong),
  /** KRA's reason code (eTIMS rfdRsnCd); left out: 06 refund. */
  reason_code: creditReasonCodeSchema.optional(),
});
export type CreditNoteCreate = z.infer<typeof creditNoteCreateBody>;
