/**
 * Airtel Money collections (issue 25): client-credentials token (POST /auth/oauth2/token, cached to expiry),
 * USSD push POST /merchant/v1/payments/ with X-Country and X-Currency (the number without its country code, our
 * transaction id), status GET /standard/v1/payments/{id}: TS paid, TF failed, TE expired, TIP/TA still open.
 * Airtel's status carries no amount: it charged what the request asked, which is the intent's amount. Airtel's
 * callback (POST /webhooks/airtel, set on its portal) is only a hint to ask the status.
 */
import { nationalNumber, RAILS } from '@duka/core';
import type { Config } from '../../../config';
import { AppError } from '../../../lib/errors';
import type { RailAdapter } from './types';
import { callJson, RAIL_TIMEOUT_MS, toMajor } from './fetch-json';

export type AirtelSettings = NonNullable<Config['airtel']>;
const LABEL = 'Airtel Money';

/** Airtel's transaction id for our reference (a UUID without its dashes: 32 characters). */
export const airtelId = (reference: string) => reference.replace(/-/g, '');
/** Our reference back from Airtel's transaction id. */
export function referenceOfAirtelId(id: string): string | null {
  const h = /^[0-9a-f]{32}$/i.exec(id)?.[0];
  return h ? `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}` : null;
}

export function createAirtel(settings: AirtelSettings, apiBase: string, { retryBackoffMs = 300, timeoutMs = RAIL_TIMEOUT_MS } = {}): RailAdapter {
  let token: { value: string; expires: number } | null = null;
  async function accessToken(): Promise<string> {
    if (token && token.expires > Date.now()) return token.value;
    const { status, body } = await callJson(
      LABEL,
      `${apiBase}/auth/oauth2/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: '*/*' },
        body: JSON.stringify({ client_id: settings.clientId, client_secret: settings.clientSecret, grant_type: 'client_credentials' }),
      },
      { retries: 2, backoffMs: retryBackoffMs, timeoutMs },
    );
    const value = typeof body.access_token === 'string' ? body.access_token : '';
    if (status !== 200 || !value)
      throw new AppError('bad_gateway', 'Airtel Money refused our credentials. The business needs to check its Airtel Money settings.');
    const seconds = Number(body.expires_in) || 180;
    token = { value, expires: Date.now() + Math.max(seconds - 30, 10) * 1000 };
    return value;
  }
  async function authed(path: string, init: RequestInit & { headers: Record<string, string> }, retries: number) {
    const send = async () =>
      callJson(
        LABEL,
        `${apiBase}${path}`,
        { ...init, headers: { accept: '*/*', ...init.headers, authorization: `Bearer ${await accessToken()}` } },
        {
          retries,
          backoffMs: retryBackoffMs,
          timeoutMs,
        },
      );
    let res = await send();
    if (res.status === 401) {
      token = null;
      res = await send();
    }
    return res;
  }
  return {
    provider: 'airtel',
    label: LABEL,
    testMode: apiBase.includes('openapiuat'),
    async start(req) {
      if (!req.phone) throw new AppError('validation_failed', 'Enter your Airtel Money number', { phone: 'Enter your Airtel Money number' });
      const res = await authed(
        '/merchant/v1/payments/',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-country': req.country, 'x-currency': req.currency },
          body: JSON.stringify({
            reference: `Invoice ${req.invoiceNumber}`.slice(0, 64),
            subscriber: { country: req.country, currency: req.currency, msisdn: nationalNumber(req.phone, req.country) },
            transaction: { amount: Number(toMajor(req.amount, req.currency)), country: req.country, currency: req.currency, id: airtelId(req.reference) },
          }),
        },
        2,
      );
      const st = (res.body.status ?? {}) as { success?: unknown; message?: unknown; response_code?: unknown };
      // A resend of the same transaction id is refused as a duplicate: the first one stands.
      if (res.status === 200 && (st.success === true || /duplicate/i.test(String(st.message ?? ''))))
        return { providerRef: `${req.country}:${req.currency}`, redirectUrl: null };
      throw new AppError('bad_gateway', `Airtel Money could not send the payment prompt: ${String(st.message ?? `HTTP ${res.status}`)}`);
    },
    async check(intent) {
      const [country, currency] = (intent.providerRef ?? '').split(':');
      if (!country || !currency) throw new AppError('bad_gateway', 'Airtel Money payment without its country');
      const res = await authed(
        `/standard/v1/payments/${airtelId(intent.reference)}`,
        { method: 'GET', headers: { 'x-country': country, 'x-currency': currency } },
        1,
      );
      const tx =
        ((res.body.data ?? {}) as { transaction?: { status?: unknown; airtel_money_id?: unknown; message?: unknown; id?: unknown } }).transaction ?? {};
      if (res.status === 404) return { kind: 'pending' };
      if (res.status !== 200 || (tx.id !== undefined && String(tx.id) !== airtelId(intent.reference)))
        throw new AppError('bad_gateway', `Could not reach ${LABEL}. Please try again in a moment.`);
      const code = String(tx.status ?? '');
      const message = typeof tx.message === 'string' && tx.message ? tx.message : '';
      if (code === 'TS')
        return { kind: 'paid', amount: Number.NaN, asked: true, currency, operatorId: String(tx.airtel_money_id ?? ''), wallet: RAILS.airtel_money.name };
      if (code === 'TE') return { kind: 'timed_out', message: 'The Airtel Money prompt timed out.' };
      if (code === 'TF') {
        return /cancel|declin|reject/i.test(message)
          ? { kind: 'cancelled', message: 'The payment was declined on the phone.' }
          : { kind: 'failed', message: message || 'Airtel Money could not take the payment.' };
      }
      return { kind: 'pending' };
    },
  };
}
