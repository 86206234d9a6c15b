import {
  adminPayoutSchema,
  affiliateClickBody,
  affiliateDashboardSchema as dashboardSchema,
  affiliateTermsSchema as termsSchema,
  payoutDetailsInput,
  payoutRequestBody,
  payoutSchema,
} from '@duka/core';
import { z } from 'zod';
import type { Module } from '../../lib/context';
import { errors } from '../accounts';
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
  const base = { tags: ['affiliates'] };
  const secured = { ...base, security: [{ bearer: [] }] };

  app.get('/affiliates/terms', { schema: { ...base, summary: 'The programme terms (open)', response: { 200: termsSchema } } }, async () => terms());

  app.post(
    '/affiliates/click',
    {
      schema: {
        ...base,
        summary: 'A visit with ?ref=CODE (open): counted once per visitor; the affiliate’s own visits are not counted',
        body: affiliateClickBody,
        response: { 200: z.object({ counted: z.boolean() }), ...errors(400) },
      },
    },
    async (request) => {
      let userId: string | undefined;
      const token = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (token) userId = (await ctx.tokens.verify(token.trim()))?.sub;
      return { counted: await recordClick(ctx.db, request.body.code, request.body.visitor_id, userId) };
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

  app.get(
    '/affiliates/me',
    {
      preHandler: ctx.auth,
      schema: {
        ...secured,
        summary: 'The signed-in user’s affiliate dashboard (affiliate null until they join)',
        response: { 200: dashboardSchema, ...errors(401) },
      },
    },
    async (request) => me(request.userId),
  );

  app.post(
    '/affiliates',
    {
      preHandler: ctx.auth,
      schema: {
        ...secured,
        summary: 'Join the programme (or change payout details): gives a code and a link',
        body: payoutDetailsInput,
        response: { 200: dashboardSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      await becomeAffiliate(ctx.db, request.userId, request.body);
      return me(request.userId);
    },
  );

  app.post(
    '/affiliates/payouts',
    {
      preHandler: ctx.auth,
      schema: {
        ...secured,
        summary: 'Ask for the payable balance of one currency (at least the minimum payout)',
        body: payoutRequestBody,
        response: { 201: payoutSchema, ...errors(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      const payout = await requestPayout(ctx.db, config, request.userId, request.body.currency.toUpperCase());
      reply.code(201);
      return toPayout(payout);
    },
  );

  // Payout details (bank accounts, mobile money numbers) are shown to admins only, and each look is audited.
  const adminOnly = (userId: string) => requireAdmin(ctx.db, userId, 'Only Duka administrators can manage payouts');

  app.get(
    '/admin/affiliate-payouts',
    {
      preHandler: ctx.auth,
      schema: {
        ...secured,
        summary: 'Admins: payout requests with the affiliate’s payout details',
        response: {
          200: z.object({ payouts: z.array(adminPayoutSchema) }),
          ...errors(401, 403),
        },
      },
    },
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
  );

  app.post(
    '/admin/affiliate-payouts/:id/paid',
    {
      preHandler: ctx.auth,
      schema: {
        ...secured,
        summary: 'Admins: mark a payout paid',
        params: z.object({ id: z.uuid('Must be a UUID') }),
        response: { 200: payoutSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = await adminOnly(request.userId);
      const paid = await markPaid(ctx.db, request.params.id);
      await admin.log('payout.paid', paid.id, { amount: paid.amount, currency: paid.currency, affiliate_id: paid.affiliateId });
      return toPayout(paid);
    },
  );
};
