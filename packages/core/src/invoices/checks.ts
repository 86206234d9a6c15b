/**
 * The checks of an invoice write that need no database (issue 24): the data against core's schema and
 * cross-field rules, then the totals (limits, payments within the balance, client totals that must agree,
 * a paid invoice's new total at least what was paid). The server's adapter calls these between its own
 * database steps (numbering, the client, the public link); a refusal is an InvoiceCommandError.
 */
import { z } from 'zod';
import { INVOICE_COMMAND_MESSAGES, InvoiceCommandError, assertWithinBalance, assertWithinRefundDue, withholdingRefundError } from './commands';
import { isBilledKind } from './status';
import { assertWithinLimits, InvoiceLimitError, InvoiceMathError } from '../amounts/math';
import { totalsMismatch } from './stored-totals';
import { invoiceTotalsAndStatus } from './record';
import { type InvoiceFee, type InvoiceLine, invoiceConsistencyErrors, type InvoicePayment, invoiceSyncDataSchema, type InvoiceSyncData } from './schemas';
import { moneyEdited, paidAboveTotal } from './write';
import { refusal } from '../records/refusals';

/** Field → the first English message zod gave for it. */
function zodFields(err: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const i of err.issues) {
    const key = i.path.length ? i.path.map(String).join('.') : '_';
    if (!fields[key]) fields[key] = i.message;
  }
  return fields;
}

/** The lists a caller may have checked already with the same schemas (invoiceDataShape's lines and fees, the payments). */
export type CheckedInvoiceLists = ReadonlyArray<'lines' | 'fees' | 'payments'>;

const passed = <T>() => z.array(z.custom<T>(() => true));
/** invoiceSyncDataSchema without re-parsing some lists, one schema per combination, made when first asked. */
const schemas = new Map<string, z.ZodType<InvoiceSyncData>>();
function schemaFor(lists: CheckedInvoiceLists): z.ZodType<InvoiceSyncData> {
  const key = [...lists].sort().join(',');
  let s = schemas.get(key);
  if (!s) {
    const shape: Record<string, z.ZodType> = {};
    if (lists.includes('lines')) shape.lines = passed<InvoiceLine>().default([]);
    if (lists.includes('fees')) shape.fees = passed<InvoiceFee>().default([]);
    if (lists.includes('payments')) shape.payments = passed<InvoicePayment>().default([]);
    schemas.set(key, (s = key ? (invoiceSyncDataSchema.extend(shape) as unknown as z.ZodType<InvoiceSyncData>) : invoiceSyncDataSchema));
  }
  return s;
}

/**
 * The data of a write checked by core's schema and cross-field rules ('validation_failed' naming the fields).
 * `alreadyChecked`: lists the caller parsed with the very same schemas just before (the server's sync patch parses the
 * pushed lines, fees and payments: issue 27, each line was parsed twice per push); they are taken as they are (parsing
 * them again would give the same values: trim and defaults are idempotent) and only the cross-field rules see them.
 */
export function checkInvoiceData(data: Record<string, unknown>, alreadyChecked: CheckedInvoiceLists = []): InvoiceSyncData {
  let checked: InvoiceSyncData;
  try {
    checked = schemaFor(alreadyChecked).parse({ ...data, number: data.number || undefined, credit_reason: data.credit_reason ?? '' });
  } catch (err) {
    if (err instanceof z.ZodError)
      throw new InvoiceCommandError(
        'validation_failed',
        `${err.issues[0]?.path.join('.') || 'invoice'}: ${err.issues[0]?.message}`,
        zodFields(err),
        refusal('invalid_field', { field: err.issues[0]?.path.join('.') || 'invoice' }),
      );
    throw err;
  }
  const consistency = invoiceConsistencyErrors(checked);
  if (Object.keys(consistency).length) {
    const [k, m] = Object.entries(consistency)[0];
    throw new InvoiceCommandError('validation_failed', `${k}: ${m}`, consistency, refusal('invalid_field', { field: k }));
  }
  return checked;
}

export interface InvoiceTotalsCheck {
  checked: InvoiceSyncData;
  /** The merged payments (core's mergePayments). */
  payments: InvoicePayment[];
  /** The stored record before this write, if any. */
  existing: Record<string, unknown> | null;
  /** The facts after this write (keptFacts and the conversion links). */
  facts: { sent_at: string | null; finished_at: string | null; voided_at: string | null; converted_invoice_id: string | null };
  /** Totals the client claimed (each optional). */
  claimed: Record<string, unknown>;
  /** What the invoice's credit notes took off (issue 26). */
  credited?: number;
}

/**
 * The stored totals and status of a write, after its money rules: every amount within the limits, a new
 * typed payment never more than the balance (card payments were checked when the provider took them), the
 * client's claimed totals equal to core's, and a paid invoice's new total at least what was paid (issue 14).
 */
export function checkInvoiceTotals({
  checked,
  payments,
  existing,
  facts,
  claimed,
  credited = 0,
}: InvoiceTotalsCheck): ReturnType<typeof invoiceTotalsAndStatus> {
  const before = new Set(((existing?.payments as InvoicePayment[]) ?? []).map((p) => p.id));
  const added = payments.filter((p) => !before.has(p.id) && !p.provider);
  let totals;
  try {
    assertWithinLimits({ ...checked, payments });
    const received = added.filter((p) => !p.refund);
    const refunds = added.filter((p) => p.refund);
    if (received.length) {
      const earlier = payments.filter((p) => !added.includes(p));
      assertWithinBalance(
        { ...checked, payments: earlier, credited },
        received.reduce((sum, p) => sum + p.amount, 0),
      );
    }
    // A refund paid out (t21 R1): on an invoice or sale only, never more than the refund due before it.
    if (refunds.length) {
      if (refunds.some((p) => p.method === 'withholding')) throw withholdingRefundError();
      if (!isBilledKind(checked.kind))
        throw new InvoiceCommandError(
          'unprocessable',
          INVOICE_COMMAND_MESSAGES.noRefundDue,
          { payments: INVOICE_COMMAND_MESSAGES.noRefundDue },
          refusal('no_refund_due'),
        );
      assertWithinRefundDue(
        { ...checked, payments: payments.filter((p) => !refunds.includes(p)), credited },
        refunds.reduce((sum, p) => sum - p.amount, 0),
      );
    }
    totals = invoiceTotalsAndStatus({ ...checked, payments, ...facts, credited });
  } catch (err) {
    if (err instanceof InvoiceLimitError)
      throw new InvoiceCommandError('unprocessable', err.message, { [err.field]: err.message }, refusal('amount_too_large', { field: err.field }));
    if (err instanceof InvoiceMathError) throw new InvoiceCommandError('validation_failed', err.message, undefined, refusal('invoice_maths'));
    throw err;
  }
  // amount_paid and balance follow the server's payment list (a device may not know a card payment yet).
  const { amount_paid: _paid, balance: _balance, ...rest } = claimed;
  const mismatch = totalsMismatch(rest, totals);
  if (Object.keys(mismatch).length)
    throw new InvoiceCommandError('unprocessable', 'The totals do not match the lines, fees and discount', mismatch, refusal('totals_mismatch'));
  if (existing && Number(existing.amount_paid) > 0 && moneyEdited(existing, checked as unknown as Record<string, unknown>)) {
    const message = paidAboveTotal(totals, checked.currency);
    if (message)
      throw new InvoiceCommandError(
        'unprocessable',
        message,
        { total_due: message },
        refusal('paid_above_total', { total: totals.total_due, paid: totals.amount_paid, currency: checked.currency }),
      );
  }
  return totals;
}
