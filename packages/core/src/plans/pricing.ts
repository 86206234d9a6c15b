import { findPlan, type Plan, planPreSaleTotal, planTotal } from './catalog';

/**
 * What a plan's price means (issue 23 item 12), from the catalogue's constants (SPEC §9): what one payment is, how
 * many months it covers, what that comes to per month, and — with a struck pre-sale price — what the sale saves.
 * The pages say each of these in words so that no price is shown without saying what it is.
 */
export interface PlanPrice {
  /** Charged at each payment (SPEC §9: price × months). */
  total: number;
  /** Months one payment covers; null for a one-time (lifetime) purchase. */
  periodMonths: number | null;
  /** The total spread over its months (minor units, rounded); null for a one-time purchase. */
  perMonth: number | null;
  /** Whether perMonth is exact (15,500 for 6 months is about 2,583 a month; 25,500 for 12 is exactly 2,125). */
  perMonthExact: boolean;
  /** The sale, when the plan has a struck pre-sale price: that price per month and per payment, the saving and its rounded percent. */
  sale: { perMonth: number | null; total: number; saving: number; percent: number } | null;
}

function spread(total: number, months: number | null): number | null {
  return months === null ? null : Math.round(total / months);
}

export function planPrice(plan: Pick<Plan, 'price' | 'preSale' | 'months' | 'periodMonths'>): PlanPrice {
  const total = planTotal(plan);
  const months = plan.periodMonths;
  const preSaleTotal = planPreSaleTotal(plan);
  const sale =
    preSaleTotal !== null && preSaleTotal > total
      ? {
          perMonth: spread(preSaleTotal, months),
          total: preSaleTotal,
          saving: preSaleTotal - total,
          percent: Math.round(((preSaleTotal - total) * 100) / preSaleTotal),
        }
      : null;
  return { total, periodMonths: months, perMonth: spread(total, months), perMonthExact: months === null || total % months === 0, sale };
}

/**
 * How much more (positive) or less (negative) a plan costs per month than the plan the user is on, or null when
 * either is unknown or one-time: Change Plan says it rather than showing two monthly prices side by side (issue 23).
 */
export function perMonthVersus(plan: Plan, currentIntent: string | null | undefined): number | null {
  const current = findPlan(currentIntent);
  if (!current || current.currency !== plan.currency) return null;
  const a = planPrice(plan).perMonth;
  const b = planPrice(current).perMonth;
  return a === null || b === null ? null : a - b;
}
