import {
  computeInvoiceTotals,
  DEFAULT_CURRENCY,
  invoiceFieldDefaults,
  type DisplayStatus,
  invoiceStatusOn,
  invoiceTotalsAndStatus,
  type InvoiceLine,
  type InvoicePayment,
  type InvoiceTotals,
} from '@duka/core';
import type { Invoice } from '../../../data/db';

/** An invoice or quote as the device keeps it (the invoices collection). */
export type { InvoiceLine, InvoicePayment };

export type { Invoice };

/** Reads a stored record tolerantly (missing arrays/strings get their empty value). */
export function asInvoice(r: Record<string, unknown> | Partial<Invoice>): Invoice {
  // Fast path: records written by this app or pulled from the server are complete.
  if (
    typeof r.kind === 'string' &&
    typeof r.number === 'string' &&
    typeof r.issue_date === 'string' &&
    Array.isArray(r.lines) &&
    Array.isArray(r.payments) &&
    Array.isArray(r.fees) &&
    Array.isArray(r.fee_ids) &&
    typeof r.balance === 'number'
  ) {
    return r as unknown as Invoice;
  }
  const inv = r as unknown as Partial<Invoice> & { id: string };
  // Missing fields get core's defaults (the server's too); a record with no currency was made in naira.
  const filled: Record<string, unknown> = { ...inv };
  for (const [k, v] of Object.entries(invoiceFieldDefaults())) filled[k] ??= v;
  return {
    ...(filled as unknown as Invoice),
    contact_id: inv.contact_id ?? null,
    due_date: inv.due_date ?? null,
    currency: inv.currency ?? DEFAULT_CURRENCY,
    lines: (inv.lines ?? []).map((l) => ({ ...l, catalog_id: l.catalog_id ?? null, fee_ids: l.fee_ids ?? [] })),
  };
}

export function totalsOf(inv: Pick<Invoice, 'lines' | 'fees' | 'fee_ids' | 'discount' | 'payments' | 'credited_total'>): InvoiceTotals {
  return computeInvoiceTotals({
    lines: inv.lines,
    fees: inv.fees,
    fee_ids: inv.fee_ids,
    discount: inv.discount,
    payments: inv.payments,
    credited: inv.credited_total ?? 0,
  });
}

/** Recomputes the stored totals and the status from the facts (core's invoiceTotalsAndStatus); used before every save. */
export function withTotals(inv: Invoice): Invoice {
  const { status, ...totals } = invoiceTotalsAndStatus({ ...inv, credited: inv.credited_total ?? 0 });
  return { ...inv, ...totals, status };
}

/** The status shown for an invoice on a day: core's invoiceStatusOn, the same as Search, the client page, the PDF. */
export function statusOn(inv: Invoice, today: string): DisplayStatus {
  return invoiceStatusOn(inv, today);
}

/** Chip colours per displayed status (shades with white text at ≥ 4.5:1; the view's badge picks black on yellow). */
export const STATUS_COLORS: Record<DisplayStatus, string> = {
  draft: 'gray',
  ready: 'cyan.9',
  sent: 'blue',
  partially_paid: 'yellow',
  paid: 'teal',
  credited: 'indigo',
  overdue: 'red',
  void: 'dark',
  converted: 'grape',
};
