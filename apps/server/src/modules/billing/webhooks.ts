/**
 * Applies verified plan and credit-pack webhooks (PaymentEvent.billing): each event at most once (its id
 * goes into payment_events in the same transaction as the credit and plan changes), nothing granted by a
 * redirect. Status changes are ordered by the provider's event time: an older event arriving late cannot
 * undo a newer one, while money received is always counted (once).
 */
import { findCreditPack, findPlan, PLAN_BENEFITS, type Plan, planTotal } from '@duka/core';
import { and, eq, or, sql } from 'drizzle-orm';
import { billingCheckouts, billingPayments, paymentEvents, subscriptions, users } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Tx } from '../../lib/registry';
import type { BillingEvent, PaymentEvent, PaymentProvider } from '../payments';

export interface Applied {
  received: true;
  duplicate?: boolean;
  ignored?: string;
}

type SubRow = typeof subscriptions.$inferSelect;
const isUuid = (v: string | null | undefined): v is string => !!v && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

const later = (a: Date | null, b: Date | null): Date | null => (!a ? b : !b ? a : a > b ? a : b);

/** The subscription an event is about: by the provider's subscription id, else the user, else the customer (one query). */
async function findSubscription(tx: Tx, provider: string, b: BillingEvent, userId: string | null): Promise<SubRow | undefined> {
  const keys = [
    b.subscriptionId ? eq(subscriptions.providerSubscriptionId, b.subscriptionId) : undefined,
    userId ? eq(subscriptions.userId, userId) : undefined,
    b.customerId ? eq(subscriptions.providerCustomerId, b.customerId) : undefined,
  ].filter((k) => k !== undefined);
  if (!keys.length) return undefined;
  const rows = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), or(...keys)));
  return (
    rows.find((r) => b.subscriptionId && r.providerSubscriptionId === b.subscriptionId) ??
    rows.find((r) => userId && r.userId === userId) ??
    rows.find((r) => b.customerId && r.providerCustomerId === b.customerId)
  );
}

/** Applies one billing event; throws AppError('conflict') when it refers to something not known yet (the provider retries). */
export async function applyBillingEvent(ctx: AppContext, provider: PaymentProvider, event: PaymentEvent, now = new Date()): Promise<Applied> {
  const b = event.billing as BillingEvent;
  return ctx.db.transaction(async (tx) => {
    const [checkout] = b.reference
      ? await tx
          .select()
          .from(billingCheckouts)
          .where(and(eq(billingCheckouts.id, b.reference), eq(billingCheckouts.provider, provider.name)))
      : [];
    let userId: string | null = checkout?.userId ?? null;
    if (!userId && isUuid(b.userId)) {
      const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, b.userId));
      if (exists) userId = b.userId;
    }
    const sub = await findSubscription(tx, provider.name, b, userId);
    userId ??= sub?.userId ?? null;
    // The event id is stored in this transaction: a replay (even a concurrent one) finds it and changes nothing.
    const fresh = await tx
      .insert(paymentEvents)
      .values({ provider: provider.name, eventId: event.id, userId, processedAt: now })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.eventId });
    if (!fresh.length) return { received: true, duplicate: true };
    if (!userId) {
      if (b.type === 'paid' || b.type === 'refunded' || b.subscriptionId || b.customerId) {
        // Not ours yet (e.g. a renewal of a subscription whose first payment has not arrived): let the provider retry.
        throw new AppError('conflict', 'This subscription is not known yet; send the event again later');
      }
      return { received: true, ignored: 'not about a Duka plan or credit pack' };
    }
    const newer = !sub || b.occurredAt.getTime() >= sub.lastEventAt.getTime();

    switch (b.type) {
      case 'paid': {
        if (checkout?.status === 'paid') return { received: true, ignored: 'this checkout was already paid' };
        const kind = checkout?.kind ?? b.kind ?? (sub ? 'plan' : null);
        const item = checkout?.item ?? (kind === 'plan' && sub ? sub.plan : b.item) ?? null;
        const amount = b.amount || Number(checkout?.amount ?? 0);
        const currency = b.currency || checkout?.currency || '';
        let credits = 0;
        if (kind === 'credit_pack') {
          const pack = findCreditPack(item);
          if (!pack) return { received: true, ignored: 'unknown credit pack' };
          credits = pack.credits;
        } else if (kind === 'plan') {
          const plan = findPlan(item);
          if (!plan) return { received: true, ignored: 'unknown plan' };
          credits = PLAN_BENEFITS.creditsPerPeriod;
          await activate(tx, provider.name, userId, plan, sub, b, newer, !!checkout);
        } else {
          return { received: true, ignored: 'not about a Duka plan or credit pack' };
        }
        await tx
          .update(users)
          .set({ credit: sql`${users.credit} + ${credits}::int`, ...(kind === 'plan' ? { plan: item as string } : {}) })
          .where(eq(users.id, userId));
        await tx
          .insert(billingPayments)
          .values({ userId, provider: provider.name, eventId: event.id, kind, item: item as string, amount, currency, credits, createdAt: now });
        if (checkout) await tx.update(billingCheckouts).set({ status: 'paid', paidAt: now, lastError: null }).where(eq(billingCheckouts.id, checkout.id));
        for (const hook of ctx.registry.onPlanPayment) await hook(tx, { userId, eventId: event.id, amount, currency, kind: 'paid' });
        return { received: true };
      }
      case 'linked': {
        if (!sub) throw new AppError('conflict', 'This subscription is not known yet; send the event again later');
        await tx
          .update(subscriptions)
          .set({
            providerSubscriptionId: b.subscriptionId ?? sub.providerSubscriptionId,
            providerCustomerId: b.customerId ?? sub.providerCustomerId,
            providerToken: b.token ?? sub.providerToken,
            currentPeriodEnd: later(sub.currentPeriodEnd, b.periodEnd),
            updatedAt: now,
          })
          .where(eq(subscriptions.userId, sub.userId));
        return { received: true };
      }
      case 'past_due':
      case 'cancelled':
      case 'ended': {
        if (!sub) throw new AppError('conflict', 'This subscription is not known yet; send the event again later');
        if (!newer) return { received: true, ignored: 'an older event than the last one applied' };
        const status = b.type === 'past_due' ? 'past_due' : 'cancelled';
        const end = b.type === 'ended' ? (b.periodEnd ?? b.occurredAt) : (b.periodEnd ?? sub.currentPeriodEnd);
        await tx
          .update(subscriptions)
          .set({ status, currentPeriodEnd: end, lastEventAt: b.occurredAt, updatedAt: now })
          .where(eq(subscriptions.userId, sub.userId));
        if (b.type === 'ended') await tx.update(users).set({ plan: 'free' }).where(eq(users.id, sub.userId));
        return { received: true };
      }
      case 'refunded': {
        const [paid] = checkout
          ? await tx
              .select()
              .from(billingPayments)
              .where(
                and(
                  eq(billingPayments.userId, userId),
                  eq(billingPayments.provider, provider.name),
                  eq(billingPayments.kind, checkout.kind),
                  eq(billingPayments.item, checkout.item),
                ),
              )
              .limit(1)
          : [];
        // A refund of a payment Duka does not know changes nothing and writes nothing in the history (issue 22).
        if (!paid && !checkout) return { received: true, ignored: 'refund of an unknown payment' };
        const item = checkout?.item ?? b.item ?? sub?.plan ?? 'unknown';
        const amount = b.amount || Number(checkout?.amount ?? 0);
        const currency = b.currency || checkout?.currency || '';
        const credits = checkout?.kind === 'credit_pack' ? (findCreditPack(item)?.credits ?? 0) : 0;
        if (credits)
          await tx
            .update(users)
            .set({ credit: sql`greatest(${users.credit} - ${credits}::int, 0)` })
            .where(eq(users.id, userId));
        if ((checkout?.kind ?? b.kind) === 'plan' && sub) {
          await tx
            .update(subscriptions)
            .set({ status: 'cancelled', currentPeriodEnd: b.occurredAt, lastEventAt: b.occurredAt, updatedAt: now })
            .where(eq(subscriptions.userId, sub.userId));
          await tx.update(users).set({ plan: 'free' }).where(eq(users.id, userId));
        }
        await tx
          .insert(billingPayments)
          .values({ userId, provider: provider.name, eventId: event.id, kind: 'refund', item, amount, currency, credits: -credits, createdAt: now });
        for (const hook of ctx.registry.onPlanPayment) await hook(tx, { userId, eventId: event.id, amount, currency, kind: 'refunded' });
        return { received: true };
      }
    }
    return { received: true, ignored: 'unknown event' };
  });
}

/** Starts or renews the user's plan for one paid period. */
async function activate(
  tx: Tx,
  provider: string,
  userId: string,
  plan: Plan,
  sub: SubRow | undefined,
  b: BillingEvent,
  newer: boolean,
  fromCheckout: boolean,
): Promise<void> {
  const base = later(sub && sub.plan === plan.intent ? sub.currentPeriodEnd : null, b.occurredAt) as Date;
  const end = plan.periodMonths === null ? null : (b.periodEnd ?? addMonths(base, plan.periodMonths));
  const values = {
    plan: plan.intent,
    provider,
    providerSubscriptionId: b.subscriptionId ?? (fromCheckout ? null : (sub?.providerSubscriptionId ?? null)),
    providerCustomerId: b.customerId ?? sub?.providerCustomerId ?? null,
    providerToken: b.token ?? (fromCheckout ? null : (sub?.providerToken ?? null)),
    amount: planTotal(plan),
    currency: plan.currency,
    months: plan.months,
    updatedAt: new Date(),
  };
  if (!sub) {
    await tx.insert(subscriptions).values({ userId, ...values, status: 'active', currentPeriodEnd: end, lastEventAt: b.occurredAt });
  } else {
    // A renewal keeps the plan the user has now (it may have been changed since the checkout).
    const renewal = !fromCheckout;
    await tx
      .update(subscriptions)
      .set({
        ...(renewal
          ? {
              providerSubscriptionId: values.providerSubscriptionId,
              providerCustomerId: values.providerCustomerId,
              providerToken: values.providerToken,
              updatedAt: values.updatedAt,
            }
          : values),
        currentPeriodEnd: plan.periodMonths === null ? null : later(sub.currentPeriodEnd, end),
        ...(newer ? { status: 'active', lastEventAt: b.occurredAt } : {}),
      })
      .where(eq(subscriptions.userId, userId));
  }
}
