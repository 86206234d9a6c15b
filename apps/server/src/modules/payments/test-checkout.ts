/**
 * The test provider's own checkout and portal pages for plans and credit packs (TEST MODE, like the invoice
 * card form). The pages (web app /test-checkout/{reference} and /test-portal?session=…) call these routes;
 * every outcome reaches Duka as a signed webhook to POST /webhooks/test-pay, as with a real provider.
 */
import { randomBytes } from 'node:crypto';
import { checkTestCard, findCreditPack, findPlan } from '@duka/core';
import { eq } from 'drizzle-orm';
import { billingCheckouts, subscriptions } from '../../db/schema';
import type { AppContext, ZApp } from '../../lib/context';
import { routesOf } from '../../lib/route';
import { AppError } from '../../lib/errors';
import { providerFor } from './service';
import { deliverTestEvent, readPortalSession, testCardPays, type TestBillingEventBody } from './test-provider';

function titleOf(kind: string, item: string): string {
  return kind === 'plan' ? `Duka ${findPlan(item)?.title ?? item} plan` : `${findCreditPack(item)?.credits ?? ''} AI credits`.trim();
}

export async function testCheckoutRoutes(app: ZApp, ctx: AppContext): Promise<void> {
  const route = routesOf(app, ctx, 'payments');

  const deliver = (event: TestBillingEventBody) => deliverTestEvent(app, ctx.config, event);
  const eventId = () => `evt_test_${randomBytes(12).toString('hex')}`;

  async function openCheckout(reference: string) {
    providerFor(ctx, 'test-pay');
    // References are chk_ + base64url: anything else (a NUL byte the database would refuse…) is simply unknown.
    if (!/^[\w-]{1,100}$/.test(reference)) throw new AppError('not_found', 'This checkout was not found. Go back and start again.');
    const [row] = await ctx.db.select().from(billingCheckouts).where(eq(billingCheckouts.id, reference));
    if (!row || row.provider !== 'test') throw new AppError('not_found', 'This checkout was not found. Go back and start again.');
    return row;
  }

  route('GET /test-pay/checkouts/:reference', async (request) => {
    const row = await openCheckout(request.params.reference);
    const cancel = row.kind === 'plan' ? (row.currency === 'NGN' ? '/plan/subscribe' : '/plan/portal') : '/settings/billing';
    return {
      reference: row.id,
      title: titleOf(row.kind, row.item),
      kind: row.kind as 'plan' | 'credit_pack',
      item: row.item,
      amount: Number(row.amount),
      currency: row.currency,
      status: row.status as 'open' | 'paid' | 'failed',
      recurring: row.kind === 'plan' && (findPlan(row.item)?.periodMonths ?? null) !== null,
      cancel_url: cancel,
      test_mode: true as const,
    };
  });

  route(
    'POST /test-pay/checkouts/:reference/confirm',
    async (request, reply) => {
      const row = await openCheckout(request.params.reference);
      if (row.status === 'paid') throw new AppError('conflict', 'This checkout was already paid');
      const card = checkTestCard(request.body);
      if (!card.ok) throw new AppError('validation_failed', card.message, { [card.field]: card.message });
      if (!testCardPays(card.digits)) {
        await ctx.db.update(billingCheckouts).set({ lastError: 'Your card was declined.' }).where(eq(billingCheckouts.id, row.id));
        return reply.status(402).send({ error: { code: 'card_declined', message: 'Your card was declined.' } });
      }
      const recurring = row.kind === 'plan' && (findPlan(row.item)?.periodMonths ?? null) !== null;
      const applied = await deliver({
        id: eventId(),
        type: 'billing.paid',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            reference: row.id,
            user_id: row.userId,
            kind: row.kind as 'plan' | 'credit_pack',
            item: row.item,
            amount: Number(row.amount),
            currency: row.currency,
            subscription_id: recurring ? `sub_test_${row.id.slice(4)}` : null,
            customer_id: `cus_test_${row.userId.slice(0, 8)}`,
            period_end: null,
          },
        },
      });
      // Another confirmation of this checkout (another tab, another server process) was applied first.
      if (applied.ignored) throw new AppError('conflict', 'This checkout was already paid');
      return { status: 'succeeded' as const, redirect: row.successUrl };
    },
    { config: ctx.config.rateLimits ? { rateLimit: { max: 30, timeWindow: '1 minute' } } : {}, errors: [402] },
  );

  async function portalSubscription(session: string) {
    providerFor(ctx, 'test-pay');
    const userId = readPortalSession(ctx.config, session);
    if (!userId) throw new AppError('not_found', 'This portal link has expired. Open the portal again from Billing.');
    const [sub] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return { userId, sub: sub && sub.provider === 'test' ? sub : undefined };
  }

  route('GET /test-pay/portal/:session', async (request) => {
    const { sub } = await portalSubscription(request.params.session);
    return {
      subscription: sub
        ? {
            plan: findPlan(sub.plan)?.title ?? sub.plan,
            intent: sub.plan,
            status: sub.status,
            current_period_end: sub.currentPeriodEnd?.toISOString() ?? null,
            amount: Number(sub.amount),
            currency: sub.currency,
            recurring: !!sub.providerSubscriptionId,
          }
        : null,
      return_url: '/settings/billing',
      test_mode: true as const,
    };
  });

  // What a provider's portal (or its billing system) does to a subscription, delivered as webhooks.
  route(
    'POST /test-pay/portal/:session/:action',
    async (request) => {
      const { userId, sub } = await portalSubscription(request.params.session);
      if (!sub || !sub.providerSubscriptionId) throw new AppError('not_found', 'There is no renewing plan to change here');
      const type = ({ cancel: 'billing.cancelled', renew: 'billing.paid', fail: 'billing.past_due' } as const)[request.params.action];
      await deliver({
        id: eventId(),
        type,
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            reference: null,
            user_id: userId,
            kind: 'plan',
            item: sub.plan,
            amount: type === 'billing.paid' ? Number(sub.amount) : 0,
            currency: sub.currency,
            subscription_id: sub.providerSubscriptionId,
            customer_id: sub.providerCustomerId,
            period_end: null,
          },
        },
      });
      const [after] = await ctx.db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.userId, userId));
      return { status: after?.status ?? 'none' };
    },
    { config: ctx.config.rateLimits ? { rateLimit: { max: 30, timeWindow: '1 minute' } } : {} },
  );
}
