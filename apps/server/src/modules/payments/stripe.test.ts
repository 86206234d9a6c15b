import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { paymentIntents } from '../../db/schema';
import { openTestApp, signUp } from '../../test/harness';
import { BODY_TOTAL, invoiceBody, withContact } from '../invoices/test-utils';
import { client, upsert } from '../sync/test-utils';
import { cancelIntentsAtProvider } from './cancel-intents';

/**
 * A local server speaking Stripe's REST API for POST /v1/payment_intents and POST /v1/payment_intents/{id}/cancel
 * (form-encoded in, JSON out), keeping each intent's status as Stripe does.
 */
const received: Array<{ auth: string | undefined; params: URLSearchParams; idempotency: string | undefined }> = [];
const intents = new Map<string, { status: string; amount: number; currency: string | null }>();
const cancels: Array<{ id: string; reason: string | null }> = [];
/** Answers 500 to this many cancel calls (Stripe down), then works again. */
let cancelOutages = 0;
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
  if (req.headers.authorization !== 'Bearer sk_live_local') {
    res.statusCode = 401;
    return res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
  }
  const cancel = req.method === 'POST' ? /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(req.url ?? '') : null;
  if (cancel) {
    if (cancelOutages > 0) {
      cancelOutages -= 1;
      res.statusCode = 500;
      return res.end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }));
    }
    const pi = intents.get(cancel[1]);
    if (!pi) {
      res.statusCode = 404;
      return res.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${cancel[1]}'` } }));
    }
    cancels.push({ id: cancel[1], reason: new URLSearchParams(body).get('cancellation_reason') });
    const object = { id: cancel[1], object: 'payment_intent', amount: pi.amount, currency: pi.currency, status: pi.status };
    if (!['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action'].includes(pi.status)) {
      res.statusCode = 400;
      return res.end(
        JSON.stringify({
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
            payment_intent: object,
          },
        }),
      );
    }
    pi.status = 'canceled';
    return res.end(JSON.stringify({ ...object, status: 'canceled', cancellation_reason: 'abandoned' }));
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
    intents.set(id, { status: 'requires_payment_method', amount, currency: params.get('currency') });
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
const { app, ctx } = await openTestApp({
  // A live-style key: its payments are real money (a test key's are stamped TEST and leave the balance whole, issue 22).
  stripeSecretKey: 'sk_live_local',
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
    expect(res.json()).toEqual({ provider: 'stripe', segment: 'stripe', publishable_key: 'pk_test_local', test_mode: false, test_payments: false });
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

  it('sends zero-decimal currencies in whole units (Duka keeps UGX and XAF in whole units too: issue 23)', async () => {
    for (const currency of ['UGX', 'XAF']) {
      const { inv } = await invoice({ currency });
      await app.inject({ method: 'GET', url: `/api/stripe/client-secrete/${inv.public_id}` });
      const call = received[received.length - 1];
      expect(call.params.get('currency')).toBe(currency.toLowerCase());
      expect(call.params.get('amount')).toBe(String(BODY_TOTAL));
    }
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

describe('voiding an invoice with an open PaymentIntent', () => {
  const openIntent = async (publicId: string) =>
    ((await app.inject({ method: 'GET', url: `/api/stripe/client-secrete/${publicId}` })).json().client_secret as string).split('_secret_')[0];
  const statusOf = async (id: string) => (await ctx.db.select({ s: paymentIntents.status }).from(paymentIntents).where(eq(paymentIntents.id, id)))[0]?.s;
  /** The cancel runs once the void is committed, without holding the owner's request: wait for it. */
  const settled = async (id: string, from = 'canceled') => {
    for (let i = 0; i < 100 && (await statusOf(id)) === from; i++) await new Promise((r) => setTimeout(r, 30));
    return statusOf(id);
  };

  it('cancels it at Stripe, so the stale client secret can no longer take money', async () => {
    const { api, inv } = await invoice();
    const intent = await openIntent(inv.public_id);
    expect(intents.get(intent)?.status).toBe('requires_payment_method');
    expect((await api.post(`/invoices/${inv.id}/void`, {})).status).toBe(200);
    expect(await settled(intent)).toBe('provider_canceled');
    expect(intents.get(intent)?.status).toBe('canceled');
    expect(cancels.filter((c) => c.id === intent)).toEqual([{ id: intent, reason: 'abandoned' }]);
    // Nothing is asked twice.
    expect(await cancelIntentsAtProvider(ctx)).toMatchObject({ canceled: 0, failed: 0 });
  });

  it('an edit that keeps the balance leaves it open; a payment recorded (new balance) cancels it', async () => {
    const { api, inv } = await invoice();
    const intent = await openIntent(inv.public_id);
    expect((await api.patch(`/invoices/${inv.id}`, { notes: 'Thanks for your order' })).status).toBe(200);
    expect(await statusOf(intent)).toBe('requires_payment_method');
    const paid = await api.post(`/invoices/${inv.id}/payments`, { amount: 100, method: 'cash', date: inv.issue_date });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect((await api.get(`/invoices/${inv.id}`)).body.balance).toBe(inv.balance - 100);
    expect(await settled(intent, 'requires_payment_method')).not.toBe('requires_payment_method');
  });

  it('a push whose one invoice the database refuses: the others apply and cancel their intents, the refused one keeps its own', async () => {
    // The cancel rides in the push's last statement (issue 27): it must run for what was written, in the step-by-step
    // path too (one savepoint per change), and never for the change that was rolled back.
    const { user, api, inv } = await invoice();
    const { contactId } = await withContact(app, user);
    const other = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent' }))).body;
    const [paidIntent, refusedIntent] = [await openIntent(inv.public_id), await openIntent(other.public_id)];
    const poison = `db-refuses-${crypto.randomUUID().slice(0, 8)}`;
    const fn = `duka_test_refuse_inv_${poison.slice(-8)}`;
    await ctx.db.execute(
      sql.raw(
        `create function ${fn}() returns trigger language plpgsql as $$ begin if new.notes = '${poison}' then raise exception 'refused by the database'; end if; return new; end $$`,
      ),
    );
    await ctx.db.execute(sql.raw(`create trigger ${fn} before insert or update on invoices for each row execute function ${fn}()`));
    try {
      const payment = { id: crypto.randomUUID(), amount: 100, method: 'cash', date: inv.issue_date };
      const newClient = crypto.randomUUID();
      const res = await client(app, user).push([
        upsert('invoices', inv.id, { payments: [payment] }, { base_version: inv.version }),
        upsert('invoices', other.id, { notes: poison, status: 'void' }, { base_version: other.version }),
        upsert('contacts', newClient, { name: 'Later client' }),
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'rejected', 'applied']);
      expect(res.body.results[1].error.message).toMatch(/refused by the database/);
      expect((await api.get(`/invoices/${inv.id}`)).body.balance).toBe(inv.balance - 100);
      expect((await api.get(`/invoices/${other.id}`)).body).toMatchObject({ status: 'sent', balance: other.balance });
      expect((await api.get(`/contacts/${newClient}`)).status).toBe(200);
      // The paid invoice's intent (stale amount) is cancelled; the refused void was rolled back, so its intent is open.
      expect(await settled(paidIntent, 'requires_payment_method')).not.toBe('requires_payment_method');
      expect(await statusOf(refusedIntent)).toBe('requires_payment_method');
    } finally {
      await ctx.db.execute(sql.raw(`drop trigger ${fn} on invoices`));
      await ctx.db.execute(sql.raw(`drop function ${fn}()`));
    }
  });

  it('asks again later when Stripe could not be reached', async () => {
    const { api, user, inv } = await invoice();
    const intent = await openIntent(inv.public_id);
    cancelOutages = 10;
    await api.post(`/invoices/${inv.id}/void`, {});
    for (let i = 0; i < 100 && cancelOutages > 8; i++) await new Promise((r) => setTimeout(r, 30));
    cancelOutages = 0;
    await new Promise((r) => setTimeout(r, 100));
    expect(await statusOf(intent)).toBe('canceled'); // still to be told
    expect(intents.get(intent)?.status).toBe('requires_payment_method');
    // The periodic job (or the owner's next write) tells Stripe.
    expect(await cancelIntentsAtProvider(ctx, { userId: user.userId })).toEqual({ canceled: 1, refused: 0, failed: 0 });
    expect(intents.get(intent)?.status).toBe('canceled');
    expect(await statusOf(intent)).toBe('provider_canceled');
  });

  it('when the customer paid meanwhile, Stripe refuses the cancel and the late payment is flagged for a refund', async () => {
    const { api, user, inv } = await invoice();
    const intent = await openIntent(inv.public_id);
    (intents.get(intent) as { status: string }).status = 'succeeded'; // paid at Stripe, webhook not yet here
    await api.post(`/invoices/${inv.id}/void`, {});
    expect(await settled(intent)).toBe('cancel_refused');
    const { payload, header } = stripeEvent(`evt_late_${intent}`, 'payment_intent.succeeded', {
      id: intent,
      amount: BODY_TOTAL,
      amount_received: BODY_TOTAL,
      currency: 'ngn',
      metadata: { invoice_id: inv.id, user_id: user.userId },
    });
    expect((await sendWebhook(payload, header)).json().ignored).toContain('refund due: the invoice was voided');
    expect(await statusOf(intent)).toBe('needs_refund');
    expect((await api.get(`/invoices/${inv.id}`)).body).toMatchObject({ status: 'void', payments: [] });

    // The owner's invoice view lists it (amount, method, reference) until the owner marks it refunded.
    const due = await api.get(`/invoices/${inv.id}/refunds-due`);
    expect(due.status).toBe(200);
    expect(due.body).toEqual({
      refunds: [
        {
          id: intent,
          amount: BODY_TOTAL,
          currency: 'NGN',
          method: 'card',
          reference: intent,
          provider: 'stripe',
          reason: 'voided',
          received_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ],
    });
    // Another owner sees nothing of it and cannot mark it.
    const other = await invoice();
    expect((await other.api.get(`/invoices/${inv.id}/refunds-due`)).status).toBe(404);
    expect((await other.api.post(`/invoices/${inv.id}/refunds-due/${intent}/refunded`, {})).status).toBe(404);
    expect((await other.api.post(`/invoices/${other.inv.id}/refunds-due/${intent}/refunded`, {})).status).toBe(404);
    expect((await api.get(`/invoices/${inv.id}/refunds-due`)).body.refunds).toHaveLength(1);
    const marked = await api.post(`/invoices/${inv.id}/refunds-due/${intent}/refunded`, {});
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ refunds: [] });
    expect((await api.post(`/invoices/${inv.id}/refunds-due/${intent}/refunded`, {})).status).toBe(404);
  });

  it('lists a payment larger than the balance as overpaid', async () => {
    const { api, user, inv } = await invoice();
    const intent = await openIntent(inv.public_id);
    const { payload, header } = stripeEvent(`evt_over_${intent}`, 'payment_intent.succeeded', {
      id: intent,
      amount: BODY_TOTAL + 100,
      amount_received: BODY_TOTAL + 100,
      currency: 'ngn',
      metadata: { invoice_id: inv.id, user_id: user.userId },
    });
    expect((await sendWebhook(payload, header)).json().ignored).toContain('more than the balance');
    expect((await api.get(`/invoices/${inv.id}/refunds-due`)).body.refunds).toEqual([
      expect.objectContaining({ amount: BODY_TOTAL + 100, reason: 'overpaid', method: 'card' }),
    ]);
    expect((await api.get(`/invoices/${crypto.randomUUID()}/refunds-due`)).status).toBe(404);
    expect((await api.get('/invoices/nope/refunds-due')).status).toBe(400);
  });
});
