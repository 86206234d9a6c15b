import { creditNoteCommand, CreditNoteError, newPublicId, type CreditPick, type CreditSource, type PriorCredit, type Receipt, receiptFor } from '@duka/core';
import { db } from '../../../data/db';
import { businessTimeZoneNow } from '../../../data/today';
import { allocateNumber, saveInvoice } from './data';
import { asInvoice, type Invoice } from './model';

/** The credit notes of an invoice among the device's records (issue 26). */
export function creditNotesFor(records: ReadonlyArray<Record<string, unknown> | Partial<Invoice>>, invoiceId: string): Invoice[] {
  return records
    .filter((r) => r.kind === 'credit_note' && r.credited_invoice_id === invoiceId && !(r as { voided_at?: string | null }).voided_at)
    .map((r) => asInvoice(r))
    .sort((a, b) => a.number.localeCompare(b.number));
}

/**
 * The receipt of a payment as the device shows and prints it (issue 26): the balance as at that payment, less only
 * the credit notes on the device issued up to its day (core's rule, as the server's receipts).
 */
export async function receiptOnDevice(inv: Invoice, paymentId: string): Promise<Receipt | null> {
  const notes = await db.invoices.filter((r) => r.kind === 'credit_note' && r.credited_invoice_id === inv.id).toArray();
  const credits = creditNotesFor(notes, inv.id).map((c) => ({ issue_date: c.issue_date, total_due: c.total_due }));
  return receiptFor(inv, paymentId, credits);
}

/** Earlier credit notes as core's rules read them. */
export function priorOf(creditNotes: Invoice[]): PriorCredit[] {
  return creditNotes.map((c) => ({ lines: c.lines, discount: c.discount, discount_total: c.discount_total, total_due: c.total_due }));
}

/** The invoice as core's credit-note rules read it; `fiscalised`: KRA signed it (a ready one is then credited too). */
export function asCreditSource(inv: Invoice, fiscalised = false): CreditSource {
  return { ...(inv as unknown as CreditSource), fiscalised };
}

/**
 * Issues a credit note on the device (works offline): core's creditNoteCommand, then the credit note is saved
 * and queued first and the invoice (its new credited_total and balance) after it, as the server expects.
 */
export async function issueCreditNote(
  original: Invoice,
  creditNotes: Invoice[],
  picks: CreditPick[],
  reason: string,
  reasonCode: string | null = null,
  fiscalised = false,
): Promise<Invoice> {
  const input = {
    id: crypto.randomUUID(),
    number: await allocateNumber('credit_note'),
    public_id: newPublicId(),
    reason,
    reason_code: reasonCode,
    picks,
    time_zone: businessTimeZoneNow(),
  };
  const { record, credited_total } = creditNoteCommand(asCreditSource(original, fiscalised), priorOf(creditNotes), input, new Date());
  const saved = await saveInvoice(asInvoice({ ...record, credited_total: 0, part_payments: null } as unknown as Record<string, unknown>));
  await saveInvoice({ ...original, credited_total });
  return saved;
}

/** The rule a credit note broke (its code, for the strings), or null for another error. */
export function creditRule(err: unknown): string | null {
  return err instanceof CreditNoteError ? err.rule : null;
}
