import { describe, expect, it } from 'vitest';
import { findPlan, type Plan, planTotal, PLANS } from './catalog';
import { perMonthVersus, planPrice } from './pricing';

const plan = (intent: string): Plan => findPlan(intent)!;

// Issue 23 item 12 (D5): every plan price says what it is — per payment, per month, and why a price is struck.
describe('what a plan price means', () => {
  it('6 Months: ₦15,500 is paid once for 6 months, about ₦2,583 a month (not ₦15,500 a month)', () => {
    expect(planPrice(plan('ng-6-months'))).toEqual({ total: 15_500_00, periodMonths: 6, perMonth: 258_333, perMonthExact: false, sale: null });
  });

  it('12 Months: ₦2,125 a month, ₦25,500 a payment; the struck ₦2,550 a month saves ₦5,100 (17%)', () => {
    expect(planPrice(plan('ng-12-months'))).toEqual({
      total: 25_500_00,
      periodMonths: 12,
      perMonth: 2_125_00,
      perMonthExact: true,
      sale: { perMonth: 2_550_00, total: 30_600_00, saving: 5_100_00, percent: 17 },
    });
  });

  it('dollar Yearly: $59.99 for 12 months instead of $95.88 saves $35.89 (37%); Lifetime has no monthly price', () => {
    expect(planPrice(plan('usd-yearly')).sale).toEqual({ perMonth: 7_99, total: 95_88, saving: 35_89, percent: 37 });
    expect(planPrice(plan('usd-lifetime'))).toMatchObject({ total: 249_99, periodMonths: null, perMonth: null, sale: null });
  });

  it('for every plan, the per-month price times its months is its total (to the rounding), and a sale saves money', () => {
    for (const p of PLANS) {
      const price = planPrice(p);
      expect(price.total).toBe(planTotal(p));
      if (price.perMonth !== null) expect(Math.abs(price.perMonth * p.periodMonths! - price.total)).toBeLessThan(p.periodMonths!);
      if (price.sale) expect(price.sale.saving).toBeGreaterThan(0);
    }
  });

  it('compares with the plan the user is on, per month (Monthly ₦2,000 now; 1 Month is ₦2,200 more, 12 Months ₦125 more)', () => {
    expect(perMonthVersus(plan('ng-1-month'), 'ng-monthly')).toBe(2_200_00);
    expect(perMonthVersus(plan('ng-12-months'), 'ng-monthly')).toBe(125_00);
    expect(perMonthVersus(plan('ng-6-months'), 'ng-1-month')).toBe(258_333 - 4_200_00);
    expect(perMonthVersus(plan('ng-6-months'), null)).toBeNull();
    expect(perMonthVersus(plan('ng-6-months'), 'usd-monthly')).toBeNull();
  });
});
