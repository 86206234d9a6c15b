/**
 * The built-in test provider: a card form served by Duka itself (TEST MODE) that accepts the usual test
 * numbers, then signs and delivers the same kind of webhook a real provider sends (Stripe-like
 * `t=…,v1=…` HMAC-SHA256 over `${t}.${body}`), so the webhook path is exercised for real.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { apiPath, PROVIDER_CALLBACKS, TEST_CARDS, testCardPays } from '@duka/core';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import type { BillingEvent, BillingKind, PaymentEvent, PaymentProvider } from './provider-types';

export const TEST_SIGNATURE_HEADER = 'test-pay-signature';
export const SIGNATURE_TOLERANCE_S = 300;

/** The cards the test provider takes (core's rule, issue 24). */
export { TEST_CARDS, testCardPays };

/** The webhook signing secret, derived from the JWT secret so nothing extra needs configuring. */
export function testWebhookSecret(config: Pick<Config, 'jwtSecret'>): string {
  return createHash('sha256').update(`${config.jwtSecret}:test-pay-webhook`).digest('base64url');
}

export function signPayload(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Checks a `t=…,v1=…` header against the raw body. */
export function verifySignature(secret: string, rawBody: Buffer, header: string | undefined, now = Math.floor(Date.now() / 1000)): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(now - t) > SIGNATURE_TOLERANCE_S || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'));
}

export interface TestEventBody {
  id: string;
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed';
  created: number;
  data: {
    object: {
      id: string;
      amount: number;
      currency: string;
      metadata: { invoice_id: string; user_id: string };
      last_payment_error?: { message: string } | null;
      channel?: string;
    };
  };
}

/** The test provider's plan and credit-pack events (what its checkout and portal pages send). */
export const TEST_BILLING_TYPES = ['billing.paid', 'billing.linked', 'billing.past_due', 'billing.cancelled', 'billing.ended', 'billing.refunded'] as const;
export interface TestBillingEventBody {
  id: string;
  type: (typeof TEST_BILLING_TYPES)[number];
  created: number;
  data: {
    object: {
      reference: string | null;
      user_id: string;
      kind: BillingKind | null;
      item: string | null;
      amount: number;
      currency: string;
      subscription_id: string | null;
      customer_id: string | null;
      /** ISO date. */
      period_end: string | null;
    };
  };
}

/** Test portal links: the user id and an expiry, signed with the webhook secret (no table needed; short enough for a path). */
export function portalSession(config: Pick<Config, 'jwtSecret'>, userId: string, ttlSeconds = 3600, now = Date.now()): string {
  const body = `${userId.replace(/-/g, '')}${(Math.floor(now / 1000) + ttlSeconds).toString(36)}`;
  return `${body}.${portalMac(config, body)}`;
}

function portalMac(config: Pick<Config, 'jwtSecret'>, body: string): string {
  return createHmac('sha256', testWebhookSecret(config)).update(`portal:${body}`).digest().subarray(0, 18).toString('base64url');
}

export function readPortalSession(config: Pick<Config, 'jwtSecret'>, session: string, now = Date.now()): string | null {
  const m = /^([0-9a-f]{32})([0-9a-z]{1,10})\.([A-Za-z0-9_-]{24})$/.exec(session);
  if (!m) return null;
  const expected = Buffer.from(portalMac(config, `${m[1]}${m[2]}`));
  const given = Buffer.from(m[3]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (parseInt(m[2], 36) * 1000 <= now) return null;
  const h = m[1];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function createTestProvider(config: Pick<Config, 'jwtSecret'>): PaymentProvider {
  const secret = testWebhookSecret(config);
  return {
    name: 'test',
    segment: 'test-pay',
    publishableKey: null,
    testMode: true,
    billingCurrencies: ['NGN', 'USD'],
    async createCheckout(req) {
      return { url: `/test-checkout/${encodeURIComponent(req.reference)}`, providerRef: `cs_test_${randomBytes(12).toString('hex')}` };
    },
    // The Paystack-like hosted checkout for naira invoices: Duka's own page (/pay/checkout/{reference}).
    async startInvoiceCheckout(req) {
      return { url: `/pay/checkout/${encodeURIComponent(req.reference)}`, providerRef: req.reference };
    },
    async openPortal(sub) {
      return { url: `/test-portal?session=${encodeURIComponent(portalSession(config, sub.userId))}` };
    },
    // Nothing outside Duka to tell: the test provider keeps no subscriptions of its own.
    async changePlan() {
      return {};
    },
    async cancelSubscription() {},
    async createIntent() {
      const intentId = `pi_test_${randomBytes(12).toString('hex')}`;
      return { intentId, clientSecret: `${intentId}_secret_${randomBytes(16).toString('base64url')}` };
    },
    parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentEvent {
      const header = headers[TEST_SIGNATURE_HEADER];
      if (!verifySignature(secret, rawBody, Array.isArray(header) ? header[0] : header)) {
        throw new AppError('bad_request', 'The webhook signature is not valid');
      }
      let body: TestEventBody;
      try {
        body = JSON.parse(rawBody.toString('utf8')) as TestEventBody;
      } catch {
        throw new AppError('bad_request', 'The webhook body is not valid JSON');
      }
      if ((TEST_BILLING_TYPES as readonly string[]).includes(body.type)) return billingEventOf(body as unknown as TestBillingEventBody);
      const obj = body.data?.object;
      if (typeof body.id !== 'string' || !obj || typeof obj.id !== 'string') throw new AppError('bad_request', 'The webhook event is not valid');
      const kind = body.type === 'payment_intent.succeeded' ? 'succeeded' : body.type === 'payment_intent.payment_failed' ? 'failed' : 'other';
      return {
        id: body.id,
        kind,
        intentId: obj.id,
        amount: Number(obj.amount),
        currency: String(obj.currency),
        invoiceId: obj.metadata?.invoice_id ?? null,
        userId: obj.metadata?.user_id ?? null,
        message: obj.last_payment_error?.message,
        ...(obj.channel ? { method: methodOfChannel(obj.channel) } : {}),
      };
    },
  };
}

function methodOfChannel(channel: string): PaymentEvent['method'] {
  return channel === 'card' || channel === 'bank_transfer' || channel === 'mobile_money' ? channel : 'other';
}

function billingEventOf(body: TestBillingEventBody): PaymentEvent {
  const o = body.data?.object;
  if (typeof body.id !== 'string' || !o || typeof o.user_id !== 'string') throw new AppError('bad_request', 'The webhook event is not valid');
  const periodEnd = o.period_end ? new Date(o.period_end) : null;
  const billing: BillingEvent = {
    type: body.type.slice('billing.'.length) as BillingEvent['type'],
    reference: o.reference ?? null,
    userId: o.user_id,
    kind: o.kind === 'plan' || o.kind === 'credit_pack' ? o.kind : null,
    item: o.item ?? null,
    amount: Number(o.amount) || 0,
    currency: String(o.currency ?? ''),
    subscriptionId: o.subscription_id ?? null,
    customerId: o.customer_id ?? null,
    token: null,
    periodEnd: periodEnd && !Number.isNaN(periodEnd.getTime()) ? periodEnd : null,
    occurredAt: new Date(Number(body.created) * 1000 || Date.now()),
  };
  return { id: body.id, kind: 'other', intentId: null, amount: 0, currency: '', invoiceId: null, userId: null, billing };
}

export function signTestEvent(
  config: Pick<Config, 'jwtSecret'>,
  event: TestEventBody | TestBillingEventBody,
  timestamp?: number,
): { body: string; signature: string } {
  const body = JSON.stringify(event);
  return { body, signature: signPayload(testWebhookSecret(config), body, timestamp) };
}

/**
 * The test provider settles a payment as a real one does: its signed event goes to Duka's own webhook
 * (POST /webhooks/test-pay) and is applied there. A refusal there is a 502 with words the payer can act on.
 */
export async function deliverTestEvent(
  app: Pick<FastifyInstance, 'inject'>,
  config: Pick<Config, 'jwtSecret'>,
  event: TestEventBody | TestBillingEventBody,
): Promise<{ ignored?: string }> {
  const { body, signature } = signTestEvent(config, event);
  const res = await app.inject({
    method: 'POST',
    url: apiPath(PROVIDER_CALLBACKS.signed, { provider: 'test-pay' }),
    headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signature },
    payload: body,
  });
  if (res.statusCode !== 200) throw new AppError('bad_gateway', 'The payment could not be confirmed. Please try again.');
  return res.json() as { ignored?: string };
}
