import { type DisplayStatus, type InvoiceKind, isBilledKind, realBalance, realPayments, refundDueOf, testPaymentStatus } from '@duka/core';
import { asInvoice, type Invoice, statusOn } from './model';

export interface ListRow {
  invoice: Invoice;
  status: DisplayStatus;
  /** The "Paid (TEST)" tag beside the status when test payments were made (core testPaymentStatus), else null. */
  testStatus: 'paid' | 'partially_paid' | null;
  /** What is really owed (core realBalance: test payments are no money), the balance the row shows (t17 G4). */
  balance: number;
  /** What is owed back to the client: credit notes took more than was unpaid (core refundDueOf, issue 26 F2). */
  refundDue: number;
  clientName: string;
  /** Lower-cased number + client name, for the search box. */
  haystack: string;
}

/** Joins invoices with their clients' names and today's display status (done once per data change). */
export function buildRows(records: ReadonlyArray<Record<string, unknown> | Partial<Invoice>>, clientNames: Map<string, string>, today: string): ListRow[] {
  const rows = records.map((r) => {
    const invoice = asInvoice(r);
    const clientName = (invoice.contact_id && clientNames.get(invoice.contact_id)) || '';
    return {
      invoice,
      status: statusOn(invoice, today),
      testStatus: testPaymentStatus(invoice),
      balance: realBalance(invoice),
      refundDue: isBilledKind(invoice.kind) ? refundDueOf(invoice) : 0,
      clientName,
      haystack: `${invoice.number} ${clientName}`.toLowerCase(),
    };
  });
  // Newest first: issue date, then number.
  const key = (r: ListRow) => `${r.invoice.issue_date}|${r.invoice.number.padStart(24, '0')}`;
  const keys = new Map(rows.map((r) => [r, key(r)]));
  rows.sort((a, b) => {
    const ka = keys.get(a)!;
    const kb = keys.get(b)!;
    return ka < kb ? 1 : ka > kb ? -1 : 0;
  });
  return rows;
}

export interface ListFilter {
  kind?: InvoiceKind;
  query?: string;
  statuses?: DisplayStatus[];
  contactId?: string | null;
  /** ISO dates, inclusive, on the issue date. */
  from?: string | null;
  to?: string | null;
  /** Minor units, inclusive, on total_due. */
  min?: number | null;
  max?: number | null;
}

export function filterRows(rows: ListRow[], f: ListFilter): ListRow[] {
  const q = f.query?.trim().toLowerCase() ?? '';
  const statuses = f.statuses?.length ? new Set(f.statuses) : null;
  return rows.filter((r) => {
    const inv = r.invoice;
    // Counter sales are listed with the invoices (issue 28: a sale is an invoice of kind 'sale').
    if (f.kind && inv.kind !== f.kind && !(f.kind === 'invoice' && isBilledKind(inv.kind))) return false;
    if (statuses && !statuses.has(r.status)) return false;
    if (f.contactId && inv.contact_id !== f.contactId) return false;
    if (f.from && inv.issue_date < f.from) return false;
    if (f.to && inv.issue_date > f.to) return false;
    if (f.min != null && inv.total_due < f.min) return false;
    if (f.max != null && inv.total_due > f.max) return false;
    return q === '' || r.haystack.includes(q);
  });
}

export interface Summary {
  outstanding: number;
  overdue: number;
  paidThisMonth: number;
  currency: string | null;
}

/**
 * Totals over invoices and counter sales (not quotes, drafts or void): outstanding = balances still owed, overdue = the
 * part of it past due, paid this month = payments dated this calendar month. Shown in the main
 * currency (the most used one); invoices in other currencies are left out of the sums.
 */
export function summarise(rows: ListRow[], today: string): Summary {
  const counts = new Map<string, number>();
  for (const r of rows) if (isBilledKind(r.invoice.kind)) counts.set(r.invoice.currency, (counts.get(r.invoice.currency) ?? 0) + 1);
  let currency: string | null = null;
  let best = 0;
  for (const [c, n] of counts) if (n > best) [currency, best] = [c, n];
  const month = today.slice(0, 7);
  const s: Summary = { outstanding: 0, overdue: 0, paidThisMonth: 0, currency };
  for (const r of rows) {
    const inv = r.invoice;
    if (!isBilledKind(inv.kind) || inv.currency !== currency || r.status === 'void') continue;
    // Test payments (TEST MODE) are no money: not paid, still owed (issue 22).
    for (const p of realPayments(inv.payments)) if (p.date.slice(0, 7) === month) s.paidThisMonth += p.amount;
    if (r.status === 'draft') continue;
    const owed = realBalance(inv);
    s.outstanding += owed;
    const testPaidLate = owed !== inv.balance && !!inv.due_date && inv.due_date < today;
    if (r.status === 'overdue' || testPaidLate) s.overdue += owed;
  }
  return s;
}
