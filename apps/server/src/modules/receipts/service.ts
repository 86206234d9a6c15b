import { formatInvoiceMoney, type InvoiceRecord, type Receipt, receiptFor, receiptsOf } from '@duka/core';
import { buildReceiptPdf } from '@duka/pdf';
import { eq } from 'drizzle-orm';
import { receiptEmails } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { logoPng } from '../invoices';
import { getInvoice, loadParties, publicLink, toApi } from '../invoices';
import { getMailer } from '../mail';

export function receiptOf(inv: InvoiceRecord, paymentId: string): Receipt {
  const r = receiptFor(inv, paymentId);
  if (!r) throw new AppError('not_found', 'Receipt not found');
  return r;
}

export async function listReceipts(ctx: AppContext, userId: string, invoiceId: string): Promise<Receipt[]> {
  return receiptsOf(toApi(await getInvoice(ctx.db, userId, invoiceId)));
}

/** The receipt PDF as the server makes it (e-mail, public link): the same package and input as on the device. */
export async function receiptPdf(ctx: AppContext, inv: InvoiceRecord, userId: string, paymentId: string): Promise<{ receipt: Receipt; pdf: Uint8Array }> {
  const receipt = receiptOf(inv, paymentId);
  const parties = await loadParties(ctx.db, userId, inv.contact_id);
  const logo = await logoPng(ctx, parties.business.logoLocation);
  const pdf = await buildReceiptPdf(receipt, {
    business: { name: parties.business.name, email: parties.business.email },
    client: { name: parties.client.name, email: parties.client.email, phone: parties.client.phone },
    link: publicLink(ctx, inv.public_id),
    logo: logo ? new Uint8Array(logo) : null,
  });
  return { receipt, pdf };
}

export function receiptEmailText(r: Receipt, business: string, client: string, link: string, money: (n: number) => string): string {
  return [
    `Hello ${client},`,
    '',
    `Thank you for your payment of ${money(r.amount)} for invoice ${r.invoice_number}. Your receipt ${r.number} is attached.`,
    '',
    `Receipt: ${r.number}`,
    `Date: ${r.date}`,
    `Method: ${r.method_label}${r.reference ? ` (${r.reference})` : ''}`,
    `Amount: ${money(r.amount)}`,
    `Balance left: ${money(r.balance_left)}`,
    '',
    `${r.balance_left > 0 ? 'View and pay the rest' : 'View the invoice'} online: ${link}`,
    '',
    business,
  ].join('\n');
}

export async function emailReceipt(ctx: AppContext, userId: string, invoiceId: string, paymentId: string, to?: string): Promise<{ to: string; receipt: Receipt }> {
  const inv = toApi(await getInvoice(ctx.db, userId, invoiceId));
  const parties = await loadParties(ctx.db, userId, inv.contact_id);
  const address = to ?? parties.client.email;
  if (!address) throw new AppError('unprocessable', 'This client has no e-mail address. Enter one to send the receipt.', { to: 'Enter an e-mail address' });
  const { receipt, pdf } = await receiptPdf(ctx, inv, userId, paymentId);
  await getMailer(ctx).send({
    to: address,
    subject: `Receipt ${receipt.number} from ${parties.business.name}`,
    text: receiptEmailText(receipt, parties.business.name, parties.client.name, publicLink(ctx, inv.public_id), (n) => formatInvoiceMoney(n, inv.currency)),
    attachments: [{ filename: `${receipt.number}.pdf`, content: Buffer.from(pdf), contentType: 'application/pdf' }],
  });
  return { to: address, receipt };
}

/** After an online payment: the customer gets the receipt by e-mail when the invoice's client has an address (once per payment). */
export async function emailReceiptAfterOnlinePayment(ctx: AppContext, info: { userId: string; invoiceId: string; paymentId: string }, log: { error: (o: unknown, m?: string) => void }): Promise<void> {
  const inv = toApi(await getInvoice(ctx.db, info.userId, info.invoiceId));
  const parties = await loadParties(ctx.db, info.userId, inv.contact_id);
  if (!parties.client.email || !receiptFor(inv, info.paymentId)) return;
  const claimed = await ctx.db
    .insert(receiptEmails)
    .values({ paymentId: info.paymentId, userId: info.userId, invoiceId: info.invoiceId, to: parties.client.email })
    .onConflictDoNothing()
    .returning({ id: receiptEmails.paymentId });
  if (!claimed.length) return;
  try {
    await emailReceipt(ctx, info.userId, info.invoiceId, info.paymentId);
  } catch (err) {
    // Released so a later replay of the payment event can try again.
    await ctx.db.delete(receiptEmails).where(eq(receiptEmails.paymentId, info.paymentId));
    log.error(err, 'receipt e-mail failed');
    throw err;
  }
}
