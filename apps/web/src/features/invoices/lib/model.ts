import {
  computeInvoiceTotals,
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
  return {
    ...(inv as Invoice),
    kind: inv.kind ?? 'invoice',
    number: inv.number ?? '',
    contact_id: inv.contact_id ?? null,
    issue_date: inv.issue_date ?? '',
    due_date: inv.due_date ?? null,
    currency: inv.currency ?? 'NGN',
    lines: (inv.lines ?? []).map((l) => ({ ...l, catalog_id: l.catalog_id ?? null, fee_ids: l.fee_ids ?? [] })),
    fees: inv.fees ?? [],
    fee_ids: inv.fee_ids ?? [],
    discount: inv.discount ?? null,
    notes: inv.notes ?? '',
    terms: inv.terms ?? '',
    payment_instructions: inv.payment_instructions ?? '',
    part_payments: inv.part_payments ?? null,
    public_id: inv.public_id ?? '',
    status: inv.status ?? 'draft',
    sent_at: inv.sent_at ?? null,
    finished_at: inv.finished_at ?? null,
    voided_at: inv.voided_at ?? null,
    converted_invoice_id: inv.converted_invoice_id ?? null,
    payments: inv.payments ?? [],
    subtotal: inv.subtotal ?? 0,
    discount_total: inv.discount_total ?? 0,
    tax_total: inv.tax_total ?? 0,
    fee_total: inv.fee_total ?? 0,
    total_due: inv.total_due ?? 0,
    amount_paid: inv.amount_paid ?? 0,
    balance: inv.balance ?? 0,
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

/** An unguessable public link id made on the device (128 random bits, base64url: 22 characters). */
export function newPublicId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Chip colours per displayed status (shades with white text at ≥ 4.5:1; the view's badge picks black on yellow). */
export const STATUS_COLORS: Record<DisplayStatus, string> = {
  draft: 'gray',
  ready: 'cyan.9',
  sent: 'blue',
  partially_paid: 'yellow',
  paid: 'teal',
  overdue: 'red',
  void: 'dark',
  converted: 'grape',
};
