/**
 * Flutterwave v3 mobile money (issue 25): POST /v3/charges?type=mobile_money_{ghana,uganda,rwanda,zambia,franco,
 * tanzania} with our tx_ref; Flutterwave prompts the phone, or answers with an authorisation page the customer
 * opens (meta.authorization.redirect). The status comes from GET /v3/transactions/{id}/verify (by id once known,
 * else /v3/transactions/verify_by_reference?tx_ref=…): status, amount, currency and tx_ref must all match.
 * Webhooks carry the `verif-hash` header (FLUTTERWAVE_WEBHOOK_HASH) and are only a hint.
 * Nigeria's alternative to Paystack (rail flutterwave_checkout) is Flutterwave Standard, the hosted checkout: POST
 * /v3/payments with our tx_ref answers a link the customer opens; Flutterwave sends them back to redirect_url with
 * ?status&tx_ref&transaction_id, and the same verify calls and webhook say what happened.
 * South Africa's bank payment (rail flutterwave_eft) is a direct charge, POST /v3/charges?type=ach_payment in rand: it
 * answers the page where the customer pays from their bank (meta.authorization.redirect, or data.auth_url), which sends
 * them back the same way; recorded only after the same verify.
 */
import { timingSafeEqual } from 'node:crypto';
import { FLUTTERWAVE_MOBILE_MONEY } from '@duka/core';
import type { Config } from '../../../config';
import { AppError } from '../../../lib/errors';
import type { RailAdapter, RailRequest, RailStarted, RailState } from './types';
import { callJson, RAIL_TIMEOUT_MS, toMajor, toMinor } from './fetch-json';

export type FlutterwaveSettings = NonNullable<Config['flutterwave']>;
const LABEL = 'Flutterwave';

/** The webhook's verif-hash header equals the secret hash set on the dashboard. */
export function flutterwaveHashOk(settings: FlutterwaveSettings, header: string | string[] | undefined): boolean {
  const given = Buffer.from(Array.isArray(header) ? (header[0] ?? '') : (header ?? ''));
  const expected = Buffer.from(settings.webhookHash);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Flutterwave's payment_type (card, bank_transfer, ussd, account, mobilemoneyug…) as a Duka payment method. */
function methodOf(type: unknown): 'card' | 'bank_transfer' | 'mobile_money' | 'other' {
  const t = String(type ?? '').toLowerCase();
  if (t === 'card') return 'card';
  if (t === 'bank_transfer' || t.startsWith('account') || t === 'ussd') return 'bank_transfer';
  if (t.startsWith('mobilemoney') || t === 'mpesa' || t === '') return 'mobile_money';
  return 'other';
}

export function createFlutterwave(settings: FlutterwaveSettings, apiBase: string, { retryBackoffMs = 300, timeoutMs = RAIL_TIMEOUT_MS } = {}): RailAdapter {
  const headers = { authorization: `Bearer ${settings.secretKey}`, 'content-type': 'application/json' };

  /** Flutterwave Standard: a hosted payment page (card, bank transfer, USSD) for our tx_ref. */
  async function hostedCheckout(req: RailRequest): Promise<RailStarted> {
    const res = await callJson(
      LABEL,
      `${apiBase}/v3/payments`,
      {
        method: 'POST',
        headers,
        body: JSON.stringify({
          tx_ref: req.reference,
          amount: toMajor(req.amount, req.currency),
          currency: req.currency,
          redirect_url: req.returnUrl,
          customer: { email: req.email ?? `invoice-${req.publicId}@duka.invalid` },
          customizations: { title: 'Invoice', description: `Invoice ${req.invoiceNumber}`.slice(0, 50) },
          meta: { invoice: req.invoiceNumber },
        }),
      },
      // Our tx_ref makes a resend the same payment (Flutterwave keeps one transaction per tx_ref).
      { retries: 2, backoffMs: retryBackoffMs, timeoutMs },
    );
    const b = res.body as { status?: string; message?: string; data?: { link?: unknown } };
    if (res.status >= 400 || b.status !== 'success' || typeof b.data?.link !== 'string')
      throw new AppError('bad_gateway', `Flutterwave could not open its checkout: ${b.message ?? `HTTP ${res.status}`}`);
    return { providerRef: null, redirectUrl: b.data.link };
  }

  /**
   * A direct charge (POST /v3/charges?type=…) for our tx_ref, with what each kind adds (`extra`: the payer's number and
   * network for mobile money). Our tx_ref makes a resend the same charge (Flutterwave refuses a duplicate tx_ref).
   */
  async function charge(type: string, req: RailRequest, extra: Record<string, unknown> = {}) {
    const res = await callJson(
      LABEL,
      `${apiBase}/v3/charges?type=${type}`,
      {
        method: 'POST',
        headers,
        body: JSON.stringify({
          tx_ref: req.reference,
          amount: toMajor(req.amount, req.currency),
          currency: req.currency,
          email: req.email ?? `invoice-${req.publicId}@duka.invalid`,
          ...extra,
          redirect_url: req.returnUrl,
          meta: { invoice: req.invoiceNumber },
        }),
      },
      { retries: 2, backoffMs: retryBackoffMs, timeoutMs },
    );
    const b = res.body as {
      status?: string;
      message?: string;
      data?: { id?: number | string; auth_url?: unknown };
      meta?: { authorization?: { mode?: string; redirect?: unknown } };
    };
    return { res, b };
  }

  /** South Africa's bank payment (ACH in Flutterwave's words): a direct charge in rand whose page the customer opens. */
  async function bankPayment(req: RailRequest): Promise<RailStarted> {
    if (req.currency !== 'ZAR') throw new AppError('conflict', `Flutterwave's bank payment does not take payments in ${req.currency}`);
    const { res, b } = await charge('ach_payment', req);
    const page = b.meta?.authorization?.redirect ?? b.data?.auth_url;
    if (res.status >= 400 || b.status !== 'success' || typeof page !== 'string' || !page)
      throw new AppError('bad_gateway', `Flutterwave could not open its bank payment: ${b.message ?? `HTTP ${res.status}`}`);
    return { providerRef: b.data?.id != null ? String(b.data.id) : null, redirectUrl: page };
  }

  async function check(intent: { reference: string; providerRef: string | null; currency: string }): Promise<RailState> {
    const path = intent.providerRef
      ? `/v3/transactions/${encodeURIComponent(intent.providerRef)}/verify`
      : `/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(intent.reference)}`;
    const res = await callJson(LABEL, `${apiBase}${path}`, { method: 'GET', headers }, { retries: 1, backoffMs: retryBackoffMs, timeoutMs });
    if (res.status === 404) return { kind: 'pending' };
    const d = (res.body.data ?? {}) as {
      id?: unknown;
      tx_ref?: unknown;
      flw_ref?: unknown;
      status?: unknown;
      amount?: unknown;
      currency?: unknown;
      processor_response?: unknown;
      payment_type?: unknown;
    };
    if (res.status !== 200 || res.body.status !== 'success') throw new AppError('bad_gateway', `Could not reach ${LABEL}. Please try again in a moment.`);
    // Another transaction's answer (a wrong id) is never taken for ours.
    if (d.tx_ref !== intent.reference) throw new AppError('bad_gateway', 'Flutterwave answered about another payment');
    const status = String(d.status ?? '').toLowerCase();
    if (status === 'successful') {
      const currency = String(d.currency ?? '');
      return { kind: 'paid', amount: toMinor(d.amount, currency), currency, operatorId: String(d.flw_ref ?? d.id ?? ''), method: methodOf(d.payment_type) };
    }
    if (status === 'cancelled') return { kind: 'cancelled', message: 'The payment was cancelled on Flutterwave.' };
    if (status === 'failed') {
      const why = typeof d.processor_response === 'string' ? d.processor_response : '';
      return /declin|cancel|reject/i.test(why)
        ? { kind: 'cancelled', message: 'The payment was declined on the phone.' }
        : /timeout|timed out|expired/i.test(why)
          ? { kind: 'timed_out', message: 'The mobile-money prompt timed out.' }
          : ({ kind: 'failed', message: why || 'Flutterwave could not take the payment.' } satisfies RailState);
    }
    return { kind: 'pending' };
  }

  return {
    provider: 'flutterwave',
    label: LABEL,
    testMode: settings.secretKey.startsWith('FLWSECK_TEST'),
    async start(req) {
      if (req.rail === 'flutterwave_checkout') return hostedCheckout(req);
      if (req.rail === 'flutterwave_eft') return bankPayment(req);
      const plan = FLUTTERWAVE_MOBILE_MONEY[req.country];
      if (!plan || !req.phone) throw new AppError('conflict', `Flutterwave mobile money does not take payments in ${req.currency}`);
      // The number in E.164 digits (256772123456), the form Flutterwave documents for every country.
      const { res, b } = await charge(plan.type, req, {
        phone_number: req.phone,
        // Uganda's and Rwanda's charge reaches every network without one (the page's MTN MoMo / Airtel Money only tell them apart).
        ...(req.network && plan.networks.length ? { network: req.network } : {}),
        ...(req.country === 'CM' ? { country: 'CM' } : {}),
      });
      if (res.status >= 400 || b.status !== 'success') {
        if (/duplicate|already exists/i.test(b.message ?? '')) return { providerRef: null, redirectUrl: null };
        throw new AppError('bad_gateway', `Flutterwave could not send the payment prompt: ${b.message ?? `HTTP ${res.status}`}`);
      }
      const auth = b.meta?.authorization;
      return {
        providerRef: b.data?.id != null ? String(b.data.id) : null,
        redirectUrl: auth?.mode === 'redirect' && typeof auth.redirect === 'string' && auth.redirect ? auth.redirect : null,
      };
    },
    check,
    // The transaction_id on the hosted page's return URL: verified by id (GET /v3/transactions/{id}/verify), and its
    // tx_ref must be ours (check throws otherwise), as for the id a webhook names.
    checkReturned: (intent, transactionId) => check({ ...intent, providerRef: transactionId }),
  };
}
