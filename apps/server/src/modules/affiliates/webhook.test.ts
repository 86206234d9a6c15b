import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { affiliateCommissions } from '../../db/schema';
import { openTestApp, signUp, type SignedUp } from '../../test/harness';
import { postPaystackEvent, startPaystackServer } from '../../test/paystack-server';
import { billingApi, CARD } from '../billing/test-utils';
import { client } from '../sync/test-utils';

/**
 * Affiliate commission through the real plan checkouts and webhooks: a Paystack payment (real money) earns it
 * once and its refund reverses it once; a test payment (PAYMENTS_TEST_MODE=on, the built-in test provider) earns
 * nothing (issue 22).
 */
const SECRET = 'sk_live_paystack_local';
let n = 0;
const paystack = await startPaystackServer(SECRET, ({ method, url, body }) => {
  if (method === 'POST' && url === '/transaction/initialize')
    return [200, { status: true, message: 'ok', data: { authorization_url: `https://checkout.paystack.test/${body.reference}`, access_code: `ac_${++n}` } }];
  return undefined;
});

describe('affiliate commission from plan webhooks', () => {
  it('a referred user’s Paystack payment earns 20% once, a replayed refund reverses once; a test payment earns nothing', async () => {
    const { app, ctx } = await openTestApp({
      paystackSecretKey: SECRET,
      paystackApiBase: paystack.base,
      paystackPlanCodes: { 'ng-monthly': 'PLN_monthly' },
      paymentsTestMode: true,
    });
    const webhook = (payload: object) => postPaystackEvent(app, SECRET, payload);
    const affiliate = await signUp(app);
    const joined = await client(app, affiliate).post('/affiliates', {
      payout_method: 'bank',
      bank_name: 'GTBank',
      account_name: 'Ada',
      account_number: '0123',
    });
    const code = joined.body.affiliate.code as string;
    const referred = async (country: string): Promise<SignedUp> => {
      const suffix = randomUUID().slice(0, 8);
      const user = {
        name: 'Bola',
        username: `bola_${suffix}`,
        email: `bola.${suffix}@example.com`,
        password: 'correct horse battery',
        company_name: 'B',
        country,
      };
      const res = await app.inject({ method: 'POST', url: `/api/users?ref=${code}`, payload: { user } });
      const token = res.json().token as string;
      const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
      return { token, userId, username: user.username, email: user.email, password: user.password, auth: { authorization: `Bearer ${token}` } };
    };
    const me = async () => (await client(app, affiliate).get('/affiliates/me')).body;

    // Real money: a naira plan through Paystack.
    const bola = await referred('Nigeria');
    const buyer = billingApi(app, bola);
    const started = await buyer.post('/transactions', { transaction: { intent: 'ng-monthly' } });
    expect(started.status).toBe(200);
    const amount = (await buyer.get(`/transactions/${started.body.reference}`)).body.amount as number;
    const charge = {
      event: 'charge.success',
      data: { id: 9001, reference: started.body.reference, amount, currency: 'NGN', paid_at: new Date().toISOString(), metadata: {}, customer: {} },
    };
    expect((await webhook(charge)).json()).toEqual({ received: true });
    let d = await me();
    expect(d.stats).toMatchObject({ signups: 1, paying_users: 1 });
    expect(d.balances).toEqual([expect.objectContaining({ currency: 'NGN', pending: Math.round(amount * 0.2) })]);
    const refund = {
      event: 'refund.processed',
      data: { id: 9002, transaction_reference: started.body.reference, amount, currency: 'NGN', createdAt: new Date().toISOString() },
    };
    expect((await webhook(refund)).statusCode).toBe(200);
    await webhook(refund); // the provider sends it again
    d = await me();
    expect(d.balances[0]).toMatchObject({ pending: Math.round(amount * 0.2), payable: 0 });
    const rows = await ctx.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.referredId, bola.userId));
    expect(rows.map((r) => [r.kind, r.amount]).sort()).toEqual([
      ['commission', Math.round(amount * 0.2)],
      ['reversal', -Math.round(amount * 0.2)],
    ]);

    // A test payment (dollar plans have no real provider here; PAYMENTS_TEST_MODE=on runs the test one): no commission.
    const kofi = await referred('Ghana');
    const tester = billingApi(app, kofi);
    const testCheckout = await tester.post('/transactions', { transaction: { intent: 'usd-monthly' } });
    expect(testCheckout.body.url).toMatch(/^https?:\/\/[^/]+\/test-checkout\//);
    const paid = await app.inject({ method: 'POST', url: `/api/test-pay/checkouts/${testCheckout.body.reference}/confirm`, payload: CARD });
    expect(paid.statusCode).toBe(200);
    expect((await tester.get('/subscriptions')).body).toMatchObject({ status: 'active', paid: true });
    const history = (await tester.get('/transactions')).body.data;
    expect(history).toEqual([expect.objectContaining({ kind: 'plan', test: true })]);
    expect(await ctx.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.referredId, kofi.userId))).toEqual([]);
    expect((await me()).stats).toMatchObject({ signups: 2, paying_users: 1 });
    expect((await buyer.get('/transactions')).body.data.every((p: { test: boolean }) => !p.test)).toBe(true);
  });
});
