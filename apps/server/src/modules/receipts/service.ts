import {
  type CustomerLanguage,
  documentStrings,
  documentText,
  formatDateIn,
  formatMessageMoneyIn,
  labelled,
  type InvoiceRecord,
  paymentMethodIn,
  type Receipt,
  type ReceiptCredit,
  receiptFor,
  receiptShowsMinor,
  receiptsOf,
  testStamp,
} from '@duka/core';
import { buildReceiptPdf } from '@duka/pdf';
import { eq } from 'drizzle-orm';
import { invoices, receiptEmails } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pdfFiscalOf } from '../fiscal';
import { logoPng } from '../invoices';
import { getInvoice, liveCreditNotesOf, loadParties, publicLink, toApi } from '../invoices';
import { getMailer } from '../mail';

/**
 * The invoice's live credit notes with their days (issue 26): a receipt takes off only those issued up to its
 * payment's day (core's creditedAsAt), so printing an old receipt again after a later credit note changes nothing.
 */
export async function receiptCredits(ctx: AppContext, userId: string, invoiceId: string): Promise<ReceiptCredit[]> {
  return ctx.db.select({ issue_date: invoices.issueDate, total_due: invoices.totalDue }).from(invoices).where(liveCreditNotesOf(userId, invoiceId));
}

export async function receiptOf(ctx: AppContext, userId: string, inv: InvoiceRecord, paymentId: string): Promise<Receipt> {
  const r = receiptFor(inv, paymentId, await receiptCredits(ctx, userId, inv.id));
  if (!r) throw new AppError('not_found', 'Receipt not found');
  return r;
}

export async function listReceipts(ctx: AppContext, userId: string, invoiceId: string): Promise<Receipt[]> {
  return receiptsOf(toApi(await getInvoice(ctx.db, userId, invoiceId)), await receiptCredits(ctx, userId, invoiceId));
}

/** The receipt PDF as the server makes it (e-mail, public link): the same package and input as on the device. */
export async function receiptPdf(ctx: AppContext, inv: InvoiceRecord, userId: string, paymentId: string): Promise<{ receipt: Receipt; pdf: Uint8Array }> {
  const receipt = await receiptOf(ctx, userId, inv, paymentId);
  const parties = await loadParties(ctx.db, userId, inv.contact_id);
  const logo = await logoPng(ctx, parties.business.logoLocation);
  const pdf = await buildReceiptPdf(receipt, {
    // The business as on the invoice PDF (issue 23): address and phone too.
    business: { name: parties.business.name, email: parties.business.email, address: parties.business.address ?? null, phone: parties.business.phone ?? null },
    client: { name: parties.client.name, email: parties.client.email, phone: parties.client.phone },
    link: publicLink(ctx, inv.public_id),
    logo: logo ? new Uint8Array(logo) : null,
    language: parties.language,
    fiscal: await pdfFiscalOf(ctx, userId, inv.id, parties.client.tax_id),
  });
  return { receipt, pdf };
}

/** The receipt e-mail's text in the client's language (issue 19), its date as the invoice e-mail writes it (27 Nov 26; t19). */
export function receiptEmailText(r: Receipt, business: string, client: string, link: string, language: CustomerLanguage = 'en'): string {
  const S = documentStrings(language);
  const minor = receiptShowsMinor(r);
  const money = (n: number) => formatMessageMoneyIn(n, r.currency, language, { minor });
  const method = language === 'en' ? r.method_label : `${paymentMethodIn(r, language)}${testStamp(r)}`;
  const line = (label: string, value: string) => labelled(language, label, value);
  return [
    documentText(language, 'hello', { client }),
    '',
    documentText(language, 'receiptThanks', { amount: money(r.amount), invoice: r.invoice_number, number: r.number }),
    '',
    line(S.receiptWord, r.number),
    line(S.date, formatDateIn(r.date, language)),
    line(S.method, `${method}${r.reference ? ` (${r.reference})` : ''}`),
    line(S.amount, money(r.amount)),
    // With a credit note (issue 26): the whole sum, so the balance left adds up.
    ...(r.credited > 0
      ? [line(S.invoiceTotal, money(r.invoice_total)), line(S.credited, `-${money(r.credited)}`), line(S.paidToDate, money(r.paid_to_date))]
      : []),
    line(S.balanceLeft, money(r.balance_left)),
    '',
    documentText(language, r.balance_left > 0 ? 'viewAndPayRestAt' : 'viewTheInvoiceAt', { link }),
    '',
    business,
  ].join('\n');
}

/** The receipt e-mail's subject in the client's language. */
export function receiptEmailSubject(r: Receipt, business: string, language: CustomerLanguage): string {
  return documentText(language, 'receiptEmailSubject', { number: r.number, business });
}

export async function emailReceipt(
  ctx: AppContext,
  userId: string,
  invoiceId: string,
  paymentId: string,
  to?: string,
): Promise<{ to: string; receipt: Receipt }> {
  const inv = toApi(await getInvoice(ctx.db, userId, invoiceId));
  const parties = await loadParties(ctx.db, userId, inv.contact_id);
  // Receipts go only to the client's address on file (issue 22): account e-mails are not verified, so the
  // platform's sender never mails a receipt to an address typed in the request.
  const address = parties.client.email;
  if (!address)
    throw new AppError('unprocessable', "This client has no e-mail address. Add one to the client's details to send the receipt.", {
      to: "Add an e-mail address to the client's details",
    });
  if (to && to.trim().toLowerCase() !== address.trim().toLowerCase())
    throw new AppError(
      'unprocessable',
      `Receipts are sent only to the client's e-mail address (${address}). To send elsewhere, change the client's e-mail first.`,
      {
        to: "Use the client's e-mail address",
      },
    );
  const { receipt, pdf } = await receiptPdf(ctx, inv, userId, paymentId);
  await getMailer(ctx).send({
    account: userId,
    to: address,
    subject: receiptEmailSubject(receipt, parties.business.name, parties.language),
    text: receiptEmailText(receipt, parties.business.name, parties.client.name, publicLink(ctx, inv.public_id), parties.language),
    attachments: [{ filename: `${receipt.number}.pdf`, content: Buffer.from(pdf), contentType: 'application/pdf' }],
  });
  return { to: address, receipt };
}

/** After an online payment: the customer gets the receipt by e-mail when the invoice's client has an address (once per payment). */
export async function emailReceiptAfterOnlinePayment(
  ctx: AppContext,
  info: { userId: string; invoiceId: string; paymentId: string },
  log: { error: (o: unknown, m?: string) => void },
): Promise<void> {
  const inv = toApi(await getInvoice(ctx.db, info.userId, info.invoiceId));
  const parties = await loadParties(ctx.db, info.userId, inv.contact_id);
  // Whether the payment is on the invoice (its balance is worked out when the receipt is made).
  if (!parties.client.email || !inv.payments.some((p) => p.id === info.paymentId)) return;
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
