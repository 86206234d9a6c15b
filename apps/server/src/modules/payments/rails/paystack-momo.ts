/**
 * Paystack's mobile_money channel in Ghana (issue 25: "MTN MoMo, Telecel Cash, AirtelTigo (Paystack mobile_money
 * channel or Flutterwave)"). POST /charge with our reference, the amount in pesewas, currency GHS and mobile_money {
 * phone, provider } (provider `mtn`, `vod` for Telecel, `atl` for AirtelTigo) answers what the customer does next:
 * `pay_offline` (approve the prompt on the phone), `send_otp` (type a code, Telecel's voucher: POST /charge/submit_otp),
 * `success`, `failed`, or `pending`. Only GET /transaction/verify/{reference} says a payment happened (status success;
 * its amount, currency and reference are compared with what was asked). The account's webhook (POST /webhooks/paystack,
 * x-paystack-signature = HMAC SHA512 of the raw body with the secret key) is a hint to verify at once. The same
 * PAYSTACK_SECRET_KEY as the naira checkout; PAYSTACK_API_BASE for tests.
 */
import { nationalNumber, PAYSTACK_MOBILE_MONEY } from '@duka/core';
import { AppError } from '../../../lib/errors';
import type { OtpAnswer, RailAdapter, RailStarted } from './types';
import { callJson, type JsonAnswer, RAIL_TIMEOUT_MS } from './fetch-json';
import { PAYSTACK_RAIL_META, verifyPaystack } from './paystack-eft';

/** The provider name on its intents and payments. */
export const PAYSTACK_MOMO = 'paystack-momo';
const LABEL = 'Paystack';

/** Paystack's channel as Duka's payment method: this rail's are mobile money. */
const methodOf = (channel: unknown) => (channel === 'mobile_money' || !channel ? 'mobile_money' : channel === 'card' ? 'card' : 'other');

/** Paystack's words to the customer (display_text), else its message, else ours. */
function wordsOf(body: JsonAnswer['body'], fallback: string): string {
  const d = (body.data ?? {}) as { display_text?: unknown; message?: unknown; gateway_response?: unknown };
  for (const s of [d.display_text, d.message, d.gateway_response, body.message]) if (typeof s === 'string' && s.trim()) return s.trim().slice(0, 300);
  return fallback;
}

export function createPaystackMomo(secretKey: string, apiBase: string, { retryBackoffMs = 300, timeoutMs = RAIL_TIMEOUT_MS } = {}): RailAdapter {
  const headers = { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' };
  /** A charge's answer (start or submit_otp) read as what the customer does next. */
  function next(res: JsonAnswer, doing: string): RailStarted | OtpAnswer {
    const data = (res.body.data ?? {}) as { status?: unknown };
    const status = String(data.status ?? '').toLowerCase();
    if (res.status >= 400 || res.body.status !== true) {
      // A retry after a time-out whose first request went through: the same charge, already under way.
      if (/duplicate/i.test(String(res.body.message ?? ''))) return { providerRef: null, redirectUrl: null };
      throw new AppError('bad_gateway', `Paystack could not ${doing}: ${wordsOf(res.body, `HTTP ${res.status}`)}`);
    }
    if (status === 'send_otp') return { kind: 'otp', prompt: wordsOf(res.body, 'Enter the code your network sent you.') };
    if (status === 'failed') return { kind: 'failed', message: wordsOf(res.body, 'Paystack could not take the payment.') };
    // pay_offline (approve on the phone), pending, success: the page waits, and only Verify says paid.
    return { kind: 'pending' };
  }
  return {
    provider: PAYSTACK_MOMO,
    label: LABEL,
    testMode: secretKey.startsWith('sk_test_'),
    async start(req) {
      const provider = PAYSTACK_MOBILE_MONEY.find((p) => p.code === req.network)?.code;
      if (req.currency !== 'GHS' || req.country !== 'GH' || !req.phone)
        throw new AppError('conflict', `Paystack's mobile money does not take payments in ${req.currency}`);
      if (!provider) throw new AppError('validation_failed', 'Choose your mobile-money network', { network: 'Choose your mobile-money network' });
      const res = await callJson(
        LABEL,
        `${apiBase}/charge`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({
            email: req.email ?? `invoice-${req.publicId}@duka.invalid`,
            // Pesewas, as Duka stores them (Paystack takes the subunit).
            amount: req.amount,
            currency: 'GHS',
            reference: req.reference,
            // The national number with its 0 (0244123456), as Paystack's Ghana examples write it.
            mobile_money: { phone: `0${nationalNumber(req.phone, 'GH')}`, provider },
            metadata: { [PAYSTACK_RAIL_META]: 'paystack_momo', public_id: req.publicId, invoice_number: req.invoiceNumber },
          }),
        },
        // Our reference is unique at Paystack: a retry after a time-out or a 5xx never charges twice.
        { retries: 2, backoffMs: retryBackoffMs, timeoutMs },
      );
      const answer = next(res, 'send the payment prompt');
      if ('kind' in answer && answer.kind === 'failed') throw new AppError('bad_gateway', `Paystack could not send the payment prompt: ${answer.message}`);
      if ('kind' in answer && answer.kind === 'otp') return { providerRef: null, redirectUrl: null, otpPrompt: answer.prompt };
      return { providerRef: null, redirectUrl: null };
    },
    async submitOtp(intent, otp) {
      const res = await callJson(
        LABEL,
        `${apiBase}/charge/submit_otp`,
        { method: 'POST', headers, body: JSON.stringify({ otp, reference: intent.reference }) },
        // Not retried: a code is used once, and a second answer to the same code would only confuse.
        { retries: 0, timeoutMs },
      );
      if (res.status === 400 && !/duplicate/i.test(String(res.body.message ?? ''))) {
        // A wrong or expired code: the customer may type it again.
        return { kind: 'otp', prompt: wordsOf(res.body, 'That code was not accepted. Check it and type it again.') };
      }
      const answer = next(res, 'take the code');
      return 'kind' in answer ? answer : { kind: 'pending' };
    },
    check: (intent) => verifyPaystack(LABEL, apiBase, secretKey, intent.reference, methodOf, { retryBackoffMs, timeoutMs }),
  };
}
