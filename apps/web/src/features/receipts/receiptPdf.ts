import { clientLanguage, type Receipt } from '@duka/core';
import { routePath } from '../../data/api';
import type { Contact } from '../../data/db';
import { getCurrentUser } from '../../data/user';
import { activeLanguage } from '../../i18n';

/** The customer's link to a receipt PDF (made by the server from the same package and data). */
export function receiptLink(publicId: string, paymentId: string): string {
  return `${window.location.origin}/api${routePath('GET /invoices/public/:public_id/receipts/:payment_id/pdf', { params: { public_id: publicId, payment_id: paymentId } })}`;
}

/** Builds the receipt PDF on the device with @duka/pdf (loaded on demand); works offline. */
export async function makeReceiptPdf(receipt: Receipt, client: Contact | null, link: string | null): Promise<Uint8Array> {
  const [{ buildReceiptPdf, pdfParties }, { logoBytes }] = await Promise.all([import('@duka/pdf'), import('../invoices/lib/usePdf')]);
  const user = getCurrentUser();
  // The business as on the invoice PDF (issue 23): logo, address and phone, from the same parties the server prints.
  const { business, client: to } = pdfParties({ ...user, language: activeLanguage() }, client);
  return buildReceiptPdf(receipt, {
    business: { name: business.name, email: business.email ?? null, address: business.address ?? null, phone: business.phone ?? null },
    client: { name: to.name, email: to.email ?? null, phone: to.phone ?? null },
    link,
    logo: await logoBytes(user?.logoUrl),
    language: clientLanguage(client?.language, activeLanguage()),
  });
}
