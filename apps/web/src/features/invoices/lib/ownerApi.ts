import { isoDate, quoteToInvoiceData } from '@duka/core';
import { api } from '../../../data/api';
import { syncEngine } from '../../../data/sync/engine';
import { allocateNumber, saveInvoice } from './data';
import { type Invoice, type InvoicePayment, newPublicId } from './model';

/** Owner actions. State changes are written on the device (they sync; payments merge by id on the server). */

export function recordPayment(inv: Invoice, payment: Omit<InvoicePayment, 'id'>): Promise<Invoice> {
  const sent_at = inv.sent_at ?? new Date().toISOString();
  return saveInvoice({ ...inv, sent_at, payments: [...inv.payments, { ...payment, id: crypto.randomUUID() }] });
}

export function markSent(inv: Invoice): Promise<Invoice> {
  return saveInvoice({ ...inv, sent_at: inv.sent_at ?? new Date().toISOString() });
}

/** Shared by the owner (link copied, WhatsApp, PDF shared): the invoice counts as sent from now on. */
export async function markShared(inv: Invoice): Promise<void> {
  if (inv.sent_at || inv.status === 'void') return;
  await markSent(inv);
}

export function voidInvoice(inv: Invoice): Promise<Invoice> {
  return saveInvoice({ ...inv, voided_at: new Date().toISOString() });
}

/** True once the server has this invoice (it has a server version). */
export function onServer(inv: Invoice): boolean {
  return inv.version !== undefined;
}

/** Pushes local changes and pulls the server's state (e.g. the public link, a renumbering). */
export function syncNow(): Promise<void> {
  return syncEngine.sync();
}

/** E-mail through the server's mail transport with the PDF attached. */
export async function emailInvoice(inv: Invoice, to: string): Promise<void> {
  await api('POST /invoices/:id/email', { params: { id: inv.id }, body: { to } });
  await syncNow().catch(() => undefined);
}

/**
 * Quote → invoice. Online (and the quote is on the server): POST /convert, which also marks the quote
 * converted, then sync. Offline: a new invoice is made on the device from the quote.
 */
export async function convertQuote(quote: Invoice): Promise<string> {
  if (onServer(quote) && navigator.onLine) {
    try {
      const res = await api('POST /invoices/:id/convert', { params: { id: quote.id } });
      await syncNow().catch(() => undefined);
      if (res.id) return res.id;
    } catch {
      // fall back to converting on the device
    }
  }
  const today = isoDate();
  const number = await allocateNumber('invoice');
  const data = quoteToInvoiceData({ ...quote, contact_id: quote.contact_id ?? '' }, { issue_date: today, due_date: quote.due_date && quote.due_date >= today ? quote.due_date : today });
  const inv = await saveInvoice({
    ...quote,
    kind: data.kind,
    issue_date: data.issue_date,
    due_date: data.due_date,
    id: crypto.randomUUID(),
    number,
    lines: quote.lines.map((l) => ({ ...l })),
    public_id: newPublicId(),
    status: 'draft',
    sent_at: null,
    finished_at: null,
    voided_at: null,
    converted_invoice_id: null,
    quote_id: quote.id,
    payments: [],
    notice: null,
    version: undefined,
    created_at: undefined,
    updated_at: undefined,
  });
  return inv.id;
}

export function publicLink(inv: Invoice): string {
  return `${window.location.origin}/invoice/link/${inv.public_id}`;
}
