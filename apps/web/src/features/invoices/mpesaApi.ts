import type { MpesaPushStatus } from '@duka/core';
import { api } from '../../data/api';

/** Public M-Pesa calls of the pay page (no token). */
export type MpesaStatus = MpesaPushStatus;

/** amount: part of the balance (whole shillings, minor units) when the owner allows part payments. */
export const startMpesa = (publicId: string, phone: string, amount?: number) =>
  api('POST /invoices/link/:public_id/mpesa', { params: { public_id: publicId }, body: amount !== undefined ? { phone, amount } : { phone } });

export const mpesaStatus = (publicId: string, checkoutRequestId: string) =>
  api('GET /invoices/link/:public_id/mpesa/:checkout_request_id', { params: { public_id: publicId, checkout_request_id: checkoutRequestId } });
