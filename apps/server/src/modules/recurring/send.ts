import type { AppContext } from '../../lib/context';
import { getMailer } from '../mail';
import { invoicePdf } from '../invoices';
import { getInvoice, invoiceEmailSubject, invoiceEmailText, loadParties, markSent, publicLink, toApi } from '../invoices';

/**
 * "Send automatically": the new invoice is marked sent and, when its client has an e-mail address, e-mailed
 * with its PDF and pay link (the same message as Send by e-mail). Without an address it is marked sent only,
 * so the owner can still share the link by WhatsApp from the device.
 */
export async function sendRecurringInvoice(ctx: AppContext, userId: string, invoiceId: string, now: Date): Promise<void> {
  const inv = toApi(await getInvoice(ctx.db, userId, invoiceId));
  if (inv.status === 'void') return;
  const parties = await loadParties(ctx.db, userId, inv.contact_id);
  if (parties.client.email) {
    const pdf = await invoicePdf(ctx, userId, inv);
    await getMailer(ctx).send({
      account: userId,
      to: parties.client.email,
      subject: invoiceEmailSubject(inv, parties),
      text: invoiceEmailText(inv, parties, publicLink(ctx, inv.public_id)),
      attachments: [{ filename: `${inv.number}.pdf`, content: Buffer.from(pdf), contentType: 'application/pdf' }],
    });
  }
  if (!inv.sent_at) await markSent(ctx, userId, invoiceId, now);
}
