import type { CheckoutQuote, PayChannel, RouteBody, TestInvoiceCheckout, VerifyAnswer } from '@duka/core';
import { api } from '../../data/api';

/** Calls of the hosted (Paystack) checkout for an invoice: public, no token. */
export type { CheckoutQuote, PayChannel, VerifyAnswer };
export type TestCheckout = TestInvoiceCheckout;

/** amount: part of the balance (minor units) when the owner allows part payments; the balance when absent. */
export const fetchQuote = (publicId: string, amount?: number) =>
  api('GET /pay/:public_id/checkout', { params: { public_id: publicId }, ...(amount !== undefined ? { query: { amount } } : {}) });
export const startCheckout = (publicId: string, amount?: number) =>
  api('POST /pay/:public_id/checkout', { params: { public_id: publicId }, body: amount !== undefined ? { amount } : {} });

export const verifyPayment = (reference: string) => api('GET /pay/verify/:reference', { params: { reference } });

export const fetchTestCheckout = (reference: string) => api('GET /test-pay/invoice-checkouts/:reference', { params: { reference } });
export const confirmTestCheckout = (reference: string, body: RouteBody<'POST /test-pay/invoice-checkouts/:reference/confirm'>) =>
  api('POST /test-pay/invoice-checkouts/:reference/confirm', { params: { reference }, body });
