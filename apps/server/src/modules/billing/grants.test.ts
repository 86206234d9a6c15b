import { randomInt } from 'node:crypto';
import { findCreditPack } from '@duka/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingCheckouts, billingPayments } from '../../db/schema';
import { openTestApp, type SignedUp, signUp } from '../../test/harness';
import { postPaystackEvent, startPaystackServer } from '../../test/paystack-server';
import { billingApi, CARD } from './test-utils';

/**
 * Issue 22 item 4: a plan or credit pack is granted only against a checkout we made (or a subscription we know),
 * only for at least its price in its currency (else recorded "underpaid", nothing granted), never for an amount that
 * is not a whole number, and a checkout is claimed once however many confirmations race.
 */
const SECRET = 'sk_live_paystack_grants';
let n = 0;
const paystack = await startPaystackServer(SECRET, ({ method, url, body }) => {
  if (method === 'POST' && url === '/transaction/initialize')
    return [200, { status: true, message: 'ok', data: { authorization_url: `https://checkout.paystack.test/${body.reference}`, access_code: `ac_${++n}` } }];
  return undefined;
});
// Paystack sells naira; PAYMENTS_TEST_MODE=on runs the test provider for the dollar plans and packs.
const { app, ctx, config } = await openTestApp({
  paystackSecretKey: SECRET,
  paystackApiBase: paystack.base,
  paystackPlanCodes: { 'ng-yearly': 'PLN_yearly' },
  paymentsTestMode: true,
});
const FREE = config.aiFreeCredit;

// Paystack event ids are `charge.success:<data.id>`: unique per run (PostgreSQL keeps earlier runs' events).
let txId = randomInt(1, 2 ** 40);
function charge(data: Record<string, unknown>) {
  return postPaystackEvent(app, SECRET, {
    event: 'charge.success',
    data: { id: ++txId, status: 'success', currency: 'NGN', paid_at: new Date().toISOString(), customer: { customer_code: `CUS_${txId}` }, ...data },
  });
}
const state = async (user: SignedUp) => (await billingApi(app, user).get('/subscriptions')).body as { plan: string | null; credit: number; paid: boolean };
const checkoutRow = async (reference: string) => (await ctx.db.select().from(billingCheckouts).where(eq(billingCheckouts.id, reference)))[0]!;

describe('value only for money received against a checkout', () => {
  it('Paystack: metadata alone grants nothing; less than the price, another currency or a non-number is underpaid or ignored, never a 500', async () => {
    const user = await signUp(app);
    // The attacks: a plan and 500 credits from metadata, with 100 and 1 kobo, no checkout at all.
    const forgedPlan = await charge({ reference: 'ref_forged_1', amount: 100, metadata: { user_id: user.userId, kind: 'plan', item: 'ng-yearly' } });
    expect(forgedPlan.statusCode).toBe(200);
    expect(forgedPlan.json().ignored).toMatch(/no checkout or subscription/);
    const forgedPack = await charge({ reference: 'ref_forged_2', amount: 1, metadata: { user_id: user.userId, kind: 'credit_pack', item: 'credits-500' } });
    expect(forgedPack.json().ignored).toMatch(/no checkout or subscription/);
    expect(await state(user)).toMatchObject({ plan: null, credit: FREE, paid: false });

    // A real checkout, paid with 1 kobo, then in dollars, then with "abc" and 1e308: nothing granted, no 500.
    const api = billingApi(app, user);
    const started = await api.post('/transactions', { transaction: { credit_pack: 'credits-500' } });
    const reference = started.body.reference as string;
    const price = findCreditPack('credits-500')!.prices.NGN;
    const meta = { reference, user_id: user.userId, kind: 'credit_pack', item: 'credits-500' };
    const kobo = await charge({ reference, amount: 1, metadata: meta });
    expect(kobo.statusCode).toBe(200);
    expect(kobo.json().ignored).toBe(`underpaid: received 1 NGN, the price is ${price} NGN: nothing granted`);
    expect((await api.get(`/transactions/${reference}`)).body).toMatchObject({ status: 'underpaid', credit: FREE });
    const dollars = await charge({ reference, amount: price, currency: 'USD', metadata: meta });
    expect(dollars.json().ignored).toMatch(/^underpaid: received \d+ USD/);
    // An amount no payment can have is refused before anything reads it (issue 22 item 8): 400, nothing granted.
    for (const amount of ['abc', 1e308, -5, 12.5]) {
      const res = await charge({ reference, amount, metadata: meta });
      expect(res.statusCode, `amount ${amount}`).toBe(400);
    }
    expect(await state(user)).toMatchObject({ credit: FREE });
    const history = (await api.get('/transactions')).body.data as Array<{ kind: string; credits: number }>;
    expect(history.length).toBeGreaterThanOrEqual(2);
    expect(history.every((p) => p.kind === 'underpaid' && p.credits === 0)).toBe(true);

    // The full price in naira grants the pack, once: a second charge for the same checkout grants nothing more.
    expect((await charge({ reference, amount: price, metadata: meta })).json()).toEqual({ received: true });
    expect((await state(user)).credit).toBe(FREE + 500);
    expect((await checkoutRow(reference)).status).toBe('paid');
    expect((await charge({ reference, amount: price, metadata: meta })).json().ignored).toBe('this checkout was already paid');
    expect((await state(user)).credit).toBe(FREE + 500);

    // A plan checkout paid with less than the plan's price: no plan.
    const planStart = await api.post('/transactions', { transaction: { intent: 'ng-yearly' } });
    const planRes = await charge({ reference: planStart.body.reference, amount: 100, metadata: { user_id: user.userId, kind: 'plan', item: 'ng-yearly' } });
    expect(planRes.json().ignored).toMatch(/^underpaid/);
    expect(await state(user)).toMatchObject({ plan: null, paid: false });
    // Another user's checkout reference with one's own metadata: the checkout decides who gets it.
    const other = await signUp(app);
    const theirs = await billingApi(app, other).post('/transactions', { transaction: { credit_pack: 'credits-100' } });
    const theirPrice = findCreditPack('credits-100')!.prices.NGN;
    await charge({ reference: theirs.body.reference, amount: theirPrice, metadata: { user_id: user.userId } });
    expect((await state(other)).credit).toBe(FREE + 100);
    expect((await state(user)).credit).toBe(FREE + 500);
  });

  it('the test provider: 20 concurrent confirmations of one credit pack grant it exactly once', async () => {
    const user = await signUp(app, { country: 'Kenya' });
    const api = billingApi(app, user);
    const started = await api.post('/transactions', { transaction: { credit_pack: 'credits-100' } });
    expect(started.body.url).toMatch(/^https?:\/\/[^/]+\/test-checkout\//);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => app.inject({ method: 'POST', url: `/api/test-pay/checkouts/${started.body.reference}/confirm`, payload: CARD })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    expect((await state(user)).credit).toBe(FREE + 100);
    const rows = await ctx.db.select().from(billingPayments).where(eq(billingPayments.userId, user.userId));
    expect(rows.map((r) => [r.kind, r.credits, r.test])).toEqual([['credit_pack', 100, true]]);
  });
});
