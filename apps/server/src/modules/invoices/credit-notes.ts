/**
 * Credit notes in the 'invoices' sync collection (issue 26): a record of kind 'credit_note' naming the
 * invoice it credits. Its lines, taxes and discount are rebuilt here from that invoice with core's
 * buildCreditNote (the device did the same offline, so the totals agree); once stored it never changes.
 * The invoice's credited_total is the sum of its credit notes, recomputed whenever the invoice is written
 * (the device pushes the credit note, then the invoice).
 */
import { refusal, buildCreditNote, CREDIT_NOTE_MESSAGES, type CreditableLine, CreditNoteError, type CreditSource, type PriorCredit, picksOf } from '@duka/core';
import { and, eq, isNull } from 'drizzle-orm';
import { fiscalDocuments, invoices } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Tx } from '../../lib/registry';
import type { BatchState, Data } from '../sync';

type Prior = PriorCredit & { id: string };

const toPrior = (id: string, d: Data): Prior => ({
  id,
  lines: (d.lines as PriorCredit['lines']) ?? [],
  // Its own discount (an amount discount's share): what it took of each line, so the last one takes the rest (t19 N8).
  discount: (d.discount as PriorCredit['discount']) ?? null,
  discount_total: Number(d.discount_total ?? 0),
  total_due: Number(d.total_due ?? 0),
});

/** The stored credit notes of an invoice that still count: not deleted, not void (a receipt and a new credit note read them). */
export function liveCreditNotesOf(userId: string, invoiceId: string) {
  return and(
    eq(invoices.userId, userId),
    eq(invoices.creditedInvoiceId, invoiceId),
    eq(invoices.kind, 'credit_note'),
    isNull(invoices.deletedAt),
    isNull(invoices.voidedAt),
  );
}

/** The live credit notes of an invoice as they stand in this batch (or stored), leaving out `except`. */
export async function creditNotesOf(tx: Tx, userId: string, invoiceId: string, batch?: BatchState, except?: string): Promise<Prior[]> {
  const inBatch = batch?.records('invoices') ?? new Map();
  const found = new Map<string, Prior>();
  const rows = await tx
    .select({ id: invoices.id, lines: invoices.lines, discount: invoices.discount, discount_total: invoices.discountTotal, total_due: invoices.totalDue })
    .from(invoices)
    .where(liveCreditNotesOf(userId, invoiceId));
  for (const r of rows) found.set(r.id, toPrior(r.id, r as unknown as Data));
  for (const [id, st] of inBatch) {
    if (st.data.kind !== 'credit_note' || st.data.credited_invoice_id !== invoiceId) continue;
    if (st.deleted || st.data.voided_at) found.delete(id);
    else found.set(id, toPrior(id, st.data));
  }
  if (except) found.delete(except);
  return [...found.values()];
}

/** Whether KRA signed the invoice: a ready one can then no longer be edited, so it is credited (issue 26 D2). */
export async function invoiceFiscalised(tx: Tx, userId: string, invoiceId: string): Promise<boolean> {
  const [fiscal] = await tx
    .select({ state: fiscalDocuments.state })
    .from(fiscalDocuments)
    .where(and(eq(fiscalDocuments.invoiceId, invoiceId), eq(fiscalDocuments.userId, userId)));
  return fiscal?.state === 'fiscalised';
}

/** A new credit note's data, rebuilt from the invoice it credits; a broken rule is a 4xx with the field to fix. */
export async function creditNoteData(
  tx: Tx,
  userId: string,
  id: string,
  data: Data,
  batch: BatchState,
  load: (invoiceId: string) => Promise<Data | null>,
): Promise<Data> {
  const invoiceId = typeof data.credited_invoice_id === 'string' ? data.credited_invoice_id : '';
  if (!invoiceId)
    throw new AppError(
      'validation_failed',
      'credited_invoice_id: Name the invoice this credit note credits',
      { credited_invoice_id: 'Required' },
      refusal('credited_invoice_required'),
    );
  const original = await load(invoiceId);
  if (!original)
    throw new AppError(
      'unprocessable',
      'The invoice to credit was not found',
      { credited_invoice_id: 'Invoice not found' },
      refusal('credited_invoice_not_found'),
    );
  const lines = Array.isArray(data.lines) ? (data.lines as Array<{ id: string; quantity: number }>) : [];
  try {
    const prior = await creditNotesOf(tx, userId, invoiceId, batch, id);
    const code = typeof data.credit_reason_code === 'string' ? data.credit_reason_code : null;
    const source = { ...original, id: invoiceId, fiscalised: await invoiceFiscalised(tx, userId, invoiceId) } as unknown as CreditSource;
    const built = buildCreditNote(source, prior, picksOf(lines), String(data.credit_reason ?? ''), code);
    return { ...built, due_date: null, discount: built.discount };
  } catch (err) {
    if (err instanceof CreditNoteError) {
      const code =
        err.rule === 'notInvoice' || err.rule === 'voidInvoice' || err.rule === 'notSent' || err.rule === 'nothingLeft' ? 'conflict' : 'unprocessable';
      throw new AppError(code, err.message, Object.keys(err.fields).length ? err.fields : undefined, refusal('credit_note_rule', { rule: err.rule }));
    }
    throw err;
  }
}

/**
 * A credit note's lines as checked, with what each line that takes the last of an invoice line carries (rebuilt here by
 * creditNoteData, never taken from a client: the write schema drops it; t19 N8). Any other kind keeps none.
 */
export function keepCreditRests<T extends { kind: string; lines: Array<{ id: string }> }>(checked: T, built: Data): T {
  if (checked.kind !== 'credit_note') return checked;
  const rests = new Map(((built.lines as CreditableLine[]) ?? []).map((l) => [l.id, l.credit_rest ?? null]));
  return { ...checked, lines: checked.lines.map((l) => (rests.get(l.id) ? { ...l, credit_rest: rests.get(l.id) } : l)) };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A stored credit note written again: unchanged is fine (a device re-sending it), any change is refused. */
export function creditNoteUnchanged(existing: Data, data: Data, removePayments: string[]): Data {
  const keys = ['number', 'contact_id', 'issue_date', 'currency', 'credited_invoice_id', 'credit_reason', 'credit_reason_code', 'voided_at'] as const;
  const changed = keys.filter((k) => data[k] !== undefined && !sameJson(data[k], existing[k]));
  const lines = (data.lines as Array<{ id: string; quantity: number }> | undefined) ?? [];
  const was = (existing.lines as Array<{ id: string; quantity: number }>) ?? [];
  const linesChanged = lines.length !== was.length || lines.some((l, i) => l.id !== was[i]?.id || l.quantity !== was[i]?.quantity);
  const paid = ((data.payments as unknown[]) ?? []).length > 0 || removePayments.length > 0;
  if (changed.length || linesChanged || paid)
    throw new AppError(
      'conflict',
      CREDIT_NOTE_MESSAGES.immutable,
      { [changed[0] ?? (paid ? 'payments' : 'lines')]: CREDIT_NOTE_MESSAGES.immutable },
      refusal('credit_note_locked'),
    );
  return { ...existing, notice: data.notice === null ? null : (existing.notice ?? null) };
}
