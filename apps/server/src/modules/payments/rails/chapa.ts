/**
 * Chapa (Ethiopia; telebirr, CBE Birr, M-Pesa Ethiopia, cards), issue 25: POST /v1/transaction/initialize with our
 * tx_ref → a hosted checkout_url the customer opens; GET /v1/transaction/verify/{tx_ref} says what happened
 * (status, amount, currency must match). Webhooks carry x-chapa-signature, the HMAC-SHA256 of the body with
 * CHAPA_WEBHOOK_SECRET, and are only a hint to verify.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../../config';
import { AppError } from '../../../lib/errors';
import type { RailAdapter } from './types';
import { callJson, RAIL_TIMEOUT_MS, toMajor, toMinor } from './fetch-json';

export type ChapaSettings = NonNullable<Config['chapa']>;
const LABEL = 'Chapa';

/** x-chapa-signature (or Chapa-Signature) = hex HMAC-SHA256 of the raw body with the webhook secret. */
export function chapaSignatureOk(settings: ChapaSettings, rawBody: Buffer, header: string | string[] | undefined): boolean {
  const given = Array.isArray(header) ? (header[0] ?? '') : (header ?? '');
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = createHmac('sha256', settings.webhookSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

export function createChapa(settings: ChapaSettings, apiBase: string, { retryBackoffMs = 300, timeoutMs = RAIL_TIMEOUT_MS } = {}): RailAdapter {
  const headers = { authorization: `Bearer ${settings.secretKey}`, 'content-type': 'application/json' };
  return {
    provider: 'chapa',
    label: LABEL,
    testMode: settings.secretKey.startsWith('CHASECK_TEST'),
    async start(req) {
      const res = await callJson(
        LABEL,
        `${apiBase}/v1/transaction/initialize`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({
            amount: toMajor(req.amount, req.currency),
            currency: req.currency,
            email: req.email ?? `invoice-${req.publicId}@duka.invalid`,
            tx_ref: req.reference,
            callback_url: req.callbackUrl,
            return_url: req.returnUrl,
            customization: { title: 'Invoice', description: `Invoice ${req.invoiceNumber}`.slice(0, 50) },
          }),
        },
        { retries: 2, backoffMs: retryBackoffMs, timeoutMs },
      );
      const data = (res.body.data ?? {}) as { checkout_url?: unknown };
      if (res.status !== 200 || res.body.status !== 'success' || typeof data.checkout_url !== 'string') {
        const why = typeof res.body.message === 'string' ? res.body.message : `HTTP ${res.status}`;
        throw new AppError('bad_gateway', `Chapa could not open its checkout: ${why}`);
      }
      return { providerRef: null, redirectUrl: data.checkout_url };
    },
    async check(intent) {
      const res = await callJson(
        LABEL,
        `${apiBase}/v1/transaction/verify/${encodeURIComponent(intent.reference)}`,
        { method: 'GET', headers },
        { retries: 1, backoffMs: retryBackoffMs, timeoutMs },
      );
      if (res.status === 404 || res.status === 400) return { kind: 'pending' };
      const d = (res.body.data ?? {}) as { status?: unknown; amount?: unknown; currency?: unknown; tx_ref?: unknown; reference?: unknown };
      if (res.status !== 200 || res.body.status !== 'success' || d.tx_ref !== intent.reference)
        throw new AppError('bad_gateway', `Could not reach ${LABEL}. Please try again in a moment.`);
      const status = String(d.status ?? '').toLowerCase();
      if (status === 'success') {
        const currency = String(d.currency ?? '');
        return { kind: 'paid', amount: toMinor(d.amount, currency), currency, operatorId: String(d.reference ?? '') };
      }
      if (status === 'failed' || status === 'cancelled')
        return { kind: status === 'failed' ? 'failed' : 'cancelled', message: 'Chapa could not take the payment.' };
      return { kind: 'pending' };
    },
  };
}
