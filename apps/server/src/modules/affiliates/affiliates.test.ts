import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { affiliateCommissions } from '../../db/schema';
import type { PlanPaymentInfo } from '../../lib/registry';
import { runAdminCommand } from '../../cli/admin';
import { openTestApp, type SignedUp, signUp, type TestApp } from '../../test/harness';
import { client } from '../sync/test-utils';
import { minPayout, sameEmail } from './service';

const BANK = { payout_method: 'bank', bank_name: 'GTBank', account_name: 'Ada Obi', account_number: '0123456789' };

describe('affiliate programme', () => {
  let t: TestApp;
  let affiliate: SignedUp;
  let code: string;
  /** What the plans webhook does: the registry hooks inside one transaction. */
  const pay = (p: Omit<PlanPaymentInfo, 'currency'> & { currency?: string }) =>
    t.ctx.db.transaction(async (tx) => {
      for (const hook of t.ctx.registry.onPlanPayment) await hook(tx, { currency: 'NGN', ...p });
    });
  const me = async (u: SignedUp) => (await client(t.app, u).get('/affiliates/me')).body;

  beforeAll(async () => {
    t = await openTestApp({ affiliateMinPayout: { NGN: 100_000, '*': 5000 } });
    affiliate = await signUp(t.app, { email: `ada.${randomUUID().slice(0, 6)}@gmail.com` });
  });

  it("the minimum payout follows the currency's minor units (issue 23): '*' is 50 units of any currency", () => {
    expect(minPayout(t.ctx.config, 'NGN')).toBe(100_000);
    expect(minPayout(t.ctx.config, 'KES')).toBe(5000);
    expect(minPayout(t.ctx.config, 'XAF')).toBe(50);
    expect(minPayout(t.ctx.config, 'UGX')).toBe(50);
  });

  it('joining needs payout details in words, then gives a code and a ?ref= link', async () => {
    const api = client(t.app, affiliate);
    expect((await me(affiliate)).affiliate).toBeNull();
    const bad = await api.post('/affiliates', { payout_method: 'mobile_money', mobile_provider: 'M-Pesa' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ mobile_number: 'Enter the mobile-money number' });
    const res = await api.post('/affiliates', BANK);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    code = res.body.affiliate.code;
    expect(code).toMatch(/^ADA[A-Z0-9]+$/);
    expect(res.body.affiliate.link).toBe(`${t.config.publicUrl}/?ref=${code}`);
    expect(res.body.terms).toMatchObject({ rate_bps: 2000, months: 12 });
    // Joining again keeps the code and updates the details.
    const again = await api.post('/affiliates', { payout_method: 'mobile_money', mobile_provider: 'M-Pesa', mobile_number: '+254700111222' });
    expect(again.body.affiliate.code).toBe(code);
    expect(again.body.affiliate.payout_method).toBe('mobile_money');
  });

  it('counts a click once per visitor, not the affiliate’s own visits', async () => {
    const click = (visitor: string, auth?: SignedUp) =>
      t.app.inject({ method: 'POST', url: '/api/affiliates/click', payload: { code: code.toLowerCase(), visitor_id: visitor }, headers: auth?.auth ?? {} });
    expect((await click('visitor-aaaa-1')).json()).toEqual({ counted: true });
    expect((await click('visitor-aaaa-1')).json()).toEqual({ counted: false });
    expect((await click('visitor-bbbb-2')).json()).toEqual({ counted: true });
    expect((await click('visitor-cccc-3', affiliate)).json()).toEqual({ counted: false });
    expect((await t.app.inject({ method: 'POST', url: '/api/affiliates/click', payload: { code: 'NOPE', visitor_id: 'visitor-dddd' } })).json()).toEqual({
      counted: false,
    });
    expect((await me(affiliate)).stats.clicks).toBe(2);
  });

  it('attributes a sign-up once, refuses self-referral, pays commission once per event and reverses refunds', async () => {
    const referred = await signUp(t.app); // not referred by anyone
    // Register through the API with ?ref= as the web app does.
    const reg = async (email: string) => {
      const suffix = randomUUID().slice(0, 8);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/users?ref=${code}`,
        payload: {
          user: { name: 'Bola', username: `bola_${suffix}`, email, password: 'correct horse battery', company_name: 'Bola Foods', country: 'Nigeria' },
        },
      });
      expect(res.statusCode).toBe(201);
      return JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString()).sub as string;
    };
    const bola = await reg(`bola.${randomUUID().slice(0, 6)}@example.com`);
    // The affiliate's own e-mail with a +tag and dots is the same person: not attributed.
    const affiliateEmail = affiliate.email;
    const self = await reg(affiliateEmail.replace('@', '+second@').replace('ada.', 'a.d.a.'));
    expect((await me(affiliate)).stats.signups).toBe(1);

    await pay({ userId: bola, eventId: 'evt_1', amount: 1_000_000, kind: 'paid' });
    await pay({ userId: bola, eventId: 'evt_1', amount: 1_000_000, kind: 'paid' }); // replayed webhook
    await pay({ userId: self, eventId: 'evt_self', amount: 1_000_000, kind: 'paid' });
    await pay({ userId: referred.userId, eventId: 'evt_other', amount: 1_000_000, kind: 'paid' });
    let d = await me(affiliate);
    expect(d.stats.paying_users).toBe(1);
    expect(d.balances).toEqual([{ currency: 'NGN', pending: 200_000, payable: 0, requested: 0, paid: 0, min_payout: 100_000 }]);

    await pay({ userId: bola, eventId: 'evt_2_refund', amount: 400_000, kind: 'refunded' });
    await pay({ userId: bola, eventId: 'evt_2_refund', amount: 400_000, kind: 'refunded' }); // replayed
    const rows = await t.ctx.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.referredId, bola));
    expect(rows.map((r) => [r.eventId, r.kind, r.amount]).sort()).toEqual([
      ['evt_1', 'commission', 200_000],
      ['evt_2_refund', 'reversal', -80_000],
    ]);
    d = await me(affiliate);
    expect(d.balances[0]).toMatchObject({ pending: 200_000, payable: 0 });
    // A refund never takes back more than was earned.
    await pay({ userId: bola, eventId: 'evt_3_refund', amount: 5_000_000, kind: 'refunded' });
    const net = await t.ctx.db
      .select({ n: sql<number>`sum(amount)::int` })
      .from(affiliateCommissions)
      .where(eq(affiliateCommissions.referredId, bola));
    expect(net[0]!.n).toBe(0);
  });

  it('payouts: refused below the minimum; after the hold the payable balance is requested; only admins mark it paid', async () => {
    const owner = await signUp(t.app);
    await client(t.app, owner).post('/affiliates', BANK);
    const ownerCode = (await me(owner)).affiliate.code;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users?ref=${ownerCode}`,
      payload: {
        user: {
          name: 'Chidi',
          username: `chidi_${randomUUID().slice(0, 8)}`,
          email: `chidi.${randomUUID().slice(0, 6)}@example.com`,
          password: 'correct horse battery',
          company_name: 'C',
          country: 'Nigeria',
        },
      },
    });
    const chidi = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString()).sub as string;
    await pay({ userId: chidi, eventId: `evt_small_${chidi}`, amount: 250_000, kind: 'paid' }); // 50,000 commission
    const api = client(t.app, owner);
    // Pending (inside the refund window): nothing to ask for yet.
    expect((await api.post('/affiliates/payouts', { currency: 'NGN' })).status).toBe(422);
    // A currency Duka does not support is refused in the invoices' sentence (t20), lower case too.
    const odd = await api.post('/affiliates/payouts', { currency: 'ABC' });
    expect(odd.status).toBe(400);
    expect(odd.body.error.fields.currency).toMatch(/^"ABC" is not a currency Duka supports: use one of /);
    expect((await api.post('/affiliates/payouts', { currency: 'ngn' })).body.error.fields.currency).toBe('Write the currency as NGN');
    await t.ctx.db.execute(sql`update affiliate_commissions set created_at = now() - interval '40 days' where referred_id = ${chidi}::uuid`);
    const small = await api.post('/affiliates/payouts', { currency: 'NGN' });
    expect(small.status).toBe(422);
    expect(small.body.error.message).toBe('Your payable balance must reach the minimum payout of NGN 1,000 before you can ask for it');
    await pay({ userId: chidi, eventId: `evt_big_${chidi}`, amount: 500_000, kind: 'paid' });
    await t.ctx.db.execute(sql`update affiliate_commissions set created_at = now() - interval '40 days' where referred_id = ${chidi}::uuid`);
    expect((await me(owner)).balances[0]).toMatchObject({ payable: 150_000, pending: 0 });
    const asked = await api.post('/affiliates/payouts', { currency: 'NGN' });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ amount: 150_000, status: 'requested' });
    expect((await me(owner)).balances[0]).toMatchObject({ payable: 0, requested: 150_000 });
    expect((await api.post('/affiliates/payouts', { currency: 'NGN' })).status).toBe(422);

    expect((await api.get('/admin/affiliate-payouts')).status).toBe(403);
    expect((await api.post(`/admin/affiliate-payouts/${asked.body.id}/paid`, {})).status).toBe(403);
    const boss = await signUp(t.app);
    await runAdminCommand(t.ctx.db, ['grant', boss.username], 'cli:test');
    const list = await client(t.app, boss).get('/admin/affiliate-payouts');
    expect(list.body.payouts.find((p: { id: string }) => p.id === asked.body.id)).toMatchObject({
      payout_method: 'bank',
      payout_details: { account_number: '0123456789' },
    });
    // Sent with no body at all, as `curl -X POST` does: the route needs none (issue 22).
    const paid = await t.app.inject({ method: 'POST', url: `/api/admin/affiliate-payouts/${asked.body.id}/paid`, headers: boss.auth });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('paid');
    expect((await client(t.app, boss).post(`/admin/affiliate-payouts/${asked.body.id}/paid`, {})).status).toBe(409);
    expect((await me(owner)).balances[0]).toMatchObject({ requested: 0, paid: 150_000 });
    // Another user sees none of it.
    const stranger = await signUp(t.app);
    expect(await me(stranger)).toMatchObject({ affiliate: null, balances: [], payouts: [] });
    expect((await client(t.app, stranger).post('/affiliates/payouts', { currency: 'NGN' })).status).toBe(403);
  });

  it('same person by e-mail', () => {
    expect(sameEmail('a.d.a+shop@gmail.com', 'ada@googlemail.com')).toBe(true);
    expect(sameEmail('ada+x@example.com', 'ada@example.com')).toBe(true);
    expect(sameEmail('ada@example.com', 'bola@example.com')).toBe(false);
  });
});
