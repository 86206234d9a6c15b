import type { Module } from '../../lib/context';
import { routesOf } from '../../lib/route';
import { isAdmin, requireAdmin } from '../../lib/admin';
import { attribute, becomeAffiliate, dashboard, markPaid, onPlanPayment, pendingPayouts, recordClick, requestPayout } from './service';

type PayoutRow = { id: string; amount: number; currency: string; status: string; requestedAt: Date; paidAt: Date | null };
const toPayout = (p: PayoutRow) => ({
  id: p.id,
  amount: p.amount,
  currency: p.currency,
  status: p.status as 'requested' | 'paid',
  requested_at: p.requestedAt.toISOString(),
  paid_at: p.paidAt ? p.paidAt.toISOString() : null,
});

/** The affiliate programme: terms, click counting, joining, dashboard, payout requests, and admins marking payouts paid. */
export const affiliatesRoutes: Module = (app, ctx) => {
  const { config } = ctx;
  ctx.registry.onUserCreated.push((tx, user) => attribute(tx, user.id));
  ctx.registry.onPlanPayment.push((tx, payment) => onPlanPayment(tx, config, payment));

  const terms = () => ({
    rate_bps: config.affiliateRateBps,
    months: config.affiliateMonths,
    hold_days: config.affiliateHoldDays,
    min_payout: config.affiliateMinPayout,
  });
  const route = routesOf(app, ctx, 'affiliates');

  route('GET /affiliates/terms', async () => terms(), { summary: 'The programme terms (open)' });

  route(
    'POST /affiliates/click',
    async (request) => {
      let userId: string | undefined;
      const token = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (token) userId = (await ctx.tokens.verify(token.trim()))?.sub;
      return { counted: await recordClick(ctx.db, request.body.code, request.body.visitor_id, userId) };
    },
    {
      // Open and writing a row per new visitor id (which the caller chooses): limited per address, so a script cannot
      // inflate an affiliate's clicks or fill the table (issue 22).
      config: ctx.config.rateLimits ? { rateLimit: { max: 20, timeWindow: '1 minute' } } : {},
      summary: 'A visit with ?ref=CODE (open): counted once per visitor; the affiliate’s own visits are not counted; 20 a minute per address',
      errors: [400, 429],
    },
  );

  const me = async (userId: string) => {
    const [d, admin] = await Promise.all([dashboard(ctx.db, config, userId), isAdmin(ctx.db, userId)]);
    return {
      affiliate: d
        ? {
            code: d.affiliate.code,
            link: `${config.publicUrl}/?ref=${encodeURIComponent(d.affiliate.code)}`,
            payout_method: d.affiliate.payoutMethod,
            payout_details: d.affiliate.payoutDetails as Record<string, string>,
            created_at: d.affiliate.createdAt.toISOString(),
          }
        : null,
      stats: d?.stats ?? { clicks: 0, signups: 0, paying_users: 0 },
      balances: d?.balances ?? [],
      payouts: (d?.payouts ?? []).map(toPayout),
      terms: terms(),
      can_manage: admin,
    };
  };

  route('GET /affiliates/me', async (request) => me(request.userId), {
    summary: 'The signed-in user’s affiliate dashboard (affiliate null until they join)',
    errors: [401],
  });

  route(
    'POST /affiliates',
    async (request) => {
      await becomeAffiliate(ctx.db, request.userId, request.body);
      return me(request.userId);
    },
    { summary: 'Join the programme (or change payout details): gives a code and a link', errors: [400, 401] },
  );

  route(
    'POST /affiliates/payouts',
    async (request, reply) => {
      const payout = await requestPayout(ctx.db, config, request.userId, request.body.currency);
      reply.code(201);
      return toPayout(payout);
    },
    { summary: 'Ask for the payable balance of one currency (at least the minimum payout)', errors: [400, 401, 403, 422], status: [201] },
  );

  // Payout details (bank accounts, mobile money numbers) are shown to admins only, and each look is audited.
  const adminOnly = (userId: string) => requireAdmin(ctx.db, userId, 'Only Duka administrators can manage payouts');

  route(
    'GET /admin/affiliate-payouts',
    async (request) => {
      const admin = await adminOnly(request.userId);
      const rows = await pendingPayouts(ctx.db);
      await admin.log('payouts.view', '', { payouts: rows.length });
      return {
        payouts: rows.map((r) => ({
          ...toPayout(r.payout),
          code: r.code,
          name: r.name,
          email: r.email,
          payout_method: r.method,
          payout_details: r.details as Record<string, string>,
        })),
      };
    },
    { summary: 'Admins: payout requests with the affiliate’s payout details', errors: [401, 403] },
  );

  route(
    'POST /admin/affiliate-payouts/:id/paid',
    async (request) => {
      const admin = await adminOnly(request.userId);
      const paid = await markPaid(ctx.db, request.params.id);
      await admin.log('payout.paid', paid.id, { amount: paid.amount, currency: paid.currency, affiliate_id: paid.affiliateId });
      return toPayout(paid);
    },
    { summary: 'Admins: mark a payout paid', errors: [401, 403, 404, 409] },
  );
};
