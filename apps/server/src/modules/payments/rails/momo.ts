/**
 * MTN MoMo Collections (issue 25): API user + API key → Basic → bearer token (POST /collection/token/, cached
 * until it expires), POST /collection/v1_0/requesttopay with our X-Reference-Id (a retry sends the same one; MTN
 * answers 409 for a reference it already has), GET /collection/v1_0/requesttopay/{reference} for the status.
 * X-Target-Environment per payer country (MOMO_TARGET_ENVIRONMENT: one value, or UG=mtnuganda,GH=mtnghana…).
 * MTN's callback carries no signature: it is only a hint to ask the status.
 */
import { RAILS } from '@duka/core';
import type { Config } from '../../../config';
import { AppError } from '../../../lib/errors';
import type { RailAdapter, RailState } from './types';
import { callJson, RAIL_TIMEOUT_MS, toMajor, toMinor } from './fetch-json';

export type MomoSettings = NonNullable<Config['momo']>;
const LABEL = 'MTN MoMo';

/** The target environment for a payer country. */
export function momoEnvironment(setting: string, country: string): string {
  if (!setting.includes('=')) return setting;
  for (const part of setting.split(',')) {
    const [cc, env] = part.split('=').map((s) => s.trim());
    if (cc?.toUpperCase() === country.toUpperCase() && env) return env;
  }
  throw new AppError('conflict', `MTN MoMo is not set up for this country (${country})`);
}

/** MTN's failure reasons in plain words. */
function failure(reason: unknown): RailState {
  const code = typeof reason === 'string' ? reason : typeof reason === 'object' && reason ? String((reason as { code?: unknown }).code ?? '') : '';
  if (code === 'APPROVAL_REJECTED') return { kind: 'cancelled', message: 'The payment was declined on the phone.' };
  if (code === 'EXPIRED') return { kind: 'timed_out', message: 'The MTN MoMo prompt timed out.' };
  if (code === 'NOT_ENOUGH_FUNDS') return { kind: 'failed', message: 'There is not enough money on this MTN MoMo account.' };
  if (code === 'PAYER_NOT_FOUND') return { kind: 'failed', message: 'This number has no MTN MoMo account.' };
  if (code === 'PAYER_LIMIT_REACHED') return { kind: 'failed', message: 'This MTN MoMo account has reached its limit.' };
  return { kind: 'failed', message: code ? `MTN MoMo could not take the payment (${code}).` : 'MTN MoMo could not take the payment.' };
}

export function createMomo(settings: MomoSettings, apiBase: string, { retryBackoffMs = 300, timeoutMs = RAIL_TIMEOUT_MS } = {}): RailAdapter {
  let token: { value: string; expires: number } | null = null;
  const common = { 'ocp-apim-subscription-key': settings.subscriptionKey };

  async function accessToken(): Promise<string> {
    if (token && token.expires > Date.now()) return token.value;
    const basic = Buffer.from(`${settings.apiUser}:${settings.apiKey}`).toString('base64');
    const { status, body } = await callJson(
      LABEL,
      `${apiBase}/collection/token/`,
      { method: 'POST', headers: { ...common, authorization: `Basic ${basic}` } },
      { retries: 2, backoffMs: retryBackoffMs, timeoutMs },
    );
    const value = typeof body.access_token === 'string' ? body.access_token : '';
    if (status !== 200 || !value) throw new AppError('bad_gateway', 'MTN MoMo refused our credentials. The business needs to check its MTN MoMo settings.');
    const seconds = Number(body.expires_in) || 3600;
    token = { value, expires: Date.now() + Math.max(seconds - 60, 30) * 1000 };
    return value;
  }

  /** A call with the bearer token; a 401 (token revoked or expired early) gets one fresh token. */
  async function authed(path: string, init: RequestInit & { headers: Record<string, string> }, retries: number) {
    const send = async () =>
      callJson(
        LABEL,
        `${apiBase}${path}`,
        { ...init, headers: { ...common, ...init.headers, authorization: `Bearer ${await accessToken()}` } },
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

  const environments = new Map<string, string>();
  return {
    provider: 'momo',
    label: LABEL,
    testMode: settings.targetEnvironment === 'sandbox',
    async start(req) {
      if (!req.phone) throw new AppError('validation_failed', 'Enter your MTN MoMo number', { phone: 'Enter your MTN MoMo number' });
      const environment = momoEnvironment(settings.targetEnvironment, req.country);
      environments.set(req.reference, environment);
      const res = await authed(
        '/collection/v1_0/requesttopay',
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-reference-id': req.reference,
            'x-target-environment': environment,
            'x-callback-url': req.callbackUrl,
          },
          body: JSON.stringify({
            amount: toMajor(req.amount, req.currency),
            currency: req.currency,
            externalId: req.reference,
            payer: { partyIdType: 'MSISDN', partyId: req.phone },
            payerMessage: `Invoice ${req.invoiceNumber}`.slice(0, 160),
            payeeNote: `Invoice ${req.invoiceNumber}`.slice(0, 160),
          }),
        },
        2,
      );
      // 202: accepted; 409: MTN already has this reference (our retry after a lost answer) — the same request.
      if (res.status === 202 || res.status === 409) return { providerRef: environment, redirectUrl: null };
      const why = typeof res.body.message === 'string' ? res.body.message : `HTTP ${res.status}`;
      throw new AppError('bad_gateway', `MTN MoMo could not send the payment prompt: ${why}`);
    },
    async check(intent) {
      const environment = intent.providerRef ?? environments.get(intent.reference) ?? settings.targetEnvironment;
      const res = await authed(
        `/collection/v1_0/requesttopay/${encodeURIComponent(intent.reference)}`,
        { method: 'GET', headers: { 'x-target-environment': environment } },
        1,
      );
      if (res.status === 404) return { kind: 'pending' };
      if (res.status !== 200) throw new AppError('bad_gateway', `Could not reach ${LABEL}. Please try again in a moment.`);
      const b = res.body;
      const status = String(b.status ?? '').toUpperCase();
      if (status === 'SUCCESSFUL') {
        const currency = String(b.currency ?? '');
        return { kind: 'paid', amount: toMinor(b.amount, currency), currency, operatorId: String(b.financialTransactionId ?? ''), wallet: RAILS.mtn_momo.name };
      }
      if (status === 'FAILED' || status === 'REJECTED' || status === 'TIMEOUT') return failure(b.reason ?? (status === 'TIMEOUT' ? 'EXPIRED' : status));
      return { kind: 'pending' };
    },
  };
}
