import { PLANS } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { ensure, i18next } from '../../i18n';
import { paymentDescription, planDuration, planTitle } from './planText';
import './strings';

describe('plan titles and durations in each language (issue 19)', () => {
  it("English keeps SPEC's titles and core's duration text exactly", () => {
    const t = i18next.getFixedT('en', 'plans');
    for (const plan of PLANS) {
      expect(planTitle(t, plan.title)).toBe(plan.title);
      expect(planDuration(t, plan)).toBe(plan.duration);
    }
  });

  it('French and Swahili build the duration from the months, with plural forms', async () => {
    await Promise.all([ensure('fr', 'plans'), ensure('sw', 'plans')]);
    const fr = i18next.getFixedT('fr', 'plans');
    const sw = i18next.getFixedT('sw', 'plans');
    expect(planDuration(fr, { periodMonths: 1 })).toBe('1 mois');
    expect(planDuration(fr, { periodMonths: 6 })).toBe('6 mois');
    expect(planDuration(sw, { periodMonths: 1 })).toBe('mwezi 1');
    expect(planDuration(sw, { periodMonths: 12 })).toBe('miezi 12');
    expect(planDuration(sw, { periodMonths: null })).toBe('maisha yote');
    expect(fr('charge', { total: '₦15,500', duration: planDuration(fr, { periodMonths: 6 }) })).toBe('Vous paierez ₦15,500 pour un abonnement de 6 mois.');
    for (const plan of PLANS) {
      expect(planTitle(fr, plan.title)).not.toBe(plan.title);
      expect(planTitle(sw, plan.title)).not.toBe(plan.title);
    }
    expect(planTitle(fr, 'Gold')).toBe('Gold');
  });
});

describe('payment history rows in the reader’s language (issue 23)', () => {
  it('names the plan or the credit pack in English, French and Swahili', async () => {
    await Promise.all([ensure('fr', 'plans'), ensure('sw', 'plans')]);
    const row = (kind: 'plan' | 'credit_pack' | 'refund', item: string) => ({ kind, item, description: 'English from the server' });
    const en = i18next.getFixedT('en', 'plans');
    const fr = i18next.getFixedT('fr', 'plans');
    const sw = i18next.getFixedT('sw', 'plans');
    expect(paymentDescription(en, row('plan', 'ng-monthly'))).toBe('Monthly plan');
    expect(paymentDescription(fr, row('plan', 'ng-monthly'))).toBe('Forfait Mensuel');
    expect(paymentDescription(sw, row('plan', 'ng-monthly'))).toBe(`Mpango wa ${planTitle(sw, 'Monthly')}`);
    expect(paymentDescription(en, row('credit_pack', 'credits-100'))).toBe('100 AI credits');
    expect(paymentDescription(fr, row('credit_pack', 'credits-100'))).toBe('100 crédits IA');
    expect(paymentDescription(fr, row('refund', 'ng-monthly'))).toBe('Remboursement : Mensuel');
    expect(paymentDescription(fr, row('plan', 'unknown-plan'))).toBe('English from the server');
  });
});
