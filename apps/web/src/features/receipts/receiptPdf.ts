import { clientLanguage, type Receipt } from '@duka/core';
import type { Contact } from '../../data/db';
import { getCurrentUser } from '../../data/user';
import { activeLanguage } from '../../i18n';

/** The customer's link to a receipt PDF (made by the server from the same package and data). */
export function receiptLink(publicId: string, paymentId: string): string {
  return `${window.location.origin}/api/invoices/public/${publicId}/receipts/${paymentId}/pdf`;
}

/** Builds the receipt PDF on the device with @duka/pdf (loaded on demand); works offline. */
export async function makeReceiptPdf(receipt: Receipt, client: Contact | null, link: string | null): Promise<Uint8Array> {
  const { buildReceiptPdf } = await import('@duka/pdf');
  const user = getCurrentUser();
  return buildReceiptPdf(receipt, {
    business: { name: user?.company_name || user?.name || '', email: user?.email ?? null },
    client: { name: client?.name ?? '', email: client?.email ?? null, phone: client?.phone ?? null },
    link,
    language: clientLanguage(client?.language, activeLanguage()),
  });
}
