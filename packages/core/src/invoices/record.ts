import { documentShowsMinor } from '../amounts/format';
import { computeInvoiceTotals, type InvoiceMathInput } from '../amounts/math';
import { type StoredTotals, storedTotals } from './stored-totals';
import { deriveStatus, type InvoiceKind, type InvoiceStatus } from './status';

/** Recomputes the stored totals and the status of an invoice from its data and payments. */
export function invoiceTotalsAndStatus(
  inv: InvoiceMathInput & {
    kind: InvoiceKind;
    sent_at?: string | null;
    finished_at?: string | null;
    voided_at?: string | null;
    converted_invoice_id?: string | null;
  },
): StoredTotals & { status: InvoiceStatus } {
  const totals = storedTotals(computeInvoiceTotals(inv));
  // A credit note is owed by nobody: what it takes off shows on the invoice it credits (issue 26).
  if (inv.kind === 'credit_note') totals.balance = 0;
  return { ...totals, status: deriveStatus({ ...inv, total_due: totals.total_due, amount_paid: totals.amount_paid, credited: inv.credited }) };
}

/** The editable fields of an invoice made from a quote (new line ids are not needed: lines belong to one record). */
export function quoteToInvoiceData<
  Q extends {
    contact_id: string;
    currency: string;
    lines: unknown[];
    fees: unknown[];
    fee_ids: string[];
    discount: unknown;
    notes: string;
    terms: string;
    payment_instructions: string;
  },
>(quote: Q, opts: { issue_date: string; due_date: string | null }) {
  return {
    kind: 'invoice' as const,
    contact_id: quote.contact_id,
    issue_date: opts.issue_date,
    due_date: opts.due_date,
    currency: quote.currency,
    lines: quote.lines,
    fees: quote.fees,
    fee_ids: quote.fee_ids,
    discount: quote.discount,
    notes: quote.notes,
    terms: quote.terms,
    payment_instructions: quote.payment_instructions,
  };
}

/**
 * documentShowsMinor for a stored invoice or quote: its e-mail, WhatsApp and SMS texts show minor units on every
 * amount exactly when its PDF and public page do (issue 23).
 */
export function recordShowsMinor(inv: InvoiceMathInput & { currency: string }): boolean {
  return documentShowsMinor(inv, computeInvoiceTotals(inv));
}
