import { randomBytes } from 'node:crypto';
import {
  billingCurrency,
  type BillingPayment,
  type CheckoutStatus,
  findCreditPack,
  findPlan,
  hasPaidPlan,
  planTotal,
  type SubscriptionInfo,
  type SubscriptionStatus,
  type TransactionBody,
} from '@duka/core';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { billingCheckouts, billingPayments, subscriptions, users } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { billingProvider, getPayments, type PaymentProvider, type ProviderSubscription } from '../payments';
import { returnBase } from './return-origin';

/** SPEC §8: cancel or change plan failure. */
export const NO_SUBSCRIPTION = 'Subscription with code not found or already inactive';

type SubRow = typeof subscriptions.$inferSelect;

async function userRow(db: Db, userId: string) {
  const [row] = await db.select({ id: users.id, email: users.email, country: users.country, credit: users.credit }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('User');
  return row;
}

async function subscriptionRow(db: Db, userId: string): Promise<SubRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

export function toInfo(sub: SubRow | undefined, credit: number, now = new Date()): SubscriptionInfo {
  if (!sub)
    return {
      plan: null,
      intent: null,
      status: 'none',
      provider: null,
      current_period_end: null,
      months: null,
      amount: null,
      currency: null,
      credit,
      paid: false,
    };
  const info = {
    plan: findPlan(sub.plan)?.title ?? sub.plan,
    intent: sub.plan,
    status: sub.status as SubscriptionStatus,
    provider: sub.provider,
    current_period_end: sub.currentPeriodEnd ? sub.currentPeriodEnd.toISOString() : null,
    months: sub.months,
    amount: Number(sub.amount),
    currency: sub.currency,
    credit,
  };
  return { ...info, paid: hasPaidPlan(info, now) };
}

/** GET /subscriptions/: the current plan (status none when the user never paid for one). */
export async function getSubscription(db: Db, userId: string, now = new Date()): Promise<SubscriptionInfo> {
  const [user, sub] = await Promise.all([userRow(db, userId), subscriptionRow(db, userId)]);
  return withRunningPlan(db, userId, toInfo(sub, user.credit, now), now);
}

/**
 * After Change Plan the subscription names the plan that starts at the period end (t21 B1: the page called it the
 * running one). The plan running now is the one last paid for: when it differs, it is `plan` and the new one `next_plan`.
 */
async function withRunningPlan(db: Db, userId: string, info: SubscriptionInfo, now: Date): Promise<SubscriptionInfo> {
  if (!info.intent || !info.current_period_end || new Date(info.current_period_end) <= now) return info;
  const [last] = await db
    .select({ item: billingPayments.item })
    .from(billingPayments)
    .where(and(eq(billingPayments.userId, userId), eq(billingPayments.kind, 'plan')))
    .orderBy(desc(billingPayments.createdAt))
    .limit(1);
  const running = last ? findPlan(last.item) : undefined;
  if (!running || running.intent === info.intent) return info;
  return { ...info, plan: running.title, next_plan: info.plan };
}

function providerOf(ctx: AppContext, name: string): PaymentProvider {
  const p = [...getPayments(ctx).providers.values()].find((x) => x.name === name);
  if (!p) throw new AppError('unprocessable', 'The payment provider of this plan is not set up on this server any more');
  return p;
}

function providerSubscription(sub: SubRow, email: string): ProviderSubscription {
  return {
    userId: sub.userId,
    plan: sub.plan,
    subscriptionId: sub.providerSubscriptionId,
    customerId: sub.providerCustomerId,
    token: sub.providerToken,
    email,
  };
}

/** Only same-origin paths come back from the provider (no open redirect). */
function safeReturnPath(value: string | undefined, fallback: string): string {
  return value && /^\/(?!\/)[^\s\\]*$/.test(value) ? value : fallback;
}

/**
 * POST /transactions: a checkout for a plan (intent) or a credit pack, in the user's billing currency. origin: the
 * request's Origin header; the checkout comes back there when this server serves it (return-origin.ts).
 */
export async function startCheckout(ctx: AppContext, userId: string, body: TransactionBody, origin?: string): Promise<{ url: string; reference: string }> {
  const user = await userRow(ctx.db, userId);
  const currency = billingCurrency(user.country);
  const reference = `chk_${randomBytes(18).toString('base64url')}`;
  let kind: 'plan' | 'credit_pack';
  let item: string;
  let title: string;
  let amount: number;
  let periodMonths: number | null = null;
  let priceId: string | null = null;
  if ('intent' in body.transaction) {
    const plan = findPlan(body.transaction.intent);
    if (!plan) throw new AppError('validation_failed', 'transaction.intent: Choose one of the plans', { 'transaction.intent': 'Choose one of the plans' });
    if (plan.currency !== currency) {
      const message = currency === 'NGN' ? 'Choose one of the naira plans' : 'Choose one of the dollar plans';
      throw new AppError('validation_failed', `transaction.intent: ${message}`, { 'transaction.intent': message });
    }
    const sub = await subscriptionRow(ctx.db, userId);
    if (sub && sub.status === 'active' && sub.plan === plan.intent && hasPaidPlan(toInfo(sub, 0))) {
      throw new AppError('conflict', `You are already on the ${plan.title} plan`);
    }
    kind = 'plan';
    item = plan.intent;
    title = `Duka ${plan.title} plan`;
    amount = planTotal(plan);
    periodMonths = plan.periodMonths;
    priceId = plan.priceIdKey ? (ctx.config.stripePrices[plan.priceIdKey] ?? null) : null;
  } else {
    const pack = findCreditPack(body.transaction.credit_pack);
    if (!pack) throw new AppError('validation_failed', 'transaction.credit_pack: Choose a credit pack', { 'transaction.credit_pack': 'Choose a credit pack' });
    kind = 'credit_pack';
    item = pack.id;
    title = `${pack.credits} AI credits`;
    amount = pack.prices[currency];
  }
  const provider = billingProvider(ctx, currency);
  if (!provider) throw new AppError('unprocessable', `Paying in ${currency} is not set up on this server yet`);
  const sub = await subscriptionRow(ctx.db, userId);
  const base = returnBase(ctx.config, origin);
  const successPath = safeReturnPath(body.callback_url, '/thank-you');
  const successUrl = `${successPath}${successPath.includes('?') ? '&' : '?'}checkout=${encodeURIComponent(reference)}`;
  const cancelPath = kind === 'plan' ? (currency === 'NGN' ? '/plan/subscribe' : '/plan/portal') : '/settings/billing';
  const started = await provider.createCheckout({
    reference,
    userId,
    email: user.email,
    kind,
    item,
    title,
    amount,
    currency,
    periodMonths,
    priceId,
    customerId: sub?.provider === provider.name ? sub.providerCustomerId : null,
    successUrl: `${base}${successUrl}`,
    cancelUrl: `${base}${cancelPath}`,
  });
  await ctx.db
    .insert(billingCheckouts)
    .values({ id: reference, userId, kind, item, provider: provider.name, providerRef: started.providerRef, amount, currency, successUrl });
  return { url: absoluteUrl(base, started.url), reference };
}

/**
 * A native shell opens checkout and portal links in an external browser (SPEC §7): a link from the provider
 * that is a path on this server (the built-in test provider's pages) is made absolute with PUBLIC_URL (or the served
 * origin the owner opened the app on, return-origin.ts).
 */
export function absoluteUrl(base: string, url: string): string {
  return new URL(url, `${base}/`).toString();
}

/** GET /transactions/{reference}: what thank-you waits on (paid only once the webhook said so). */
export async function checkoutStatus(db: Db, userId: string, reference: string): Promise<CheckoutStatus> {
  const [row] = await db
    .select()
    .from(billingCheckouts)
    .where(and(eq(billingCheckouts.id, reference), eq(billingCheckouts.userId, userId)));
  if (!row) throw notFound('Payment');
  const user = await userRow(db, userId);
  return {
    reference: row.id,
    status: row.status as CheckoutStatus['status'],
    kind: row.kind as CheckoutStatus['kind'],
    item: row.item,
    amount: Number(row.amount),
    currency: row.currency,
    credit: user.credit,
  };
}

/** POST /portal: the provider's page to manage the subscription (origin: as startCheckout's). */
export async function openPortal(ctx: AppContext, userId: string, origin?: string): Promise<{ url: string }> {
  const user = await userRow(ctx.db, userId);
  const sub = await subscriptionRow(ctx.db, userId);
  const base = returnBase(ctx.config, origin);
  const returnUrl = `${base}/settings/billing`;
  if (!sub) {
    const provider = billingProvider(ctx, billingCurrency(user.country));
    if (provider?.name !== 'test') throw new AppError('not_found', 'You have no plan to manage yet. Choose a plan first.');
    const { url } = await provider.openPortal({ userId, plan: '', subscriptionId: null, customerId: null, token: null, email: user.email }, returnUrl);
    return { url: absoluteUrl(base, url) };
  }
  const { url } = await providerOf(ctx, sub.provider).openPortal(providerSubscription(sub, user.email), returnUrl);
  return { url: absoluteUrl(base, url) };
}

function requireActive(sub: SubRow | undefined): SubRow {
  if (!sub || (sub.status !== 'active' && sub.status !== 'past_due') || !hasPaidPlan(toInfo(sub, 0))) throw new AppError('not_found', NO_SUBSCRIPTION);
  return sub;
}

/** POST /subscriptions/change-plan: the new plan applies from the next period. */
export async function changePlan(ctx: AppContext, userId: string, intent: string, now = new Date()): Promise<SubscriptionInfo> {
  const user = await userRow(ctx.db, userId);
  const sub = requireActive(await subscriptionRow(ctx.db, userId));
  const plan = findPlan(intent);
  if (!plan || plan.currency !== sub.currency)
    throw new AppError('validation_failed', 'subscription.plan: Choose one of the plans', { 'subscription.plan': 'Choose one of the plans' });
  if (plan.intent === sub.plan) throw new AppError('conflict', `You are already on the ${plan.title} plan`);
  if (plan.periodMonths === null || sub.currentPeriodEnd === null) throw new AppError('unprocessable', 'A lifetime plan cannot be changed');
  const provider = providerOf(ctx, sub.provider);
  const changed = await provider.changePlan(providerSubscription(sub, user.email), {
    intent: plan.intent,
    title: plan.title,
    amount: planTotal(plan),
    currency: plan.currency,
    periodMonths: plan.periodMonths,
    priceId: plan.priceIdKey ? (ctx.config.stripePrices[plan.priceIdKey] ?? null) : null,
    startAt: sub.currentPeriodEnd,
  });
  const [row] = await ctx.db
    .update(subscriptions)
    .set({
      plan: plan.intent,
      amount: planTotal(plan),
      months: plan.months,
      providerSubscriptionId: changed.subscriptionId ?? sub.providerSubscriptionId,
      providerToken: changed.token ?? sub.providerToken,
      lastEventAt: now,
      updatedAt: now,
    })
    .where(eq(subscriptions.userId, userId))
    .returning();
  await ctx.db.update(users).set({ plan: plan.intent }).where(eq(users.id, userId));
  return withRunningPlan(ctx.db, userId, toInfo(row, user.credit, now), now);
}

/** POST /subscriptions/cancel-plan: no more renewals; the plan stays until the period end. */
export async function cancelPlan(ctx: AppContext, userId: string, now = new Date()): Promise<{ message: string }> {
  const user = await userRow(ctx.db, userId);
  const sub = requireActive(await subscriptionRow(ctx.db, userId));
  await providerOf(ctx, sub.provider).cancelSubscription(providerSubscription(sub, user.email));
  await ctx.db.update(subscriptions).set({ status: 'cancelled', lastEventAt: now, updatedAt: now }).where(eq(subscriptions.userId, userId));
  const end = sub.currentPeriodEnd;
  return { message: end ? `Your plan is cancelled. It stays active until ${end.toISOString().slice(0, 10)}.` : 'Your plan is cancelled.' };
}

const DESCRIPTIONS: Record<string, (item: string) => string> = {
  plan: (item) => `${findPlan(item)?.title ?? item} plan`,
  credit_pack: (item) => `${findCreditPack(item)?.credits ?? ''} AI credits`.trim(),
  refund: (item) => `Refund: ${findPlan(item)?.title ?? findCreditPack(item)?.credits ?? item}`,
  underpaid: (item) => `Underpaid, nothing granted: ${findPlan(item)?.title ?? findCreditPack(item)?.credits ?? item}`,
};

/** GET /transactions: the payment history, newest first. */
export async function paymentHistory(db: Db, userId: string, limit = 50): Promise<BillingPayment[]> {
  const rows = await db.select().from(billingPayments).where(eq(billingPayments.userId, userId)).orderBy(desc(billingPayments.createdAt)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as BillingPayment['kind'],
    item: r.item,
    description: (DESCRIPTIONS[r.kind] ?? ((i: string) => i))(r.item),
    amount: Number(r.amount),
    currency: r.currency,
    credits: r.credits,
    provider: r.provider,
    test: r.test,
    created_at: r.createdAt.toISOString(),
  }));
}
