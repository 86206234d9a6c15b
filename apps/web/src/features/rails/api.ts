import { api } from '../../data/api';

/** The pay page's mobile-money and hosted rails (issue 25), no token. */
export const startRail = (publicId: string, rail: string, body: { phone?: string; network?: string; amount?: number }) =>
  api('POST /invoices/link/:public_id/rails/:rail', { params: { public_id: publicId, rail: rail as never }, body });

/** `transactionId`: the provider's, from a hosted checkout's return URL (Flutterwave); the server verifies it at once. */
export const railStatus = (publicId: string, rail: string, reference: string, transactionId?: string) =>
  api('GET /invoices/link/:public_id/rails/:rail/:reference', {
    params: { public_id: publicId, rail: rail as never, reference },
    ...(transactionId ? { query: { transaction_id: transactionId } } : {}),
  });

/** The code the provider asked the customer for (Paystack's Telecel voucher), for the payment waiting on it. */
export const submitRailOtp = (publicId: string, rail: string, reference: string, otp: string) =>
  api('POST /invoices/link/:public_id/rails/:rail/:reference/otp', { params: { public_id: publicId, rail: rail as never, reference }, body: { otp } });
