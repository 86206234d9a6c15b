import { cleanup, screen } from '@testing-library/react';
import type { SubscriptionInfo } from '@duka/core';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../i18n';
import { renderUi } from '../../../ui/testing';
import { CurrentPlan, shortDate } from './CurrentPlan';

// Issue 23 (verify27 D5/item 12): the billing card said "Next charge: ₦2,000 on 26 Dec 26" and not how often it repeats.
const sub = (intent: string, plan: string, amount: number): SubscriptionInfo => ({
  plan,
  intent,
  status: 'active',
  provider: 'test',
  current_period_end: '2026-12-26T10:00:00.000Z',
  months: 1,
  amount,
  currency: 'NGN',
  credit: 200,
  paid: true,
});

afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

describe('the billing card says how often the next charge repeats', () => {
  it.each([
    ['ng-monthly', 'Monthly', 2_000_00, 'Next charge: ₦2,000 on {date}, then every month until you cancel.'],
    ['ng-6-months', '6 Months', 15_500_00, 'Next charge: ₦15,500 on {date}, then every 6 months until you cancel.'],
    ['ng-12-months', '12 Months', 25_500_00, 'Next charge: ₦25,500 on {date}, then every 12 months until you cancel.'],
  ])('%s', (intent, plan, amount, text) => {
    renderUi(<CurrentPlan sub={sub(intent, plan, amount)} />);
    expect(screen.getByTestId('plan-next-charge').textContent).toBe(text.replace('{date}', shortDate('2026-12-26T10:00:00.000Z')));
  });

  it('in French', async () => {
    await setLanguage('fr');
    renderUi(<CurrentPlan sub={sub('ng-yearly', 'Yearly', 14_000_00)} />);
    expect(screen.getByTestId('plan-next-charge').textContent).toMatch(/puis tous les 12 mois jusqu’à résiliation\.$/);
    // A future date in the future tense, the date inside the sentence (no colon to space the French way).
    expect(screen.getByTestId('plan-renewal').textContent).toBe(`Se renouvelle le ${shortDate('2026-12-26T10:00:00.000Z')}`);
  });

  it('in English and Swahili', async () => {
    renderUi(<CurrentPlan sub={sub('ng-monthly', 'Monthly', 2_000_00)} />);
    expect(screen.getByTestId('plan-renewal').textContent).toBe(`Renews on ${shortDate('2026-12-26T10:00:00.000Z')}`);
    cleanup();
    await setLanguage('sw');
    renderUi(<CurrentPlan sub={sub('ng-monthly', 'Monthly', 2_000_00)} />);
    expect(screen.getByTestId('plan-renewal').textContent).toBe(`Utahuishwa tarehe ${shortDate('2026-12-26T10:00:00.000Z')}`);
  });
});

// t21 B1: after Change Plan the card called the new plan the running one ("12 Months ACTIVE", then "CANCELLED").
describe('a plan change waiting for the period end', () => {
  it('shows the running plan and when the new one starts; after Cancel, that the change is cancelled', () => {
    const changed = { ...sub('ng-12-months', 'Monthly', 25_500_00), next_plan: '12 Months' };
    renderUi(<CurrentPlan sub={changed} />);
    expect(screen.getByTestId('plan-name').textContent).toBe('Monthly');
    expect(screen.getByTestId('plan-change').textContent).toBe(`Changes to 12 Months on ${shortDate('2026-12-26T10:00:00.000Z')}`);
    cleanup();
    renderUi(<CurrentPlan sub={{ ...changed, status: 'cancelled' }} />);
    expect(screen.getByTestId('plan-name').textContent).toBe('Monthly');
    expect(screen.getByTestId('plan-status').textContent).toBe('Cancelled');
    expect(screen.getByTestId('plan-change').textContent).toBe('The change to 12 Months is cancelled');
  });
});
