import { type BillingPayment, findCreditPack, findPlan, formatPlanMoney, PLAN_BENEFITS, type PlanGroup, planTotal, plansFor } from '@duka/core';
import type { TFunction } from 'i18next';

/** core's plan titles (SPEC §9, kept in English) → their key under planTitle in the plans strings. */
const TITLE_KEYS: Record<string, string> = {
  Monthly: 'monthly',
  '6-month': 'sixMonth',
  Yearly: 'yearly',
  '1 Month': 'oneMonth',
  '6 Months': 'sixMonths',
  '12 Months': 'twelveMonths',
  Lifetime: 'lifetime',
};

/**
 * A plan's title in the active language (English: SPEC's title as written); an unknown title is shown as it is. Any
 * lookup will do: the app's i18next or the thank-you page's own (CheckoutWait, i18n/lite).
 */
export function planTitle(t: (key: string) => string, title: string): string {
  const key = Object.hasOwn(TITLE_KEYS, title) ? TITLE_KEYS[title] : undefined;
  return key ? t(`planTitle.${key}`) : title;
}

/** How long one paid period lasts, from its months ("1 month", "6 months"; "lifetime" for a one-time plan). */
export function planDuration(t: TFunction, plan: { periodMonths: number | null }): string {
  return plan.periodMonths === null ? t('lifetime') : t('duration', { count: plan.periodMonths });
}

/** A plan group's price list, each plan's title and what it charges ("1 Month ₦4,200, 6 Months ₦15,500, …"). */
export function priceList(t: TFunction, group: PlanGroup): string {
  return plansFor(group)
    .map((p) => `${planTitle(t, p.title)} ${formatPlanMoney(planTotal(p), p.currency)}`)
    .join(t('listSeparator'));
}

/**
 * What a plan's price covers (issue 23, verify27): how long one payment lasts, and what a paid plan gives then.
 * Every plan of every group gives the same (core PLAN_BENEFITS); the groups differ in when they start and their price.
 */
export function planCovers(t: TFunction, plan: { periodMonths: number | null }): string {
  const credits = PLAN_BENEFITS.creditsPerPeriod;
  return plan.periodMonths === null ? t('coversLifetime', { credits }) : t('covers', { duration: planDuration(t, plan), credits });
}

/** A payment history row in the active language, from its kind and item (the server's description is English). */
export function paymentDescription(t: TFunction, p: Pick<BillingPayment, 'kind' | 'item' | 'description'>): string {
  const plan = findPlan(p.item);
  const pack = findCreditPack(p.item);
  const what = plan ? planTitle(t, plan.title) : pack ? t('paymentFor.credit_pack', { count: pack.credits }) : p.item;
  if (p.kind === 'plan' && plan) return t('paymentFor.plan', { plan: planTitle(t, plan.title) });
  if (p.kind === 'credit_pack' && pack) return t('paymentFor.credit_pack', { count: pack.credits });
  if (p.kind === 'refund') return t('paymentFor.refund', { what });
  if (p.kind === 'underpaid') return t('paymentFor.underpaid', { what });
  return p.description;
}
