import { todayForBusiness } from '../../../data/today';
import { type CommandResult, convertQuoteCommand, type PaymentCommandInput, markSentCommand, newPublicId, recordPaymentCommand, voidCommand } from '@duka/core';
import { api } from '../../../data/api';
import { db } from '../../../data/db';
import { syncEngine } from '../../../data/sync/engine';
import { businessTimeZoneNow } from '../../../data/today';
import { allocateNumber, saveInvoice, userInvoiceDefaults } from './data';
import { asInvoice, type Invoice } from './model';

/**
 * Owner actions: core's invoice commands (the same the server runs), applied on the device and synced.
 * A command refuses what the server would refuse (InvoiceCommandError, with the server's message).
 */

/** Writes a command's result on the device: new records first (the invoice a quote becomes), then the changes. */
export async function applyCommand(inv: Invoice, result: CommandResult<Invoice>): Promise<Invoice> {
  for (const r of result.records) await saveInvoice(asInvoice(r as unknown as Record<string, unknown>));
  return Object.keys(result.changes).length ? saveInvoice({ ...inv, ...result.changes }) : inv;
}

/** A payment received, or (`refund: true`, t21 R1) a refund paid out to the client: core's recordPaymentCommand. */
export async function recordPayment(inv: Invoice, payment: Omit<PaymentCommandInput, 'id'>): Promise<Invoice> {
  return applyCommand(inv, recordPaymentCommand(inv, { ...payment, id: crypto.randomUUID() }, new Date(), todayForBusiness()));
}

export async function markSent(inv: Invoice): Promise<Invoice> {
  return applyCommand(inv, markSentCommand(inv, undefined, new Date()));
}

/** Shared by the owner (link copied, WhatsApp, PDF shared): the invoice counts as sent from now on. */
export async function markShared(inv: Invoice): Promise<void> {
  if (inv.sent_at || inv.voided_at) return;
  await markSent(inv);
}

export async function voidInvoice(inv: Invoice): Promise<Invoice> {
  return applyCommand(inv, voidCommand(inv, undefined, new Date()));
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
 * Quote → invoice, on the device whether online or not (core's convertQuoteCommand, as the server's /convert).
 * Online, a sync first tells whether another device converted it already; the new invoice's id comes from the
 * quote's, so even two conversions made apart end as one invoice. Returns the invoice's id.
 */
export async function convertQuote(quote: Invoice): Promise<string> {
  if (quote.converted_invoice_id) return quote.converted_invoice_id;
  if (navigator.onLine) await syncNow().catch(() => undefined);
  const stored = await db.invoices.get(quote.id);
  const current = stored ? asInvoice(stored as unknown as Record<string, unknown>) : quote;
  if (current.converted_invoice_id) return current.converted_invoice_id;
  const input = {
    number: await allocateNumber('invoice'),
    public_id: newPublicId(),
    due_days: userInvoiceDefaults().due_days,
    time_zone: businessTimeZoneNow(),
  };
  const result = convertQuoteCommand(current, input, new Date());
  await applyCommand(current, result);
  if (navigator.onLine) void syncNow().catch(() => undefined);
  return result.records[0].id;
}

export function publicLink(inv: Invoice): string {
  return `${window.location.origin}/invoice/link/${inv.public_id}`;
}
