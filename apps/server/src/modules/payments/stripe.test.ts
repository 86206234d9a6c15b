import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { BODY_TOTAL, invoiceBody, withContact } from '../invoices/test-utils';

/** A local server speaking Stripe's REST API for POST /v1/payment_intents (form-encoded in, JSON out). */
const received: Array<{ auth: string | undefined; params: URLSearchParams; idempotency: string | undefined }> = [];
let count = 0;
const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
const stripeApi = createServer(async (req, res) => {
  const body = await readBody(req);
  res.setHeader('content-type', 'application/json');
  res.setHeader('request-id', `req_${++count}`);
  if (req.headers.authorization !== 'Bearer sk_test_local') {
    res.statusCode = 401;
    return res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
  }
  if (req.method === 'POST' && req.url === '/v1/payment_intents') {
    const params = new URLSearchParams(body);
    received.push({ auth: req.headers.authorization, params, idempotency: req.headers['idempotency-key'] as string | undefined });
    const amount = Number(params.get('amount'));
    if (amount < 50) {
      res.statusCode = 400;
      return res.end(
        JSON.stringify({ error: { type: 'invalid_request_error', code: 'amount_too_small', message: 'Amount must be at least 50 cents', param: 'amount' } }),
      );
    }
    const id = `pi_local_${count}`;
    const metadata: Record<string, string> = {};
    for (const [k, v] of params) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m) metadata[m[1]] = v;
    }
    return res.end(
      JSON.stringify({
        id,
        object: 'payment_intent',
        amount,
        currency: params.get('currency'),
        client_secret: `${id}_secret_local`,
        status: 'requires_payment_method',
        metadata,
        livemode: false,
      }),
    );
  }
  res.statusCode = 404;
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` } }));
});
await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => stripeApi.close(() => resolve())));
const port = (stripeApi.address() as AddressInfo).port;

const WEBHOOK_SECRET = 'whsec_local_test';
const { app } = await openTestApp({
  stripeSecretKey: 'sk_test_local',
  stripeWebhookSecret: WEBHOOK_SECRET,
  stripePublishableKey: 'pk_test_local',
  stripeApiBase: `http://127.0.0.1:${port}`,
});

async function invoice(extra: Record<string, unknown> = {}) {
  const user = await signUp(app);
  const { api, contactId } = await withContact(app, user);
  const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent', ...extra }))).body;
  return { user, api, inv };
}

function stripeEvent(id: string, type: string, pi: Record<string, unknown>) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: { object: 'payment_intent', ...pi } },
  });
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}
const sendWebhook = (payload: string, signature: string) =>
  app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });

describe('Stripe adapter', () => {
  it('is the active provider with its publishable key', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.json()).toEqual({ provider: 'stripe', segment: 'stripe', publishable_key: 'pk_test_local', test_mode: true });
  });

  it('creates a PaymentIntent for the balance and returns its client secret (no token)', async () => {
    const { inv } = await invoice();
    const res = await app.inject({ method: 'GET', url: `/api/stripe/client-secrete/${inv.public_id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'stripe', amount: BODY_TOTAL, currency: 'NGN', publishable_key: 'pk_test_local' });
    expect(res.json().client_secret).toMatch(/^pi_local_\d+_secret_local$/);
    const call = received[received.length - 1];
    expect(call.params.get('amount')).toBe(String(BODY_TOTAL));
    expect(call.params.get('currency')).toBe('ngn');
    expect(call.params.get('automatic_payment_methods[enabled]')).toBe('true');
    expect(call.params.get('metadata[invoice_id]')).toBe(inv.id);
    expect(call.params.get('metadata[public_id]')).toBe(inv.public_id);
  });

  it('sends zero-decimal currencies in whole units', async () => {
    const { inv } = await invoice({ currency: 'UGX' });
    await app.inject({ method: 'GET', url: `/api/stripe/client-secrete/${inv.public_id}` });
    const call = received[received.length - 1];
    expect(call.params.get('currency')).toBe('ugx');
    expect(call.params.get('amount')).toBe(String(Math.ceil(BODY_TOTAL / 100)));
  });

  it("answers 502 with Stripe's message when Stripe refuses", async () => {
    const { inv } = await invoice({ lines: [{ id: crypto.randomUUID(), description: 'Tiny', quantity: 1, unit_price: 10 }], fee_ids: [] });
    const res = await app.inject({ method: 'GET', url: `/api/stripe/client-secrete/${inv.public_id}` });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toContain('Amount must be at least 50 cents');
  });

  it('verifies the webhook signature on the raw body: wrong → 400, right → one card payment, replay → none', async () => {
    const { user, api, inv } = await invoice();
    const secret = (await app.inject({ method: 'GET', url: `/api/stripe/client-secrete/${inv.public_id}` })).json().client_secret as string;
    const intent = secret.split('_secret_')[0];
    const { payload, header } = stripeEvent('evt_local_1', 'payment_intent.succeeded', {
      id: intent,
      amount: BODY_TOTAL,
      amount_received: BODY_TOTAL,
      currency: 'ngn',
      metadata: { invoice_id: inv.id, user_id: user.userId },
    });
    expect((await sendWebhook(payload, header.replace(/v1=[0-9a-f]/, 'v1=x'))).statusCode).toBe(400);
    expect((await sendWebhook(payload.replace(String(BODY_TOTAL), '1'), header)).statusCode).toBe(400);
    const ok = await sendWebhook(payload, header);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ received: true });
    expect((await sendWebhook(payload, header)).json()).toEqual({ received: true, duplicate: true });
    const after = (await api.get(`/invoices/${inv.id}`)).body;
    expect(after).toMatchObject({ status: 'paid', balance: 0 });
    expect(after.payments).toEqual([expect.objectContaining({ method: 'card', provider: 'stripe', provider_ref: intent, amount: BODY_TOTAL })]);
    expect((await app.inject({ method: 'GET', url: `/api/stripe/client-secrete/${inv.public_id}` })).statusCode).toBe(409);
  });

  it('acknowledges events it does not act on', async () => {
    const { payload, header } = stripeEvent('evt_local_other', 'charge.refunded', { id: 'ch_1' });
    const res = await sendWebhook(payload, header);
    expect(res.statusCode).toBe(200);
    expect(res.json().ignored).toBeTruthy();
  });
});
