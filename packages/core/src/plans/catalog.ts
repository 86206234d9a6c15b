import type { Language } from '../constants/languages';
import { formatMoney } from '../amounts/format';
import { isNigeria } from '../constants/upgrade';
import { minorDigits } from '../constants/currencies';

/**
 * Plans and AI credit packs (SPEC §3 Plan, §9 Money). Prices are minor units (kobo, cents).
 * Naira plans are paid through Paystack (Nigeria), dollar plans through Stripe (everywhere else).
 */
export type PlanCurrency = 'NGN' | 'USD';
export type PlanGroup = 'footer' | 'changeable' | 'portal';

export interface Plan {
  /** The plan code (SPEC §2 intent query parameter, §7 change-plan `plan`). */
  intent: string;
  title: string;
  group: PlanGroup;
  currency: PlanCurrency;
  /** Price in minor units, per month when `months` > 1 (SPEC §9: total = price × months). */
  price: number;
  /** The struck-through pre-sale price per month, if any. */
  preSale: number | null;
  /** Duration text used in 'You will be charged {total} for {duration} subscription.' */
  duration: string;
  /** Months as recorded (SPEC §9: 6 Months is recorded as 1, so its total is its price). */
  months: number;
  /** How long one paid period really lasts, in months; null for a one-time (lifetime) purchase. */
  periodMonths: number | null;
  /** Dollar plans: the configuration key of the Stripe price id (STRIPE_PRICE_…). */
  priceIdKey?: 'monthly' | 'yearly' | 'lifetime';
}

export const PLANS: readonly Plan[] = [
  // Footer plans (SPEC §9: Monthly 2,000; 6-month 6,000; yearly 14,000).
  { intent: 'ng-monthly', title: 'Monthly', group: 'footer', currency: 'NGN', price: 2_000_00, preSale: null, duration: '1 month', months: 1, periodMonths: 1 },
  {
    intent: 'ng-6-month',
    title: '6-month',
    group: 'footer',
    currency: 'NGN',
    price: 6_000_00,
    preSale: null,
    duration: '6 months',
    months: 1,
    periodMonths: 6,
  },
  {
    intent: 'ng-yearly',
    title: 'Yearly',
    group: 'footer',
    currency: 'NGN',
    price: 14_000_00,
    preSale: null,
    duration: '12 months',
    months: 1,
    periodMonths: 12,
  },
  // Changeable plans (Change Plan modal): 1 Month 4,200; 6 Months 15,500 (months recorded as 1); 12 Months 2,125/month, pre-sale 2,550.
  {
    intent: 'ng-1-month',
    title: '1 Month',
    group: 'changeable',
    currency: 'NGN',
    price: 4_200_00,
    preSale: null,
    duration: '1 month',
    months: 1,
    periodMonths: 1,
  },
  {
    intent: 'ng-6-months',
    title: '6 Months',
    group: 'changeable',
    currency: 'NGN',
    price: 15_500_00,
    preSale: null,
    duration: '6 months',
    months: 1,
    periodMonths: 6,
  },
  {
    intent: 'ng-12-months',
    title: '12 Months',
    group: 'changeable',
    currency: 'NGN',
    price: 2_125_00,
    preSale: 2_550_00,
    duration: '12 months',
    months: 12,
    periodMonths: 12,
  },
  // Portal plans in dollars: Monthly 7.99; Yearly 59.99 (pre-sale 95.88); Lifetime 249.99 one-time.
  {
    intent: 'usd-monthly',
    title: 'Monthly',
    group: 'portal',
    currency: 'USD',
    price: 7_99,
    preSale: null,
    duration: '1 month',
    months: 1,
    periodMonths: 1,
    priceIdKey: 'monthly',
  },
  {
    intent: 'usd-yearly',
    title: 'Yearly',
    group: 'portal',
    currency: 'USD',
    price: 59_99,
    preSale: 95_88,
    duration: '12 months',
    months: 1,
    periodMonths: 12,
    priceIdKey: 'yearly',
  },
  {
    intent: 'usd-lifetime',
    title: 'Lifetime',
    group: 'portal',
    currency: 'USD',
    price: 249_99,
    preSale: null,
    duration: 'lifetime',
    months: 1,
    periodMonths: null,
    priceIdKey: 'lifetime',
  },
];

export const PLAN_INTENTS = PLANS.map((p) => p.intent) as [string, ...string[]];

export function findPlan(intent: string | null | undefined): Plan | undefined {
  return PLANS.find((p) => p.intent === intent);
}

/** SPEC §9: total charge = price × months. */
export function planTotal(plan: Pick<Plan, 'price' | 'months'>): number {
  return plan.price * plan.months;
}

/** The struck-through total (pre-sale price × months), or null. */
export function planPreSaleTotal(plan: Pick<Plan, 'preSale' | 'months'>): number | null {
  return plan.preSale === null ? null : plan.preSale * plan.months;
}

/** Nigeria pays in naira (Paystack); everyone else in dollars (Stripe). */
export function billingCurrency(country: string | null | undefined): PlanCurrency {
  return isNigeria(country) ? 'NGN' : 'USD';
}

export function plansFor(group: PlanGroup): Plan[] {
  return PLANS.filter((p) => p.group === group);
}

/** Plans a user of this country can buy. */
export function plansForCountry(country: string | null | undefined): Plan[] {
  const currency = billingCurrency(country);
  return PLANS.filter((p) => p.currency === currency);
}

/**
 * A plan's price for display: naira with 0 decimals (SPEC §9, rounded to whole naira), dollars with their cents;
 * any other currency in whole units of its ISO minor units (issue 23: XAF, RWF and UGX have none, so nothing is
 * rounded there).
 * Through the one money formatter, so in the reader's language (₦4,200 · 4 200 ₦ · ₦ 4,200); the display
 * language when none is given.
 */
export function formatPlanMoney(minor: number, currency: string, language?: Language): string {
  const unit = 10 ** minorDigits(currency);
  const shown = currency === 'USD' ? minor : Math.round(minor / unit) * unit;
  return formatMoney(shown, currency, language ? { language } : {});
}

/** SPEC modal 5: 'You will be charged {total} for {duration} subscription.' */
export function chargeText(plan: Plan): string {
  return `You will be charged ${formatPlanMoney(planTotal(plan), plan.currency, 'en')} for ${plan.duration} subscription.`;
}

/** AI credit packs, any country. */
export interface CreditPack {
  id: 'credits-100' | 'credits-500';
  credits: number;
  prices: Record<PlanCurrency, number>;
}

export const CREDIT_PACKS: readonly CreditPack[] = [
  { id: 'credits-100', credits: 100, prices: { NGN: 1_500_00, USD: 1_99 } },
  { id: 'credits-500', credits: 500, prices: { NGN: 6_000_00, USD: 7_99 } },
];

export const CREDIT_PACK_IDS = CREDIT_PACKS.map((p) => p.id) as [CreditPack['id'], ...CreditPack['id'][]];

export function findCreditPack(id: string | null | undefined): CreditPack | undefined {
  return CREDIT_PACKS.find((p) => p.id === id);
}

/**
 * What a paid plan gives (SPEC is silent; one table to change). Nothing here limits what a user can
 * record about their own business, online or offline: plans only add.
 */
export const PLAN_BENEFITS = {
  /** AI credits added at the start of each paid period (and once for a lifetime purchase). */
  creditsPerPeriod: 200,
  /** The "Made with Duka" line is left off PDFs and public invoice pages. */
  removeBranding: true,
  /** Server-side automation that later issues add (scheduled reminders, recurring invoices). */
  automation: true,
} as const;

export const SUBSCRIPTION_STATUSES = ['none', 'active', 'cancelled', 'past_due'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Whether a subscription still gives the plan's benefits at `now` (cancelled stays paid to the period end). */
export function hasPaidPlan(sub: { status: SubscriptionStatus; current_period_end: string | null; intent?: string | null }, now = new Date()): boolean {
  if (sub.status === 'none') return false;
  if (sub.current_period_end === null) return sub.status === 'active' || sub.status === 'cancelled';
  return new Date(sub.current_period_end).getTime() > now.getTime();
}
