import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCurrentUser, type User } from '../../../data/user';
import { setLanguage } from '../../../i18n';
import { renderUi, renderWithQueries } from '../../../ui/testing';
import SubscribePage from '../pages/SubscribePage';
import { ChangePlanModal } from './ChangePlanModal';

// Issue 23 (verify27 D5): the Upgrade page sells "6-month ₦6,000" and Change Plan "6 Months ₦15,500" with no word why.
// SPEC has two naira price lists; each screen says which one it sells, names the other with its prices, and says what
// a price covers.
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

afterEach(async () => {
  cleanup();
  setCurrentUser(null);
  vi.unstubAllGlobals();
  localStorage.clear();
  await setLanguage('en');
});

function openSubscribe() {
  setCurrentUser({ id: '1', name: 'Tunde', username: 'tunde', country: 'Nigeria' } as User);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ status: 'none', paid: false, intent: null, current_period_end: null }), { status: 200 })),
  );
  renderWithQueries(
    <RouterProvider router={createMemoryRouter([{ path: '/plan/subscribe', element: <SubscribePage /> }], { initialEntries: ['/plan/subscribe'] })} />,
  );
}

describe('the two naira price lists', () => {
  it('the Upgrade page says it sells the subscribe prices, names the Change Plan prices, and what each price covers', async () => {
    openSubscribe();
    expect(await screen.findByRole('heading', { name: 'Subscribe prices' })).toBeTruthy();
    expect(screen.getByTestId('plan-group-note').textContent).toBe(
      'You pay today and the plan starts today. Changing a running plan to another length (Change Plan, in Billing) uses a separate price list, and the change starts when your current period ends: 1 Month ₦4,200, 6 Months ₦15,500, 12 Months ₦25,500.',
    );
    expect(within(screen.getByTestId('plan-ng-6-month')).getByTestId('plan-card-covers').textContent).toBe(
      'Covers 6 months: 200 AI credits at its start, automatic reminders, and no "Made with Duka" line on your invoice PDFs.',
    );
    expect(within(screen.getByTestId('plan-ng-yearly')).getByTestId('plan-card-covers').textContent).toMatch(/^Covers 12 months: /);
  });

  it('Change Plan says it sells the Change Plan prices, names the subscribe prices, and what the chosen price covers', () => {
    renderUi(<ChangePlanModal opened onClose={() => {}} current="ng-monthly" onChanged={() => {}} />);
    expect(screen.getByText('Change Plan prices')).toBeTruthy();
    expect(screen.getByTestId('plan-group-note').textContent).toBe(
      'A change starts when your current period ends and is charged then. These prices are a separate list from the subscribe prices on the Upgrade page (Monthly ₦2,000, 6-month ₦6,000, Yearly ₦14,000), which are paid today and start today.',
    );
    fireEvent.click(screen.getByRole('radio', { name: '6 Months' }));
    expect(screen.getByTestId('plan-covers').textContent).toMatch(/^Covers 6 months: 200 AI credits at its start/);
  });

  it('in French', async () => {
    await setLanguage('fr');
    renderUi(<ChangePlanModal opened onClose={() => {}} current="ng-monthly" onChanged={() => {}} />);
    expect(screen.getByText('Prix de changement de forfait')).toBeTruthy();
    expect(plain(screen.getByTestId('plan-group-note').textContent)).toContain('(Mensuel 2 000 ₦, ');
  });
});
