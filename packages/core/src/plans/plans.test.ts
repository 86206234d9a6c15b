import { describe, expect, it } from 'vitest';
import {
  billingCurrency,
  chargeText,
  CREDIT_PACKS,
  findPlan,
  formatPlanMoney,
  hasPaidPlan,
  PLANS,
  planPreSaleTotal,
  planTotal,
  plansFor,
  transactionBody,
  changePlanBody,
} from './index';
import { setDisplayLanguage } from '../constants/languages';

const plan = (intent: string) => {
  const p = findPlan(intent);
  if (!p) throw new Error(intent);
  return p;
};

describe('plans (SPEC §9)', () => {
  it('footer plans: Monthly ₦2,000, 6-month ₦6,000, yearly ₦14,000', () => {
    expect(plansFor('footer').map((p) => [p.title, planTotal(p)])).toEqual([
      ['Monthly', 200000],
      ['6-month', 600000],
      ['Yearly', 1400000],
    ]);
  });
  it('changeable: 1 Month ₦4,200; 6 Months ₦15,500 with months recorded as 1; 12 Months ₦2,125 × 12 with pre-sale ₦2,550', () => {
    expect(planTotal(plan('ng-1-month'))).toBe(420000);
    const six = plan('ng-6-months');
    expect(six.months).toBe(1);
    expect(six.periodMonths).toBe(6);
    expect(planTotal(six)).toBe(1550000);
    const twelve = plan('ng-12-months');
    expect(twelve.price).toBe(212500);
    expect(planTotal(twelve)).toBe(2550000);
    expect(planPreSaleTotal(twelve)).toBe(3060000);
    expect(chargeText(twelve)).toBe('You will be charged ₦25,500 for 12 months subscription.');
    expect(chargeText(six)).toBe('You will be charged ₦15,500 for 6 months subscription.');
  });
  it('dollar plans: $7.99, $59.99 (pre-sale $95.88), $249.99 one-time', () => {
    expect(
      plansFor('portal').map((p) => [p.title, formatPlanMoney(planTotal(p), p.currency), p.preSale && formatPlanMoney(p.preSale, 'USD'), p.periodMonths]),
    ).toEqual([
      ['Monthly', '$7.99', null, 1],
      ['Yearly', '$59.99', '$95.88', 12],
      ['Lifetime', '$249.99', null, null],
    ]);
  });
  it("prices read in the reader's language, keeping 0 decimals for naira and the cents of dollars (issue 19)", () => {
    const twelve = plan('ng-12-months');
    expect(formatPlanMoney(twelve.price, 'NGN', 'en')).toBe('₦2,125');
    expect(formatPlanMoney(twelve.price, 'NGN', 'fr')).toMatch(/^2\s125\s₦$/);
    expect(formatPlanMoney(planTotal(twelve), 'NGN', 'sw')).toMatch(/^₦\s?25,500$/);
    expect(formatPlanMoney(4_200_49, 'NGN', 'en')).toBe('₦4,200');
    expect(formatPlanMoney(799, 'USD', 'fr')).toMatch(/^7,99\s\$$/);
    expect(formatPlanMoney(24_999, 'USD', 'en')).toBe('$249.99');
    // SPEC's sentence stays English, whatever the screen language.
    setDisplayLanguage('fr');
    try {
      expect(formatPlanMoney(twelve.price, 'NGN')).toMatch(/^2\s125\s₦$/);
      expect(chargeText(twelve)).toBe('You will be charged ₦25,500 for 12 months subscription.');
    } finally {
      setDisplayLanguage('en');
    }
  });
  it('every plan has a unique intent and integer minor-unit prices', () => {
    expect(new Set(PLANS.map((p) => p.intent)).size).toBe(PLANS.length);
    for (const p of PLANS) expect(Number.isInteger(p.price)).toBe(true);
  });
  it('credit packs: 100 for ₦1,500 / $1.99, 500 for ₦6,000 / $7.99', () => {
    expect(CREDIT_PACKS.map((p) => [p.credits, p.prices.NGN, p.prices.USD])).toEqual([
      [100, 150000, 199],
      [500, 600000, 799],
    ]);
  });
  it('Nigeria pays in naira, others in dollars', () => {
    expect(billingCurrency('Nigeria')).toBe('NGN');
    expect(billingCurrency('Kenya')).toBe('USD');
  });
  it('a cancelled plan stays paid until the period end', () => {
    const now = new Date('2026-01-10T00:00:00Z');
    expect(hasPaidPlan({ status: 'cancelled', current_period_end: '2026-02-01T00:00:00Z' }, now)).toBe(true);
    expect(hasPaidPlan({ status: 'cancelled', current_period_end: '2026-01-01T00:00:00Z' }, now)).toBe(false);
    expect(hasPaidPlan({ status: 'none', current_period_end: null }, now)).toBe(false);
  });
  it('a plan is required to change plan; a transaction names a plan or a pack', () => {
    expect(changePlanBody.safeParse({ subscription: { plan: '' } }).success).toBe(false);
    expect(changePlanBody.safeParse({ subscription: {} }).success).toBe(false);
    expect(transactionBody.safeParse({ transaction: { intent: 'ng-monthly' } }).success).toBe(true);
    expect(transactionBody.safeParse({ transaction: { credit_pack: 'credits-100' } }).success).toBe(true);
    expect(transactionBody.safeParse({ transaction: {} }).success).toBe(false);
  });
});
