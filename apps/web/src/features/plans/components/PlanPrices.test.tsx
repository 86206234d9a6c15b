import { findPlan, type Plan } from '@duka/core';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../i18n';
import { renderUi } from '../../../ui/testing';
import { ChangePlanModal } from './ChangePlanModal';
import { PlanCards } from './PlanCards';

// Issue 23 item 12 (D5): every plan price says what it is — per month or per payment, and why a price is struck —
// and Change Plan says how a plan compares with the one the user pays for now, from core's plan constants.
afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

const text = (id: string) => (screen.getByTestId(id).textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

function open(current = 'ng-monthly') {
  renderUi(<ChangePlanModal opened onClose={() => {}} current={current} periodEnd="2026-12-26T10:00:00.000Z" onChanged={() => {}} />);
}

describe('Change Plan: what each price is', () => {
  it('6 Months: the price per month is about ₦2,583, not ₦15,500, and says the ₦15,500 is paid at once', () => {
    open();
    fireEvent.click(screen.getByRole('radio', { name: '6 Months' }));
    expect(text('plan-price')).toBe('about ₦2,583');
    expect(text('plan-price-note')).toBe('Per month, to compare plans: you pay ₦15,500 at once for 6 months.');
    expect(text('plan-charge')).toBe('You will be charged ₦15,500 for 6 months subscription.');
    expect(text('plan-vs-current')).toBe('You pay ₦2,000 a month now (Monthly): this plan costs ₦583 a month more.');
    expect(screen.queryByTestId('plan-presale')).toBeNull();
    expect(screen.queryByTestId('plan-sale-why')).toBeNull();
  });

  it('12 Months: the struck ₦2,550 is the usual price, the sale saves ₦5,100 (17%)', () => {
    open();
    fireEvent.click(screen.getByRole('radio', { name: '12 Months' }));
    expect(text('plan-price')).toBe('₦2,125');
    expect(text('plan-presale')).toBe('₦2,550');
    expect(text('plan-sale-why')).toBe('Sale price: usually ₦2,550 a month. You save ₦5,100 (17%) over 12 months.');
    expect(text('plan-charge')).toBe('You will be charged ₦25,500 for 12 months subscription.');
    expect(text('plan-vs-current')).toBe('You pay ₦2,000 a month now (Monthly): this plan costs ₦125 a month more.');
  });

  it('1 Month at ₦4,200 next to the current ₦2,000 Monthly says the difference; cheaper plans say less', () => {
    open();
    fireEvent.click(screen.getByRole('radio', { name: '1 Month' }));
    expect(text('plan-price')).toBe('₦4,200');
    expect(screen.queryByTestId('plan-price-note')).toBeNull();
    expect(text('plan-vs-current')).toBe('You pay ₦2,000 a month now (Monthly): this plan costs ₦2,200 a month more.');
    cleanup();
    open('ng-1-month');
    fireEvent.click(screen.getByRole('radio', { name: '12 Months' }));
    expect(text('plan-vs-current')).toBe('You pay ₦4,200 a month now (1 Month): this plan costs ₦2,075 a month less.');
  });

  it('French and Swahili', async () => {
    await setLanguage('fr');
    open();
    fireEvent.click(screen.getByRole('radio', { name: '12 mois' }));
    expect(text('plan-sale-why')).toBe('Prix soldé : habituellement 2 550 ₦ par mois. Vous économisez 5 100 ₦ (17 %) sur 12 mois.');
    fireEvent.click(screen.getByRole('radio', { name: '6 mois' }));
    expect(text('plan-price')).toBe('environ 2 583 ₦');
    cleanup();
    await setLanguage('sw');
    open();
    fireEvent.click(screen.getByRole('radio', { name: 'Miezi 6' }));
    expect(text('plan-price')).toMatch(/^takriban ₦ ?2,583$/);
    expect(text('plan-vs-current')).toMatch(/^Sasa unalipa ₦ ?2,000 kwa mwezi .*: mpango huu ni ₦ ?583 zaidi kwa mwezi\.$/);
  });
});

describe('plan cards: how often a price is paid and why one is struck', () => {
  const plans = (...intents: string[]) => intents.map((i) => findPlan(i)!) as Plan[];

  it('naira footer plans say per month; the dollar Yearly sale says what it saves', () => {
    renderUi(<PlanCards plans={plans('ng-monthly', 'ng-6-month', 'ng-yearly')} current={null} />);
    const periods = screen.getAllByTestId('plan-card-period').map((e) => e.textContent);
    expect(periods).toEqual(['paid every month', 'paid every 6 months · ₦1,000 a month', 'paid every 12 months · about ₦1,167 a month']);
    cleanup();
    renderUi(<PlanCards plans={plans('usd-monthly', 'usd-yearly', 'usd-lifetime')} current={null} />);
    expect(screen.getAllByTestId('plan-card-period').map((e) => e.textContent)).toEqual([
      'paid every month',
      'paid every 12 months · about $5 a month',
      'one-time',
    ]);
    expect(text('plan-card-sale')).toBe('Sale price: usually $95.88. You save $35.89 (37%).');
  });
});
