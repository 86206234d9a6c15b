import type { Module } from '../../lib/context';
import { routesOf } from '../../lib/route';
import type { BillingEvents } from '../payments';
import { cancelPlan, changePlan, checkoutStatus, getSubscription, openPortal, paymentHistory, startCheckout } from './service';
import { applyBillingEvent } from './webhooks';

/**
 * Plans and AI credit (SPEC §7): GET /subscriptions/, POST /subscriptions/cancel-plan and change-plan,
 * POST /transactions (checkout), GET /transactions (history) and /transactions/{reference} (what thank-you
 * waits on), POST /portal and /transactions/portal-init. Webhooks arrive through the payments module's
 * POST /webhooks/{provider} and are applied here (ctx.services.billing).
 */
export const billingRoutes: Module = async (app, ctx) => {
  const route = routesOf(app, ctx, 'billing');
  const billing: BillingEvents = { applyEvent: (provider, event) => applyBillingEvent(ctx, provider, event) };
  ctx.services.billing = billing;

  route(
    'GET /subscriptions',
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getSubscription(ctx.db, request.userId);
    },
    { summary: 'The current plan' },
  );

  route('POST /subscriptions/cancel-plan', async (request) => cancelPlan(ctx, request.userId), {
    summary: 'Stop renewing; the plan stays until the period end',
    errors: [404],
  });

  route('POST /subscriptions/change-plan', async (request) => changePlan(ctx, request.userId, request.body.subscription.plan), {
    summary: 'Move to another plan from the next period',
    errors: [404],
  });

  route('POST /transactions', async (request) => startCheckout(ctx, request.userId, request.body, request.headers.origin), {
    summary: 'Start a checkout for a plan (intent) or a credit pack',
    config: ctx.config.rateLimits ? { rateLimit: { max: 20, timeWindow: '1 minute' } } : {},
  });

  route('GET /transactions', async (request) => ({ data: await paymentHistory(ctx.db, request.userId) }), {
    summary: 'Payments for plans and credit packs, newest first',
  });

  route(
    'GET /transactions/:reference',
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkoutStatus(ctx.db, request.userId, request.params.reference);
    },
    { summary: 'A checkout: paid once its webhook arrived' },
  );

  for (const key of ['POST /portal', 'POST /transactions/portal-init'] as const) {
    route(key, async (request) => openPortal(ctx, request.userId, request.headers.origin), { summary: 'A link to the payment portal' });
  }
};
