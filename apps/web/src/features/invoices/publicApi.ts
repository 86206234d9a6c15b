import type { ClientSecret, CustomerLanguage, PaymentsConfig, PublicInvoice, RouteBody } from '@duka/core';
import { api, API_BASE, routePath } from '../../data/api';

export type { ClientSecret, PaymentsConfig, PublicInvoice };

/**
 * Calls of the public invoice page (no token): kept apart from the owner's code so the public page's
 * chunk stays small (no Dexie, no PDF builder).
 */

/** GET /invoices/public/{public_id}: the client's view of an invoice (no token). */
export function fetchPublicInvoice(publicId: string): Promise<PublicInvoice> {
  return api('GET /invoices/public/:public_id', { params: { public_id: publicId } });
}

/** The client's page shows the invoice (issue 22): a finished, unsent invoice becomes sent. Never a GET: scanners follow links. */
export function markPublicInvoiceViewed(publicId: string): Promise<PublicInvoice> {
  return api('POST /invoices/public/:public_id/viewed', { params: { public_id: publicId } });
}

/** The invoice PDF; `language`: the one the customer switched the page to (else the client's). */
export function publicPdfUrl(publicId: string, language?: string): string {
  const query = language ? { lang: language as CustomerLanguage } : undefined;
  return `${API_BASE}${routePath('GET /invoices/public/:public_id/pdf', { params: { public_id: publicId }, query })}`;
}

/** A payment's receipt PDF (t18 E2): the invoice's public id and the payment's id (the public JSON gives both). */
export function publicReceiptUrl(publicId: string, paymentId: string): string {
  return `${API_BASE}${routePath('GET /invoices/public/:public_id/receipts/:payment_id/pdf', { params: { public_id: publicId, payment_id: paymentId } })}`;
}

export function fetchPaymentsConfig(): Promise<PaymentsConfig> {
  return api('GET /payments/config');
}

/** SPEC §7: GET /{card provider}/client-secrete/{id}, no token. */
export function fetchClientSecret(provider: string, publicId: string, amount?: number): Promise<ClientSecret> {
  return api('GET /:provider/client-secrete/:public_id', { params: { provider, public_id: publicId }, ...(amount !== undefined ? { query: { amount } } : {}) });
}

export type TestCard = RouteBody<'POST /test-pay/checkouts/:reference/confirm'>;

/** The built-in TEST MODE provider's confirmation; a decline answers 402 with the provider's message. */
export function confirmTestPayment(clientSecret: string, card: TestCard) {
  return api('POST /test-pay/confirm', { body: { client_secret: clientSecret, ...card } });
}

/** The customer accepts a quote (it becomes an invoice once) or declines it with a reason (issue 23). */
export function acceptQuote(publicId: string) {
  return api('POST /invoices/public/:public_id/accept', { params: { public_id: publicId } });
}

export function declineQuote(publicId: string, reason: string) {
  return api('POST /invoices/public/:public_id/decline', { params: { public_id: publicId }, body: { reason } });
}
