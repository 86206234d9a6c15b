import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { affiliateCommissions } from '../../db/schema';
import { openTestApp, signUp } from '../../test/harness';
import { billingApi, billingEvent, CARD, sendTestEvent } from '../billing/test-utils';
import { client } from '../sync/test-utils';

/** Affiliate commission through the real plan checkout and webhooks (billing's test provider). */
describe('affiliate commission from plan webhooks', () => {
  it('a referred user’s plan payment earns 20% once; a replayed refund reverses once', async () => {
    const { app, config, ctx } = await openTestApp();
    const affiliate = await signUp(app);
    const joined = await client(app, affiliate).post('/affiliates', {
      payout_method: 'bank',
      bank_name: 'GTBank',
      account_name: 'Ada',
      account_number: '0123',
    });
    const code = joined.body.affiliate.code as string;
    const res = await app.inject({
      method: 'POST',
      url: `/api/users?ref=${code}`,
      payload: {
        user: {
          name: 'Bola',
          username: `bola_${randomUUID().slice(0, 8)}`,
          email: `bola.${randomUUID().slice(0, 6)}@example.com`,
          password: 'correct horse battery',
          company_name: 'Bola Foods',
          country: 'Nigeria',
        },
      },
    });
    const token = res.json().token as string;
    const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
    const buyer = billingApi(app, { token, userId, username: '', email: '', password: '', auth: { authorization: `Bearer ${token}` } });
    const started = await buyer.post('/transactions', { transaction: { intent: 'ng-monthly' } });
    expect(started.status).toBe(200);
    const paid = await app.inject({ method: 'POST', url: `/api/test-pay/checkouts/${started.body.reference}/confirm`, payload: CARD });
    expect(paid.statusCode).toBe(200);
    const amount = (await buyer.get('/subscriptions')).body.amount as number;

    const me = async () => (await client(app, affiliate).get('/affiliates/me')).body;
    let d = await me();
    expect(d.stats).toMatchObject({ signups: 1, paying_users: 1 });
    expect(d.balances).toEqual([expect.objectContaining({ currency: 'NGN', pending: Math.round(amount * 0.2) })]);

    const refund = billingEvent(userId, { type: 'billing.refunded', reference: started.body.reference, kind: 'plan', item: 'ng-monthly', amount });
    expect((await sendTestEvent(app, config, refund)).statusCode).toBeLessThan(300);
    await sendTestEvent(app, config, refund); // the provider sends it again
    d = await me();
    expect(d.balances[0]).toMatchObject({ pending: Math.round(amount * 0.2), payable: 0 });
    const rows = await ctx.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.referredId, userId));
    expect(rows.map((r) => [r.kind, r.amount]).sort()).toEqual([
      ['commission', Math.round(amount * 0.2)],
      ['reversal', -Math.round(amount * 0.2)],
    ]);
  });
});
