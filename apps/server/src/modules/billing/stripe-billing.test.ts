import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { billingApi } from './test-utils';

/** A local server speaking Stripe's REST API for Checkout Sessions, Billing Portal sessions and Subscriptions. */
const calls: Array<{ method: string; url: string; params: URLSearchParams }> = [];
const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
const stripeApi = createServer(async (req, res) => {
  const params = new URLSearchParams(await readBody(req));
  res.setHeader('content-type', 'application/json');
  const send = (status: number, body: object) => {
    res.statusCode = status;
    res.end(JSON.stringify(body));
  };
  if (req.headers.authorization !== 'Bearer sk_test_local') return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
  calls.push({ method: req.method ?? '', url: req.url ?? '', params });
  if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
    if (params.get('line_items[0][price]') === 'price_missing')
      return send(400, { error: { type: 'invalid_request_error', message: 'No such price: price_missing' } });
    const id = `cs_test_${calls.length}`;
    return send(200, {
      id,
      object: 'checkout.session',
      url: `https://checkout.stripe.test/${id}`,
      mode: params.get('mode'),
      client_reference_id: params.get('client_reference_id'),
    });
  }
  if (req.method === 'POST' && req.url === '/v1/billing_portal/sessions')
    return send(200, { id: 'bps_1', object: 'billing_portal.session', url: `https://billing.stripe.test/${params.get('customer')}` });
  const sub = /^\/v1\/subscriptions\/([^/?]+)/.exec(req.url ?? '');
  if (sub && req.method === 'GET')
    return send(200, { id: sub[1], object: 'subscription', items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item' }] } });
  if (sub && req.method === 'POST')
    return send(200, { id: sub[1], object: 'subscription', cancel_at_period_end: params.get('cancel_at_period_end') === 'true' });
  send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` } });
});
await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => stripeApi.close(() => resolve())));
const port = (stripeApi.address() as AddressInfo).port;

const SECRET = 'whsec_local_billing';
const { app, config } = await openTestApp({
  stripeSecretKey: 'sk_test_local',
  stripeWebhookSecret: SECRET,
  stripeApiBase: `http://127.0.0.1:${port}`,
  stripePrices: { monthly: 'price_monthly', yearly: 'price_yearly' },
});
const FREE = config.aiFreeCredit;

let n = 0;
function send(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000), id = `evt_${++n}_${Date.now()}`) {
  const payload = JSON.stringify({ id, object: 'event', api_version: '2025-01-01', created, type, data: { object } });
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
  });
}

describe('Stripe plans', () => {
  it('Checkout in subscription mode with the configured price id; paid by checkout.session.completed', async () => {
    const user = await signUp(app, { country: 'Kenya' });
    const api = billingApi(app, user);
    const started = await api.post('/transactions', { transaction: { intent: 'usd-monthly' } });
    expect(started.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/cs_test_/);
    const p = calls.at(-1)?.params as URLSearchParams;
    expect(p.get('mode')).toBe('subscription');
    expect(p.get('line_items[0][price]')).toBe('price_monthly');
    expect(p.get('client_reference_id')).toBe(started.body.reference);
    expect(p.get('customer_email')).toBe(user.email);
    expect(p.get('subscription_data[metadata][user_id]')).toBe(user.userId);

    const session = {
      object: 'checkout.session',
      id: 'cs_x',
      mode: 'subscription',
      payment_status: 'paid',
      client_reference_id: started.body.reference,
      amount_total: 799,
      currency: 'usd',
      customer: 'cus_ken',
      subscription: 'sub_ken',
      metadata: { reference: started.body.reference, user_id: user.userId, kind: 'plan', item: 'usd-monthly' },
    };
    const t = Math.floor(Date.now() / 1000);
    const first = await send('checkout.session.completed', session, t, 'evt_cs_ken');
    expect(first.json()).toEqual({ received: true });
    expect((await send('checkout.session.completed', session, t, 'evt_cs_ken')).json()).toEqual({ received: true, duplicate: true });
    expect((await api.get('/subscriptions')).body).toMatchObject({
      intent: 'usd-monthly',
      status: 'active',
      provider: 'stripe',
      amount: 799,
      currency: 'USD',
      credit: FREE + 200,
    });

    // The first invoice (subscription_create) grants nothing more; a cycle invoice renews.
    const meta = { user_id: user.userId, kind: 'plan', item: 'usd-monthly' };
    await send(
      'invoice.paid',
      {
        object: 'invoice',
        billing_reason: 'subscription_create',
        amount_paid: 799,
        currency: 'usd',
        customer: 'cus_ken',
        parent: { subscription_details: { subscription: 'sub_ken', metadata: meta } },
      },
      t + 1,
    );
    expect((await api.get('/subscriptions')).body.credit).toBe(FREE + 200);
    const end = t + 62 * 86400;
    await send(
      'invoice.paid',
      {
        object: 'invoice',
        billing_reason: 'subscription_cycle',
        amount_paid: 799,
        currency: 'usd',
        customer: 'cus_ken',
        parent: { subscription_details: { subscription: 'sub_ken', metadata: meta } },
        lines: { data: [{ period: { end } }] },
      },
      t + 2,
    );
    const renewed = (await api.get('/subscriptions')).body;
    expect(renewed.credit).toBe(FREE + 400);
    expect(renewed.current_period_end).toBe(new Date(end * 1000).toISOString());

    // The portal is a Billing Portal session for the customer.
    expect((await api.post('/portal')).body).toEqual({ url: 'https://billing.stripe.test/cus_ken' });

    // Cancel: cancel_at_period_end on Stripe; its update event then its deletion.
    expect((await api.post('/subscriptions/cancel-plan')).status).toBe(200);
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/v1/subscriptions/sub_ken' });
    expect(calls.at(-1)?.params.get('cancel_at_period_end')).toBe('true');
    await send(
      'customer.subscription.deleted',
      { object: 'subscription', id: 'sub_ken', customer: 'cus_ken', status: 'canceled', ended_at: t - 1, metadata: meta },
      t + 5,
    );
    expect((await api.get('/subscriptions')).body).toMatchObject({ status: 'cancelled', paid: false });
  });

  it('Lifetime and credit packs use payment mode; Stripe errors come back as 502 with its message', async () => {
    const user = await signUp(app, { country: 'Uganda' });
    const api = billingApi(app, user);
    await api.post('/transactions', { transaction: { intent: 'usd-lifetime' } });
    let p = calls.at(-1)?.params as URLSearchParams;
    expect(p.get('mode')).toBe('payment');
    expect(p.get('line_items[0][price_data][unit_amount]')).toBe('24999');
    expect(p.get('payment_intent_data[metadata][kind]')).toBe('plan');
    const pack = await api.post('/transactions', { transaction: { credit_pack: 'credits-500' } });
    p = calls.at(-1)?.params as URLSearchParams;
    expect(p.get('mode')).toBe('payment');
    expect(p.get('line_items[0][price_data][unit_amount]')).toBe('799');
    await send('checkout.session.completed', {
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      client_reference_id: pack.body.reference,
      amount_total: 799,
      currency: 'usd',
      customer: null,
      metadata: { reference: pack.body.reference, user_id: user.userId, kind: 'credit_pack', item: 'credits-500' },
    });
    expect((await api.get('/subscriptions')).body).toMatchObject({ status: 'none', credit: FREE + 500 });
    // An unpaid (async) session grants nothing.
    const other = await api.post('/transactions', { transaction: { credit_pack: 'credits-100' } });
    await send('checkout.session.completed', {
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'unpaid',
      client_reference_id: other.body.reference,
      amount_total: 199,
      currency: 'usd',
      metadata: { reference: other.body.reference, user_id: user.userId, kind: 'credit_pack', item: 'credits-100' },
    });
    expect((await api.get('/subscriptions')).body.credit).toBe(FREE + 500);

    // Issue 22: Lifetime's session completed for 1 cent is underpaid (nothing granted); without our reference, nothing at all.
    const lifetime = await api.post('/transactions', { transaction: { intent: 'usd-lifetime' } });
    const cheap = await send('checkout.session.completed', {
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      client_reference_id: lifetime.body.reference,
      amount_total: 1,
      currency: 'usd',
      customer: null,
      metadata: { reference: lifetime.body.reference, user_id: user.userId, kind: 'plan', item: 'usd-lifetime' },
    });
    expect(cheap.json().ignored).toBe('underpaid: received 1 USD, the price is 24999 USD: nothing granted');
    const forged = await send('checkout.session.completed', {
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      client_reference_id: null,
      amount_total: 24999,
      currency: 'usd',
      customer: null,
      metadata: { user_id: user.userId, kind: 'plan', item: 'usd-lifetime' },
    });
    expect(forged.json().ignored).toMatch(/no checkout or subscription/);
    expect((await api.get('/subscriptions')).body).toMatchObject({ status: 'none', paid: false, credit: FREE + 500 });
    expect((await api.get(`/transactions/${lifetime.body.reference}`)).body.status).toBe('underpaid');

    const { app: broken } = await openTestApp({
      stripeSecretKey: 'sk_test_local',
      stripeWebhookSecret: SECRET,
      stripeApiBase: `http://127.0.0.1:${port}`,
      stripePrices: { monthly: 'price_missing' },
    });
    const ken = billingApi(broken, await signUp(broken, { country: 'Kenya' }));
    const res = await ken.post('/transactions', { transaction: { intent: 'usd-monthly' } });
    expect(res.status).toBe(502);
    expect(res.body.error.message).toBe('Checkout could not start: No such price: price_missing');
  });
});
