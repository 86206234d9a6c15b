import { PLAN_BENEFITS } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import type { PlanPaymentInfo } from '../../lib/registry';
import { billingApi, billingEvent, CARD, sendTestEvent, subscribed } from './test-utils';

const { app, ctx, config } = await openTestApp();
const hookCalls: PlanPaymentInfo[] = [];
ctx.registry.onPlanPayment.push(async (_tx, payment) => {
  hookCalls.push(payment);
});
const FREE = config.aiFreeCredit;
const NO_SUB = 'Subscription with code not found or already inactive';

describe('GET /subscriptions/', () => {
  it('needs a token and says none for a new account', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/subscriptions' })).statusCode).toBe(401);
    const api = billingApi(app, await signUp(app));
    expect((await api.get('/subscriptions')).body).toEqual({
      plan: null,
      intent: null,
      status: 'none',
      provider: null,
      current_period_end: null,
      months: null,
      amount: null,
      currency: null,
      credit: FREE,
      paid: false,
    });
  });
});

describe('POST /transactions (test checkout)', () => {
  it('starts a naira checkout for a Nigerian; nothing is granted until the webhook', async () => {
    const user = await signUp(app);
    const api = billingApi(app, user);
    const started = await api.post('/transactions', { transaction: { intent: 'ng-12-months' } });
    expect(started.status).toBe(200);
    // Absolute (issue 23): a native shell opens it in an external browser.
    expect(started.body.url).toBe(`${config.publicUrl}/test-checkout/${started.body.reference}`);
    expect(new URL(started.body.url).origin).toBe(new URL(config.publicUrl).origin);
    const page = (await app.inject({ method: 'GET', url: `/api/test-pay/checkouts/${started.body.reference}` })).json();
    expect(page).toMatchObject({ title: 'Duka 12 Months plan', amount: 2550000, currency: 'NGN', status: 'open', recurring: true });
    // Landing on thank-you (the redirect) grants nothing.
    expect((await api.get(`/transactions/${started.body.reference}`)).body).toMatchObject({ status: 'open', credit: FREE });
    expect((await api.get('/subscriptions')).body.status).toBe('none');

    const declined = await app.inject({
      method: 'POST',
      url: `/api/test-pay/checkouts/${started.body.reference}/confirm`,
      payload: { ...CARD, card_number: '4000 0000 0000 0002' },
    });
    expect(declined.statusCode).toBe(402);
    expect((await api.get('/subscriptions')).body.status).toBe('none');

    const paid = await app.inject({ method: 'POST', url: `/api/test-pay/checkouts/${started.body.reference}/confirm`, payload: CARD });
    expect(paid.json()).toEqual({ status: 'succeeded', redirect: `/thank-you?checkout=${started.body.reference}` });
    expect((await api.get(`/transactions/${started.body.reference}`)).body).toMatchObject({ status: 'paid', credit: FREE + PLAN_BENEFITS.creditsPerPeriod });
    const sub = (await api.get('/subscriptions')).body;
    expect(sub).toMatchObject({
      plan: '12 Months',
      intent: 'ng-12-months',
      status: 'active',
      provider: 'test',
      months: 12,
      amount: 2550000,
      currency: 'NGN',
      paid: true,
    });
    const end = new Date(sub.current_period_end).getTime();
    expect(end - Date.now()).toBeGreaterThan(360 * 86400_000);
    const history = (await api.get('/transactions')).body.data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ kind: 'plan', item: 'ng-12-months', description: '12 Months plan', amount: 2550000, currency: 'NGN', credits: 200 });
    // Paying the same checkout again is refused.
    expect((await app.inject({ method: 'POST', url: `/api/test-pay/checkouts/${started.body.reference}/confirm`, payload: CARD })).statusCode).toBe(409);
    expect(hookCalls.filter((c) => c.userId === user.userId)).toEqual([expect.objectContaining({ amount: 2550000, currency: 'NGN', kind: 'paid' })]);
  });

  it('sells dollar plans outside Nigeria and naira plans only in Nigeria', async () => {
    const kenyan = billingApi(app, await signUp(app, { country: 'Kenya' }));
    const wrong = await kenyan.post('/transactions', { transaction: { intent: 'ng-monthly' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toContain('dollar plans');
    const ok = await kenyan.post('/transactions', { transaction: { intent: 'usd-yearly' } });
    expect(ok.status).toBe(200);
    const page = (await app.inject({ method: 'GET', url: `/api/test-pay/checkouts/${ok.body.reference}` })).json();
    expect(page).toMatchObject({ amount: 5999, currency: 'USD' });
    const nigerian = billingApi(app, await signUp(app));
    expect((await nigerian.post('/transactions', { transaction: { intent: 'usd-monthly' } })).status).toBe(400);
  });

  it('refuses bad input with a message', async () => {
    const api = billingApi(app, await signUp(app));
    for (const payload of [
      {},
      { transaction: {} },
      { transaction: { intent: '' } },
      { transaction: { intent: 'gold' } },
      { transaction: { credit_pack: 'credits-7' } },
      { transaction: { intent: 'ng-monthly', credit_pack: 'credits-100' } },
    ]) {
      const res = await api.post('/transactions', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.error.message).toBeTruthy();
    }
    expect((await app.inject({ method: 'POST', url: '/api/transactions', payload: { transaction: { intent: 'ng-monthly' } } })).statusCode).toBe(401);
  });

  it('only sends the user back to paths of this site', async () => {
    const api = billingApi(app, await signUp(app));
    const started = await api.post('/transactions', { transaction: { credit_pack: 'credits-100' }, callback_url: 'https://evil.example/x' });
    const paid = await app.inject({ method: 'POST', url: `/api/test-pay/checkouts/${started.body.reference}/confirm`, payload: CARD });
    expect(paid.json().redirect).toBe(`/thank-you?checkout=${started.body.reference}`);
  });

  it('a credit pack adds its credits once, in naira or dollars', async () => {
    const user = await signUp(app, { country: 'Ghana' });
    const api = billingApi(app, user);
    const started = await api.post('/transactions', { transaction: { credit_pack: 'credits-100' } });
    const page = (await app.inject({ method: 'GET', url: `/api/test-pay/checkouts/${started.body.reference}` })).json();
    expect(page).toMatchObject({ title: '100 AI credits', amount: 199, currency: 'USD', recurring: false });
    await app.inject({ method: 'POST', url: `/api/test-pay/checkouts/${started.body.reference}/confirm`, payload: CARD });
    expect((await app.inject({ method: 'GET', url: '/api/ai-writter/credit', headers: user.auth })).json()).toEqual({ credit: FREE + 100 });
    expect((await api.get('/subscriptions')).body.status).toBe('none');
    expect((await api.get('/transactions')).body.data[0]).toMatchObject({ kind: 'credit_pack', description: '100 AI credits', amount: 199, credits: 100 });
  });
});

describe('tenancy', () => {
  it("one user never sees or changes another's billing", async () => {
    const a = await subscribed(app);
    const b = billingApi(app, await signUp(app));
    expect((await b.get(`/transactions/${a.reference}`)).status).toBe(404);
    expect((await b.get('/transactions')).body.data).toEqual([]);
    expect((await b.get('/subscriptions')).body.status).toBe('none');
    expect((await b.post('/subscriptions/cancel-plan')).body.error.message).toBe(NO_SUB);
    expect((await b.post('/subscriptions/change-plan', { subscription: { plan: 'ng-1-month' } })).status).toBe(404);
    expect((await a.api.get('/subscriptions')).body.status).toBe('active');
  });
});

describe('change and cancel (SPEC §7, §8)', () => {
  it('change-plan: needs an active plan and a plan of the same currency; the new plan applies', async () => {
    const none = billingApi(app, await signUp(app));
    const missing = await none.post('/subscriptions/change-plan', { subscription: { plan: 'ng-1-month' } });
    expect(missing).toMatchObject({ status: 404, body: { error: { message: NO_SUB } } });

    const { api } = await subscribed(app, 'ng-monthly');
    const before = (await api.get('/subscriptions')).body;
    expect((await api.post('/subscriptions/change-plan', { subscription: {} })).status).toBe(400);
    expect((await api.post('/subscriptions/change-plan', { subscription: { plan: '' } })).status).toBe(400);
    expect((await api.post('/subscriptions/change-plan', { subscription: { plan: 'usd-monthly' } })).status).toBe(400);
    expect((await api.post('/subscriptions/change-plan', { subscription: { plan: 'ng-monthly' } })).status).toBe(409);
    const changed = await api.post('/subscriptions/change-plan', { subscription: { plan: 'ng-6-months' } });
    expect(changed.status).toBe(200);
    // t21 B1: the plan paid for runs until the period end; the new one starts then (what the next charge is).
    const expected = {
      plan: before.plan,
      next_plan: '6 Months',
      intent: 'ng-6-months',
      status: 'active',
      months: 1,
      amount: 1550000,
      current_period_end: before.current_period_end,
    };
    expect(before.plan).not.toBe('6 Months');
    expect(changed.body).toMatchObject(expected);
    expect((await api.get('/subscriptions')).body).toMatchObject(expected);
    expect((await api.post('/subscriptions/cancel-plan')).status).toBe(200);
    expect((await api.get('/subscriptions')).body).toMatchObject({ ...expected, status: 'cancelled' });
  });

  it('cancel-plan: stays paid to the period end; a second cancel is refused', async () => {
    const { api } = await subscribed(app, 'ng-yearly');
    const res = await api.post('/subscriptions/cancel-plan');
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/^Your plan is cancelled\. It stays active until \d{4}-\d{2}-\d{2}\.$/);
    expect((await api.get('/subscriptions')).body).toMatchObject({ status: 'cancelled', paid: true });
    expect((await api.post('/subscriptions/cancel-plan')).body.error.message).toBe(NO_SUB);
    expect((await api.post('/subscriptions/change-plan', { subscription: { plan: 'ng-1-month' } })).body.error.message).toBe(NO_SUB);
  });

  it('the portal renews, fails and cancels through signed webhooks', async () => {
    const { api } = await subscribed(app, 'ng-monthly');
    const { url } = (await api.post('/portal')).body;
    expect(url.startsWith(`${config.publicUrl}/test-portal?session=`)).toBe(true);
    expect((await api.post('/transactions/portal-init')).body.url.startsWith(`${config.publicUrl}/test-portal?session=`)).toBe(true);
    const session = decodeURIComponent(url.split('session=')[1]);
    const view = (await app.inject({ method: 'GET', url: `/api/test-pay/portal/${encodeURIComponent(session)}` })).json();
    expect(view, JSON.stringify(view)).toHaveProperty('subscription');
    expect(view.subscription).toMatchObject({ plan: 'Monthly', status: 'active', recurring: true });
    const end1 = new Date((await api.get('/subscriptions')).body.current_period_end);
    const act = (a: string) => app.inject({ method: 'POST', url: `/api/test-pay/portal/${encodeURIComponent(session)}/${a}` });
    expect((await act('renew')).json()).toEqual({ status: 'active' });
    const renewed = (await api.get('/subscriptions')).body;
    expect(renewed.credit).toBe(FREE + 400);
    expect(new Date(renewed.current_period_end).getTime()).toBeGreaterThan(end1.getTime() + 27 * 86400_000);
    expect((await act('fail')).json()).toEqual({ status: 'past_due' });
    expect((await act('cancel')).json()).toEqual({ status: 'cancelled' });
    expect((await app.inject({ method: 'GET', url: '/api/test-pay/portal/bad.session' })).statusCode).toBe(404);
  });
});

describe('webhooks', () => {
  it('applies each event once (replays change nothing) and refuses bad signatures', async () => {
    const user = await signUp(app);
    const started = await billingApi(app, user).post('/transactions', { transaction: { credit_pack: 'credits-500' } });
    const event = billingEvent(user.userId, { reference: started.body.reference, kind: 'credit_pack', item: 'credits-500', amount: 600000 });
    expect((await sendTestEvent(app, config, event)).json()).toEqual({ received: true });
    expect((await sendTestEvent(app, config, event)).json()).toEqual({ received: true, duplicate: true });
    const bad = await sendTestEvent(app, config, { ...event, id: 'evt_other' }, 't=1,v1=' + '0'.repeat(64));
    expect(bad.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/ai-writter/credit', headers: user.auth })).json()).toEqual({ credit: FREE + 500 });
  });

  it('an older event arriving late does not undo a newer one, but its money still counts once', async () => {
    const { user, api } = await subscribed(app, 'ng-monthly');
    const sub = (await api.get('/subscriptions')).body;
    const now = Math.floor(Date.now() / 1000);
    // Cancelled at t+100 arrives first, then the renewal paid at t+50.
    expect((await sendTestEvent(app, config, billingEvent(user.userId, { type: 'billing.cancelled', created: now + 100, amount: 0 }))).statusCode).toBe(200);
    expect((await sendTestEvent(app, config, billingEvent(user.userId, { created: now + 50 }))).statusCode).toBe(200);
    const after = (await api.get('/subscriptions')).body;
    expect(after.status).toBe('cancelled');
    expect(after.credit).toBe(sub.credit + 200);
    // An old past_due does not override either.
    await sendTestEvent(app, config, billingEvent(user.userId, { type: 'billing.past_due', created: now - 500, amount: 0 }));
    expect((await api.get('/subscriptions')).body.status).toBe('cancelled');
  });

  it('a renewal for an unknown subscription is refused so the provider retries', async () => {
    const res = await sendTestEvent(app, config, billingEvent('00000000-0000-4000-8000-000000000000', { subscription_id: 'sub_unknown' }));
    expect(res.statusCode).toBe(409);
  });

  it('a refund takes back a pack and reports to the payment hooks', async () => {
    const user = await signUp(app);
    const api = billingApi(app, user);
    const started = await api.post('/transactions', { transaction: { credit_pack: 'credits-100' } });
    await app.inject({ method: 'POST', url: `/api/test-pay/checkouts/${started.body.reference}/confirm`, payload: CARD });
    await sendTestEvent(
      app,
      config,
      billingEvent(user.userId, { type: 'billing.refunded', reference: started.body.reference, kind: 'credit_pack', item: 'credits-100', amount: 150000 }),
    );
    expect((await api.get('/subscriptions')).body.credit).toBe(FREE);
    expect((await api.get('/transactions')).body.data.map((p: { kind: string }) => p.kind)).toEqual(['refund', 'credit_pack']);
    expect(hookCalls.filter((c) => c.userId === user.userId).map((c) => c.kind)).toEqual(['paid', 'refunded']);
  });
});

describe('what a plan gives', () => {
  it('a paid plan leaves "Made with Duka" off the invoice PDF (the device builds the same bytes)', async () => {
    const { buildInvoicePdf, invoicePublicLink, pdfParties } = await import('@duka/pdf');
    const { withContact, invoiceBody } = await import('../invoices/test-utils');
    const build = async (user: Awaited<ReturnType<typeof signUp>>, branding: boolean) => {
      const { api, contactId } = await withContact(app, user);
      const inv = (await api.post('/invoices', invoiceBody(contactId))).body;
      const server = (await app.inject({ method: 'GET', url: `/api/invoices/${inv.id}/pdf`, headers: user.auth })).rawPayload;
      const contact = (await api.get(`/contacts/${contactId}`)).body;
      const parties = pdfParties({ name: 'Ada Obi', company_name: 'Ada Stores', email: user.email }, contact);
      const device = await buildInvoicePdf(inv, { ...parties, payLink: invoicePublicLink(config.publicUrl, inv.public_id), logo: null, branding });
      return Buffer.from(device).equals(server);
    };
    const { user } = await subscribed(app, 'ng-monthly');
    expect(await build(user, false)).toBe(true);
    expect(await build(user, true)).toBe(false);
    const free = await signUp(app);
    expect(await build(free, true)).toBe(true);
  });
});
