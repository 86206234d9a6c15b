import { api } from '../../data/api';

/** Public M-Pesa calls of the pay page (no token). */
export type MpesaStatus = 'pending' | 'paid' | 'cancelled' | 'timed_out' | 'failed';

const base = (publicId: string) => `/invoices/link/${encodeURIComponent(publicId)}/mpesa`;

export const mpesaAvailable = (publicId: string) => api<{ available: boolean; reason: string | null }>(base(publicId), { auth: false });

export const startMpesa = (publicId: string, phone: string) =>
  api<{ checkout_request_id: string; amount: number; currency: string }>(base(publicId), { auth: false, method: 'POST', body: { phone } });

export const mpesaStatus = (publicId: string, checkoutRequestId: string) =>
  api<{ status: MpesaStatus; message: string | null; balance: number }>(`${base(publicId)}/${encodeURIComponent(checkoutRequestId)}`, { auth: false });
