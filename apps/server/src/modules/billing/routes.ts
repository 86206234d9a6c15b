import {
  API_ROUTES,
  billingPayment,
  changePlanBody,
  checkoutStatusResponse,
  errorResponse as errorBody,
  messageResponse,
  subscriptionResponse,
  transactionBody,
} from '@duka/core';
import { z } from 'zod';
import type { Module } from '../../lib/context';
import type { BillingEvents } from '../payments';
import { cancelPlan, changePlan, checkoutStatus, getSubscription, openPortal, paymentHistory, startCheckout } from './service';
import { applyBillingEvent } from './webhooks';

const urlResponse = z.object({ url: z.string() });

/**
 * Plans and AI credit (SPEC §7): GET /subscriptions/, POST /subscriptions/cancel-plan and change-plan,
 * POST /transactions (checkout), GET /transactions (history) and /transactions/{reference} (what thank-you
 * waits on), POST /portal and /transactions/portal-init. Webhooks arrive through the payments module's
 * POST /webhooks/{provider} and are applied here (ctx.services.billing).
 */
export const billingRoutes: Module = async (app, ctx) => {
  const tags = ['billing'];
  const security = [{ bearer: [] }];
  const auth = { preHandler: ctx.auth };
  const billing: BillingEvents = { applyEvent: (provider, event) => applyBillingEvent(ctx, provider, event) };
  ctx.services.billing = billing;

  app.get(
    '/subscriptions',
    { ...auth, schema: { tags, security, summary: 'The current plan', response: { 200: subscriptionResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getSubscription(ctx.db, request.userId);
    },
  );

  app.post(
    '/subscriptions/cancel-plan',
    { ...auth, schema: { tags, security, summary: 'Stop renewing; the plan stays until the period end', response: { 200: messageResponse, 404: errorBody } } },
    async (request) => cancelPlan(ctx, request.userId),
  );

  app.post(
    '/subscriptions/change-plan',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Move to another plan from the next period',
        body: changePlanBody,
        response: { 200: subscriptionResponse, 404: errorBody },
      },
    },
    async (request) => changePlan(ctx, request.userId, request.body.subscription.plan),
  );

  app.post(
    '/transactions',
    {
      ...auth,
      config: ctx.config.rateLimits ? { rateLimit: { max: 20, timeWindow: '1 minute' } } : {},
      schema: {
        tags,
        security,
        summary: 'Start a checkout for a plan (intent) or a credit pack',
        body: transactionBody,
        response: { 200: z.object({ url: z.string(), reference: z.string() }) },
      },
    },
    async (request) => startCheckout(ctx, request.userId, request.body),
  );

  app.get(
    '/transactions',
    {
      ...auth,
      schema: { tags, security, summary: 'Payments for plans and credit packs, newest first', response: { 200: z.object({ data: z.array(billingPayment) }) } },
    },
    async (request) => ({ data: await paymentHistory(ctx.db, request.userId) }),
  );

  app.get(
    '/transactions/:reference',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'A checkout: paid once its webhook arrived',
        params: API_ROUTES['GET /transactions/:reference'].params,
        response: { 200: checkoutStatusResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkoutStatus(ctx.db, request.userId, request.params.reference);
    },
  );

  for (const path of ['/portal', '/transactions/portal-init']) {
    app.post(path, { ...auth, schema: { tags, security, summary: 'A link to the payment portal', response: { 200: urlResponse } } }, async (request) =>
      openPortal(ctx, request.userId),
    );
  }
};
