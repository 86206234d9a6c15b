import { api } from '../../data/api';

/** Calls of the hosted (Paystack) checkout for an invoice: public, no token. */
export type PayChannel = 'card' | 'bank_transfer' | 'ussd' | 'mobile_money';

export interface CheckoutQuote {
  provider: string;
  public_id: string;
  number: string;
  currency: string;
  amount: number;
  fee: number;
  total: number;
  channels: PayChannel[];
  customer_pays_fee: boolean;
  test_mode: boolean;
}

export const fetchQuote = (publicId: string) => api<CheckoutQuote>(`/pay/${encodeURIComponent(publicId)}/checkout`, { auth: false });
export const startCheckout = (publicId: string) =>
  api<CheckoutQuote & { authorization_url: string; reference: string }>(`/pay/${encodeURIComponent(publicId)}/checkout`, { auth: false, body: {} });

export interface VerifyAnswer {
  status: 'paid' | 'pending' | 'failed';
  public_id: string;
  balance: number;
  message: string | null;
}
export const verifyPayment = (reference: string) => api<VerifyAnswer>(`/pay/verify/${encodeURIComponent(reference)}`, { auth: false });

export interface TestCheckout {
  reference: string;
  business: string;
  number: string;
  public_id: string;
  amount: number;
  fee: number;
  total: number;
  currency: string;
  channels: PayChannel[];
  status: 'open' | 'paid' | 'closed';
}
export const fetchTestCheckout = (reference: string) => api<TestCheckout>(`/test-pay/invoice-checkouts/${encodeURIComponent(reference)}`, { auth: false });
export const confirmTestCheckout = (reference: string, body: { channel: PayChannel; card_number?: string; exp?: string; cvc?: string; name?: string }) =>
  api<{ status: string; redirect: string }>(`/test-pay/invoice-checkouts/${encodeURIComponent(reference)}/confirm`, { auth: false, body });
