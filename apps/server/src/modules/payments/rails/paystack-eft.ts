/**
 * Paystack's Pay with Bank in South Africa (issue 25: "instant EFT through Paystack"): Instant EFT (Paystack's Ozow
 * integration) and Capitec Pay on Paystack's hosted checkout, in rand. POST /transaction/initialize with our
 * reference, the amount in cents, currency ZAR and channels ['eft', 'capitec_pay'] answers the checkout's
 * authorization_url; Paystack sends the customer back to callback_url (the invoice page) and posts charge.success to
 * the account's webhook (POST /webhooks/paystack, signed x-paystack-signature), a hint only: GET
 * /transaction/verify/{reference} says what happened (status success; amount, currency and reference must match)
 * before anything is recorded. The same PAYSTACK_SECRET_KEY as the naira checkout; PAYSTACK_API_BASE for tests.
 */
import { AppError } from '../../../lib/errors';
import type { RailAdapter, RailState } from './types';
import { callJson, RAIL_TIMEOUT_MS } from './fetch-json';

/** The provider name on its intents and payments (apart from the naira checkout's 'paystack'). */
export const PAYSTACK_EFT = 'paystack-eft';
/** Paystack's South African bank channels on its checkout. */
export const PAYSTACK_EFT_CHANNELS = ['eft', 'capitec_pay'] as const;
/** Marks a rail's transaction in its metadata: the webhook then hints the rail, never records the payment itself. */
export const PAYSTACK_RAIL_META = 'duka_rail';
const LABEL = 'Paystack';

/** Paystack's channel as Duka's payment method: EFT and Capitec Pay move money from the customer's bank. */
function methodOf(channel: unknown): 'card' | 'bank_transfer' | 'other' {
  if (channel === 'card') return 'card';
  return channel === 'eft' || channel === 'capitec_pay' || channel === 'bank' || channel === 'bank_transfer' ? 'bank_transfer' : 'other';
}

/**
 * What Paystack says of a transaction, asked by our reference (GET /transaction/verify/{reference}): the only answer a
 * payment is recorded on. The reference must be ours; the amount (subunits) and currency are handed on to be compared
 * with what was asked. `methodOf`: the rail's reading of Paystack's channel.
 */
export async function verifyPaystack(
  label: string,
  apiBase: string,
  secretKey: string,
  reference: string,
  methodOf: (channel: unknown) => 'card' | 'bank_transfer' | 'mobile_money' | 'other',
  { retryBackoffMs = 300, timeoutMs = RAIL_TIMEOUT_MS } = {},
): Promise<RailState> {
  const res = await callJson(
    label,
    `${apiBase}/transaction/verify/${encodeURIComponent(reference)}`,
    { method: 'GET', headers: { authorization: `Bearer ${secretKey}` } },
    { retries: 1, backoffMs: retryBackoffMs, timeoutMs },
  );
  // "Transaction reference not found": the customer has not reached Paystack's page yet.
  if (res.status === 400 || res.status === 404) return { kind: 'pending' };
  const d = (res.body.data ?? {}) as Record<string, unknown>;
  if (res.status !== 200 || res.body.status !== true || d.reference !== reference)
    throw new AppError('bad_gateway', `Could not reach ${label}. Please try again in a moment.`);
  const status = String(d.status ?? '').toLowerCase();
  if (status === 'success') {
    const amount = typeof d.amount === 'number' && Number.isSafeInteger(d.amount) ? d.amount : NaN;
    return { kind: 'paid', amount, currency: String(d.currency ?? '').toUpperCase(), operatorId: String(d.id ?? ''), method: methodOf(d.channel) };
  }
  const why = typeof d.gateway_response === 'string' && d.gateway_response ? d.gateway_response : '';
  if (status === 'failed' || status === 'reversed') return { kind: 'failed', message: why || 'Paystack could not take the payment.' };
  // 'abandoned' (not paid yet: the customer may still be at their bank), 'ongoing', 'pending', 'processing', 'queued'.
  return { kind: 'pending' };
}

export function createPaystackEft(secretKey: string, apiBase: string, { retryBackoffMs = 300, timeoutMs = RAIL_TIMEOUT_MS } = {}): RailAdapter {
  const headers = { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' };
  return {
    provider: PAYSTACK_EFT,
    label: LABEL,
    testMode: secretKey.startsWith('sk_test_'),
    async start(req) {
      if (req.currency !== 'ZAR') throw new AppError('conflict', `Paystack's EFT does not take payments in ${req.currency}`);
      const res = await callJson(
        LABEL,
        `${apiBase}/transaction/initialize`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({
            email: req.email ?? `invoice-${req.publicId}@duka.invalid`,
            // Paystack takes the amount in the currency's subunit (cents), as Duka stores it.
            amount: req.amount,
            currency: 'ZAR',
            reference: req.reference,
            channels: PAYSTACK_EFT_CHANNELS,
            callback_url: req.returnUrl,
            metadata: {
              [PAYSTACK_RAIL_META]: 'paystack_eft',
              public_id: req.publicId,
              invoice_number: req.invoiceNumber,
              custom_fields: [{ display_name: 'Invoice', variable_name: 'invoice_number', value: req.invoiceNumber }],
            },
          }),
        },
        // Our reference is unique at Paystack: a retry after a time-out or a 5xx can never open a second charge.
        { retries: 2, backoffMs: retryBackoffMs, timeoutMs },
      );
      const data = (res.body.data ?? {}) as { authorization_url?: unknown; access_code?: unknown };
      if (res.status !== 200 || res.body.status !== true || typeof data.authorization_url !== 'string') {
        const why = typeof res.body.message === 'string' ? res.body.message : `HTTP ${res.status}`;
        throw new AppError('bad_gateway', `Paystack could not open its checkout: ${why}`);
      }
      return { providerRef: typeof data.access_code === 'string' ? data.access_code : null, redirectUrl: data.authorization_url };
    },
    check: (intent) => verifyPaystack(LABEL, apiBase, secretKey, intent.reference, methodOf, { retryBackoffMs, timeoutMs }),
  };
}
