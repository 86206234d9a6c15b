import { isTestPayment, type MaybeTestPayment, realBalance } from './real-money';

/**
 * Invoice and quote statuses. `overdue` is never stored: it is derived from the due date and the balance.
 * A credit note (issue 26) is a document of its own kind: issued at once ('sent'), never paid, never edited.
 */
export const INVOICE_KINDS = ['invoice', 'quote', 'sale', 'credit_note'] as const;
/** Kinds that bill a client: counted in reports, VAT and statements (a `sale` is a paid invoice from the counter, issue 28). */
export const BILLED_KINDS: readonly string[] = ['invoice', 'sale'];
export const isBilledKind = (kind: string | null | undefined): boolean => BILLED_KINDS.includes(kind ?? 'invoice');
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/**
 * Stored statuses: invoices go draft → ready → sent → partially_paid → paid; quotes draft → ready → sent → converted;
 * either may be void. `credited`: credit notes took the whole invoice back (nothing is owed, and no payment settled
 * it: what was paid is a refund due to the client, see refundDueOf). `ready`: finished (numbered, out of the drafts) but not yet sent to the client. An invoice is
 * `sent` once it was e-mailed, shared (link copied, WhatsApp, PDF shared), its link opened by the client, or marked
 * sent by the owner (docs/invoice-status.md).
 */
export const INVOICE_STATUSES = ['draft', 'ready', 'sent', 'partially_paid', 'paid', 'credited', 'void', 'converted'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export type DisplayStatus = InvoiceStatus | 'overdue';
export const DISPLAY_STATUSES = [...INVOICE_STATUSES, 'overdue'] as const;

export interface StatusInput {
  kind: InvoiceKind;
  sent_at?: string | null;
  /** When the owner pressed Finish (the invoice left the drafts). */
  finished_at?: string | null;
  voided_at?: string | null;
  converted_invoice_id?: string | null;
  total_due: number;
  amount_paid: number;
  /** What credit notes took off this invoice (issue 26). */
  credited?: number;
}

/** The stored status from the facts: void wins; a payment implies the invoice was issued. */
export function deriveStatus(inv: StatusInput): InvoiceStatus {
  if (inv.voided_at) return 'void';
  if (inv.kind === 'quote') {
    if (inv.converted_invoice_id) return 'converted';
    return inv.sent_at ? 'sent' : inv.finished_at ? 'ready' : 'draft';
  }
  if (inv.kind === 'credit_note') return inv.sent_at ? 'sent' : inv.finished_at ? 'ready' : 'draft';
  const credited = inv.credited ?? 0;
  // Taken back whole by credit notes: not "paid" (what was paid, if anything, is a refund due to the client).
  if (credited > 0 && credited >= inv.total_due) return 'credited';
  // Settled by payments and credit notes together: nothing is owed any more.
  if (credited > 0 && inv.amount_paid + credited >= inv.total_due) return 'paid';
  if (inv.amount_paid > 0 && inv.amount_paid >= inv.total_due) return 'paid';
  if (inv.amount_paid > 0) return 'partially_paid';
  return inv.sent_at ? 'sent' : inv.finished_at ? 'ready' : 'draft';
}

/**
 * The one status shown everywhere (invoice list and view, Search, the client page, the PDF, the public page) on a
 * day (ISO yyyy-mm-dd): the stored status, or overdue when a sent or part-paid invoice is past due with a balance.
 * A draft, a ready (never sent) or a void invoice is never overdue.
 */
export function displayStatus(inv: { kind: InvoiceKind; status: InvoiceStatus; due_date?: string | null; balance: number }, today: string): DisplayStatus {
  if (inv.kind === 'invoice' && (inv.status === 'sent' || inv.status === 'partially_paid') && inv.due_date && inv.due_date < today && inv.balance > 0) {
    return 'overdue';
  }
  return inv.status;
}

/** A stored record's money fields, as far as they are known (device, server, search index). */
export interface StoredMoneyFields {
  status?: string | null;
  balance?: number | null;
  total_due?: number | null;
  credited_total?: number | null;
  payments?: readonly MaybeTestPayment[] | null;
}

/**
 * The stored status by real money only (issue 22): test payments never make an invoice paid or part-paid. Records
 * written since then store exactly this (deriveStatus over real payments); a record written before, whose status
 * still counted a test payment, is read the same way: paid or part-paid by what real money and credit notes cover,
 * else sent (a payment meant the client had it).
 */
export function realStatus(inv: StoredMoneyFields): InvoiceStatus {
  const status = (INVOICE_STATUSES as readonly string[]).includes(inv.status ?? '') ? (inv.status as InvoiceStatus) : 'draft';
  const payments = inv.payments ?? [];
  const credited = inv.credited_total ?? 0;
  // Stored before 'credited' existed (issue 26 F2): a row credited whole still says 'paid' until its next write.
  if (status === 'paid' && credited > 0 && credited >= (inv.total_due ?? 0)) return 'credited';
  if ((status !== 'paid' && status !== 'partially_paid') || !payments.some(isTestPayment)) return status;
  const real = payments.reduce((s, p) => s + (isTestPayment(p) ? 0 : p.amount), 0);
  if ((real > 0 || credited > 0) && real + credited >= (inv.total_due ?? 0)) return 'paid';
  return real > 0 ? 'partially_paid' : 'sent';
}

/** The balance of a stored record by real money only (core realBalance; the stored balance when totals are unknown). */
export function realBalanceOf(inv: StoredMoneyFields): number {
  const balance = inv.balance ?? 0;
  if (inv.total_due == null || !inv.payments) return balance;
  return realBalance({ total_due: inv.total_due, balance, credited_total: inv.credited_total ?? 0, payments: inv.payments });
}

/**
 * What the business owes the client back on an invoice or sale (issue 26 F2): real money paid beyond what remains
 * owed once credit notes took their part (credited beyond the unpaid part). 0 when nothing is to refund. The balance
 * stays 0 then (never negative): this is shown beside it ("Refund due"), on the owner's screens and the client's page.
 */
export function refundDueOf(inv: StoredMoneyFields & { kind?: string | null; voided_at?: string | null }): number {
  if (inv.total_due == null) return 0;
  const real = (inv.payments ?? []).reduce((s, p) => s + (isTestPayment(p) ? 0 : p.amount), 0);
  // An invoice voided while it held payments (before t19 N7 refused that: old rows) owes nothing: all that was paid is
  // to be given back. A counter sale's void handed the cash back at the till: nothing is due.
  if (inv.status === 'void' || inv.voided_at) return (inv.kind ?? 'invoice') === 'invoice' ? real : 0;
  return Math.max(0, real - Math.max(0, inv.total_due - (inv.credited_total ?? 0)));
}

/**
 * The money fields a stored record holds by real money only (issue 22): its status (realStatus), what real payments
 * add up to, and the real balance (realBalanceOf). Equal to what is stored for records written since test payments
 * stopped counting; for one stored before, what to store instead (the server's start-up rewrite of old rows).
 */
export function realMoneyFields(inv: StoredMoneyFields & { amount_paid?: number | null }): { status: InvoiceStatus; amount_paid: number; balance: number } {
  const payments = inv.payments ?? [];
  const status = realStatus(inv);
  if (!payments.some(isTestPayment)) return { status, amount_paid: inv.amount_paid ?? 0, balance: inv.balance ?? 0 };
  return { status, amount_paid: payments.reduce((s, p) => s + (isTestPayment(p) ? 0 : p.amount), 0), balance: realBalanceOf(inv) };
}

/**
 * displayStatus for an invoice or quote record as kept anywhere (device, server, search index), tolerant of
 * missing fields: the one function every screen, the PDF and the public page use. Real money only (realStatus).
 */
export function invoiceStatusOn(inv: StoredMoneyFields & { kind?: string | null; due_date?: string | null }, today: string): DisplayStatus {
  const kind: InvoiceKind = inv.kind === 'quote' || inv.kind === 'credit_note' ? inv.kind : 'invoice';
  return displayStatus({ kind, status: realStatus(inv), due_date: inv.due_date ?? null, balance: realBalanceOf(inv) }, today);
}

/**
 * What a client can still pay online: the real balance (test payments are no money, issue 22) of a non-void
 * invoice or sale (a sale sent with a pay link); 0 for quotes.
 */
export function payableAmount(inv: StoredMoneyFields & { kind: InvoiceKind; status: InvoiceStatus; balance: number }): number {
  if (!isBilledKind(inv.kind) || inv.status === 'void') return 0;
  return Math.max(0, realBalanceOf(inv));
}

/** Labels for status chips (the web app translates them through its strings). */
export const STATUS_LABELS: Record<DisplayStatus, string> = {
  draft: 'Draft',
  ready: 'Ready',
  sent: 'Sent',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  credited: 'Credited',
  void: 'Void',
  converted: 'Converted',
  overdue: 'Overdue',
};
