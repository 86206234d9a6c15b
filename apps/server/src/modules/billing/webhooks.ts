/**
 * Applies verified plan and credit-pack webhooks (PaymentEvent.billing): each event at most once (its id
 * goes into payment_events in the same transaction as the credit and plan changes), nothing granted by a
 * redirect. Status changes are ordered by the provider's event time: an older event arriving late cannot
 * undo a newer one, while money received is always counted (once).
 */
import { findCreditPack, findPlan, PLAN_BENEFITS, type Plan, planTotal } from '@duka/core';
import { and, eq, ne, or, sql } from 'drizzle-orm';
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
  // The database cannot store a NUL; such an event is not one a provider sends.
  const texts = [event.id, b.reference, b.userId, b.item, b.currency, b.subscriptionId, b.customerId, b.token];
  if (texts.some((v) => typeof v === 'string' && (v.includes('\u0000') || v.length > 500))) throw new AppError('bad_request', 'The webhook event is not valid');
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
        // Value only against a checkout we made or a subscription we know, and only for the whole price (issue 22):
        // what the event says about the user, kind or item is never enough (anyone can start a provider transaction
        // with metadata of their choosing).
        const amount = b.amount;
        if (!Number.isSafeInteger(amount) || amount < 0) return { received: true, ignored: 'the amount is not a whole number of minor units: nothing granted' };
        const currency = (b.currency || '').toUpperCase();
        let kind: 'plan' | 'credit_pack';
        let item: string;
        let price: number;
        let priceCurrency: string;
        if (checkout) {
          kind = checkout.kind as 'plan' | 'credit_pack';
          item = checkout.item;
          price = Number(checkout.amount);
          priceCurrency = checkout.currency;
        } else if (sub && b.kind !== 'credit_pack') {
          // A renewal: the plan the subscription is on now, at its price.
          const plan = findPlan(sub.plan);
          if (!plan) return { received: true, ignored: 'unknown plan' };
          kind = 'plan';
          item = plan.intent;
          price = planTotal(plan);
          priceCurrency = plan.currency;
        } else {
          return { received: true, ignored: 'no checkout or subscription of ours: nothing granted' };
        }
        const test = provider.testMode;
        if (amount < price || currency !== priceCurrency.toUpperCase()) {
          const why = `underpaid: received ${amount} ${currency || '(no currency)'}, the price is ${price} ${priceCurrency}`;
          if (checkout)
            await tx
              .update(billingCheckouts)
              .set({ status: 'underpaid', lastError: why })
              .where(and(eq(billingCheckouts.id, checkout.id), ne(billingCheckouts.status, 'paid')));
          await tx.insert(billingPayments).values({
            userId,
            provider: provider.name,
            eventId: event.id,
            kind: 'underpaid',
            item,
            amount,
            currency: currency.slice(0, 10),
            credits: 0,
            test,
            createdAt: now,
          });
          return { received: true, ignored: `${why}: nothing granted` };
        }
        // Claim the checkout: of two confirmations racing (two processes), one updates the row, the other finds it paid.
        if (checkout) {
          const claimed = await tx
            .update(billingCheckouts)
            .set({ status: 'paid', paidAt: now, lastError: null })
            .where(and(eq(billingCheckouts.id, checkout.id), ne(billingCheckouts.status, 'paid')))
            .returning({ id: billingCheckouts.id });
          if (!claimed.length) return { received: true, ignored: 'this checkout was already paid' };
        }
        let credits = 0;
        if (kind === 'credit_pack') {
          const pack = findCreditPack(item);
          if (!pack) return { received: true, ignored: 'unknown credit pack' };
          credits = pack.credits;
        } else {
          const plan = findPlan(item);
          if (!plan) return { received: true, ignored: 'unknown plan' };
          credits = PLAN_BENEFITS.creditsPerPeriod;
          await activate(tx, provider.name, userId, plan, sub, b, newer, !!checkout);
        }
        await tx
          .update(users)
          .set({ credit: sql`${users.credit} + ${credits}::int`, ...(kind === 'plan' ? { plan: item } : {}) })
          .where(eq(users.id, userId));
        await tx
          .insert(billingPayments)
          .values({ userId, provider: provider.name, eventId: event.id, kind, item, amount, currency, credits, test, createdAt: now });
        for (const hook of ctx.registry.onPlanPayment) await hook(tx, { userId, eventId: event.id, amount, currency, kind: 'paid', test });
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
        // A refund of something we sold: a checkout, else the plan of a known subscription. Anything else (or an
        // amount that is not a whole number of minor units) is noted as processed and changes nothing.
        const plan = !checkout && sub && b.kind !== 'credit_pack' ? findPlan(sub.plan) : undefined;
        if (!checkout && !plan) return { received: true, ignored: 'refund of an unknown payment: nothing changed' };
        if (!Number.isSafeInteger(b.amount) || b.amount < 0) return { received: true, ignored: 'the amount is not a whole number of minor units' };
        const item = checkout?.item ?? (plan as { intent: string }).intent;
        const kind = checkout?.kind ?? 'plan';
        const paidAmount = checkout ? Number(checkout.amount) : planTotal(plan as Plan);
        // Never more than was paid; no amount given: all of it.
        const amount = Math.min(b.amount || paidAmount, paidAmount);
        const currency = checkout?.currency ?? (plan as Plan).currency;
        const credits = kind === 'credit_pack' ? (findCreditPack(item)?.credits ?? 0) : 0;
        if (credits)
          await tx
            .update(users)
            .set({ credit: sql`greatest(${users.credit} - ${credits}::int, 0)` })
            .where(eq(users.id, userId));
        if (kind === 'plan' && sub) {
          await tx
            .update(subscriptions)
            .set({ status: 'cancelled', currentPeriodEnd: b.occurredAt, lastEventAt: b.occurredAt, updatedAt: now })
            .where(eq(subscriptions.userId, sub.userId));
          await tx.update(users).set({ plan: 'free' }).where(eq(users.id, userId));
        }
        const test = provider.testMode;
        await tx
          .insert(billingPayments)
          .values({ userId, provider: provider.name, eventId: event.id, kind: 'refund', item, amount, currency, credits: -credits, test, createdAt: now });
        for (const hook of ctx.registry.onPlanPayment) await hook(tx, { userId, eventId: event.id, amount, currency, kind: 'refunded', test });
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
