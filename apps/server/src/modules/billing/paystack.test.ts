import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { startPaystackServer } from '../../test/paystack-server';
import { paystackSignature } from '../payments';
import { billingApi } from './test-utils';

/** A local server speaking Paystack's API: Transaction Initialize and subscriptions. */
const SECRET = 'sk_test_paystack_local';
const paystack = await startPaystackServer(SECRET, ({ method, url, body }) => {
  if (method === 'POST' && url === '/transaction/initialize') {
    if (!body.email || !Number.isInteger(body.amount)) return [400, { status: false, message: 'Invalid amount or email' }];
    return [
      200,
      {
        status: true,
        message: 'Authorization URL created',
        data: { authorization_url: `https://checkout.paystack.test/${body.reference}`, access_code: `ac_${calls.length}`, reference: body.reference },
      },
    ];
  }
  const manage = /^\/subscription\/([^/]+)\/manage\/link$/.exec(url);
  if (method === 'GET' && manage)
    return [200, { status: true, message: 'Link generated', data: { link: `https://paystack.test/manage/subscriptions/${manage[1]}` } }];
  if (method === 'POST' && url === '/subscription')
    return [
      200,
      {
        status: true,
        message: 'Subscription successfully created',
        data: { subscription_code: `SUB_new${calls.length}`, email_token: `tok_new${calls.length}` },
      },
    ];
  if (method === 'POST' && url === '/subscription/disable') return [200, { status: true, message: 'Subscription disabled successfully', data: null }];
});
const calls = paystack.calls;

const { app, config } = await openTestApp({
  paystackSecretKey: SECRET,
  paystackApiBase: paystack.base,
  paystackPlanCodes: { 'ng-monthly': 'PLN_monthly', 'ng-1-month': 'PLN_1month', 'ng-12-months': 'PLN_12months' },
});
const FREE = config.aiFreeCredit;

const webhook = (payload: object, signature?: string) => {
  const body = JSON.stringify(payload);
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/paystack',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature ?? paystackSignature(SECRET, body) },
  });
};
let txId = 1000;
function chargeSuccess(over: { reference: string; amount: number; metadata?: object; customer?: string; plan?: string; paidAt?: string }) {
  return {
    event: 'charge.success',
    data: {
      id: ++txId,
      status: 'success',
      reference: over.reference,
      amount: over.amount,
      currency: 'NGN',
      paid_at: over.paidAt ?? new Date().toISOString(),
      metadata: over.metadata ?? {},
      customer: { customer_code: over.customer ?? 'CUS_ada', email: 'ada@example.com' },
      plan: over.plan ? { plan_code: over.plan } : {},
    },
  };
}

async function startPlan(intent = 'ng-monthly') {
  const user = await signUp(app);
  const api = billingApi(app, user);
  const started = await api.post('/transactions', { transaction: { intent } });
  return { user, api, started };
}

describe('Paystack adapter', () => {
  it('starts a naira checkout with Transaction Initialize and the plan code', async () => {
    const { user, started } = await startPlan('ng-monthly');
    expect(started.status).toBe(200);
    expect(started.body.url).toBe(`https://checkout.paystack.test/${started.body.reference}`);
    const init = calls.at(-1);
    expect(init).toMatchObject({ method: 'POST', url: '/transaction/initialize' });
    expect(init?.body).toMatchObject({
      email: user.email,
      amount: 200000,
      currency: 'NGN',
      reference: started.body.reference,
      plan: 'PLN_monthly',
      metadata: { reference: started.body.reference, user_id: user.userId, kind: 'plan', item: 'ng-monthly' },
    });
    expect(String(init?.body.callback_url)).toBe(`${config.publicUrl}/thank-you?checkout=${started.body.reference}`);
  });

  it("shows Paystack's message when it refuses, and 502 rather than 500", async () => {
    const api = billingApi(app, await signUp(app));
    paystack.failNext = { status: 400, message: 'Invalid plan code' };
    const res = await api.post('/transactions', { transaction: { intent: 'ng-monthly' } });
    expect(res.status).toBe(502);
    expect(res.body.error.message).toBe('Paystack: Invalid plan code');
  });

  it('activates on a signed charge.success, links the subscription, ignores replays and bad signatures', async () => {
    const { user, api, started } = await startPlan('ng-monthly');
    const charge = chargeSuccess({
      reference: started.body.reference,
      amount: 200000,
      metadata: { reference: started.body.reference, user_id: user.userId, kind: 'plan', item: 'ng-monthly' },
      customer: `CUS_${user.userId.slice(0, 6)}`,
      plan: 'PLN_monthly',
    });
    expect((await webhook(charge, 'f'.repeat(128))).statusCode).toBe(400);
    expect((await webhook(charge, 'nonsense')).statusCode).toBe(400);
    expect((await api.get('/subscriptions')).body.status).toBe('none');

    expect((await webhook(charge)).json()).toEqual({ received: true });
    expect((await webhook(charge)).json()).toEqual({ received: true, duplicate: true });
    const sub = (await api.get('/subscriptions')).body;
    expect(sub).toMatchObject({ intent: 'ng-monthly', status: 'active', provider: 'paystack', credit: FREE + 200 });

    const next = new Date(Date.now() + 30 * 86400_000).toISOString();
    const created = {
      event: 'subscription.create',
      data: {
        id: ++txId,
        subscription_code: 'SUB_ada1',
        email_token: 'tok_ada1',
        next_payment_date: next,
        customer: { customer_code: `CUS_${user.userId.slice(0, 6)}` },
        plan: { plan_code: 'PLN_monthly' },
        createdAt: new Date().toISOString(),
      },
    };
    expect((await webhook(created)).json()).toEqual({ received: true });

    // The portal is Paystack's manage link for that subscription.
    expect((await api.post('/portal')).body).toEqual({ url: 'https://paystack.test/manage/subscriptions/SUB_ada1' });

    // A renewal charge (Paystack's own reference, no metadata) is matched by the customer and adds 200 credits.
    const renewal = chargeSuccess({
      reference: 'ps_renew_1',
      amount: 200000,
      customer: `CUS_${user.userId.slice(0, 6)}`,
      plan: 'PLN_monthly',
      paidAt: new Date(Date.now() + 1000).toISOString(),
    });
    expect((await webhook(renewal)).json()).toEqual({ received: true });
    expect((await api.get('/subscriptions')).body.credit).toBe(FREE + 400);
    expect((await api.get('/transactions')).body.data).toHaveLength(2);

    // A failed renewal → past_due.
    const failed = {
      event: 'invoice.payment_failed',
      data: {
        id: ++txId,
        subscription: { subscription_code: 'SUB_ada1' },
        customer: { customer_code: `CUS_${user.userId.slice(0, 6)}` },
        created_at: new Date(Date.now() + 2000).toISOString(),
      },
    };
    expect((await webhook(failed)).statusCode).toBe(200);
    expect((await api.get('/subscriptions')).body.status).toBe('past_due');
  });

  it('change-plan creates the new Paystack subscription and disables the old one; cancel disables', async () => {
    const { user, api, started } = await startPlan('ng-monthly');
    const customer = `CUS_${user.userId.slice(0, 6)}x`;
    await webhook(
      chargeSuccess({
        reference: started.body.reference,
        amount: 200000,
        metadata: { reference: started.body.reference, user_id: user.userId, kind: 'plan', item: 'ng-monthly' },
        customer,
      }),
    );
    await webhook({
      event: 'subscription.create',
      data: { id: ++txId, subscription_code: 'SUB_chg', email_token: 'tok_chg', customer: { customer_code: customer }, createdAt: new Date().toISOString() },
    });

    // Not set up on Paystack (no plan code): a clear 422, nothing changed.
    expect((await api.post('/subscriptions/change-plan', { subscription: { plan: 'ng-6-months' } })).status).toBe(422);
    const changed = await api.post('/subscriptions/change-plan', { subscription: { plan: 'ng-12-months' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ intent: 'ng-12-months', amount: 2550000 });
    const [create, disable] = calls.slice(-2);
    expect(create).toMatchObject({ url: '/subscription', body: { customer, plan: 'PLN_12months' } });
    expect(disable).toMatchObject({ url: '/subscription/disable', body: { code: 'SUB_chg', token: 'tok_chg' } });

    const cancelled = await api.post('/subscriptions/cancel-plan');
    expect(cancelled.status).toBe(200);
    expect(calls.at(-1)).toMatchObject({
      url: '/subscription/disable',
      body: { code: expect.stringMatching(/^SUB_new/), token: expect.stringMatching(/^tok_new/) },
    });
    expect((await api.get('/subscriptions')).body).toMatchObject({ status: 'cancelled', paid: true });
  });

  it('a subscription event before its first payment is refused (409) so Paystack redelivers it', async () => {
    const { user, api, started } = await startPlan('ng-monthly');
    const customer = `CUS_early_${user.userId.slice(0, 4)}`;
    const created = {
      event: 'subscription.create',
      data: {
        id: ++txId,
        subscription_code: 'SUB_early',
        email_token: 'tok_early',
        customer: { customer_code: customer },
        createdAt: new Date().toISOString(),
      },
    };
    expect((await webhook(created)).statusCode).toBe(409);
    await webhook(
      chargeSuccess({
        reference: started.body.reference,
        amount: 200000,
        metadata: { reference: started.body.reference, user_id: user.userId, kind: 'plan', item: 'ng-monthly' },
        customer,
      }),
    );
    expect((await webhook(created)).json()).toEqual({ received: true });
    expect((await api.post('/portal')).body.url).toBe('https://paystack.test/manage/subscriptions/SUB_early');
  });

  it('sells credit packs in naira and takes them back on refund.processed', async () => {
    const user = await signUp(app);
    const api = billingApi(app, user);
    const started = await api.post('/transactions', { transaction: { credit_pack: 'credits-500' } });
    expect(calls.at(-1)?.body).toMatchObject({ amount: 600000, currency: 'NGN' });
    expect(calls.at(-1)?.body.plan).toBeUndefined();
    await webhook(
      chargeSuccess({
        reference: started.body.reference,
        amount: 600000,
        metadata: JSON.stringify({ reference: started.body.reference, user_id: user.userId, kind: 'credit_pack', item: 'credits-500' }) as unknown as object,
      }),
    );
    expect((await api.get('/subscriptions')).body.credit).toBe(FREE + 500);
    await webhook({
      event: 'refund.processed',
      data: { id: ++txId, transaction_reference: started.body.reference, amount: 600000, currency: 'NGN', createdAt: new Date().toISOString() },
    });
    expect((await api.get('/subscriptions')).body.credit).toBe(FREE);
  });
});
