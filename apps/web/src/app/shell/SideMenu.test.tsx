import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCurrentUser, type User } from '../../data/user';
import { renderUi } from '../../ui/testing';
import { SideMenu } from './SideMenu';
import { rememberPlan } from '../../features/plans/paid';

const ENTRIES = [
  'Catalog',
  'Ai Writer',
  'Tax And Fees',
  'Draft',
  'Analytics',
  'Account',
  'Invoice settings',
  'Change Password',
  'Help',
  'Announcements',
  'Log Out',
  'Delete Account',
];

function open(country: string, handlers = { onLogout: vi.fn(), onDelete: vi.fn(), onClose: vi.fn() }) {
  setCurrentUser({ id: '1', name: 'Ada', username: 'ada', country } as User);
  renderUi(
    <MemoryRouter>
      <SideMenu opened {...handlers} />
    </MemoryRouter>,
  );
  return { drawer: within(screen.getByRole('dialog', { name: 'One More Thing' })), ...handlers };
}

describe("side menu 'One More Thing' (SPEC §2)", () => {
  afterEach(() => {
    cleanup();
    setCurrentUser(null);
  });

  it('shows a paying user their plan instead of Upgrade (issue 23)', () => {
    rememberPlan('1', { status: 'active', current_period_end: new Date(Date.now() + 86_400_000).toISOString() });
    try {
      const { drawer } = open('Nigeria');
      expect(drawer.queryByRole('link', { name: 'Upgrade' })).toBeNull();
      expect(drawer.getByRole('link', { name: 'My plan' }).getAttribute('href')).toBe('/settings/billing');
    } finally {
      localStorage.removeItem('duka:plan:1');
    }
    cleanup();
    const { drawer } = open('Nigeria');
    expect(drawer.getByRole('link', { name: 'Upgrade' })).toBeTruthy();
  });

  it('asks the server for the plan at log-in: a paying user on a new device never needs Billing first (issue 23, D2)', async () => {
    localStorage.setItem('token', 'new-device');
    const future = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const fetchMock = vi.fn(
      async (_url: string) =>
        new Response(JSON.stringify({ status: 'active', paid: true, plan: 'ng-yearly', current_period_end: future, credit: 0 }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      const { drawer } = open('Nigeria');
      expect(await drawer.findByRole('link', { name: 'My plan' })).toBeTruthy();
      expect(drawer.queryByRole('link', { name: 'Upgrade' })).toBeNull();
      expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/subscriptions');
      expect(JSON.parse(localStorage.getItem('duka:plan:1') ?? '{}')).toMatchObject({ status: 'active' });
    } finally {
      vi.unstubAllGlobals();
      localStorage.removeItem('duka:plan:1');
      localStorage.removeItem('token');
    }
  });

  it('has every SPEC entry in order, with their destinations', () => {
    const { drawer } = open('Kenya');
    const items = Array.from(screen.getByRole('dialog', { name: 'One More Thing' }).querySelectorAll('a, button'));
    const labels = items.map((el) => el.textContent?.replace('↗', '').trim());
    expect(labels.filter((l) => ENTRIES.includes(l ?? ''))).toEqual(ENTRIES);
    expect(drawer.getByRole('link', { name: 'Draft' }).getAttribute('href')).toBe('/invoices/drafts');
    expect(drawer.getByRole('link', { name: 'Analytics' }).getAttribute('href')).toBe('/report');
    expect(drawer.getByRole('link', { name: 'Change Password' }).getAttribute('href')).toBe('/settings/security');
    const help = drawer.getByRole('link', { name: /^Help/ });
    expect(help.getAttribute('target')).toBe('_blank');
    expect(help.getAttribute('href')).toMatch(/^https:\/\//);
  });

  it('shows Tax And Fees on phones only', () => {
    const { drawer } = open('Kenya');
    expect(drawer.getByRole('link', { name: 'Tax And Fees' }).className).toMatch(/mantine-hidden-from-sm/);
    expect(drawer.getByRole('link', { name: 'Catalog' }).className).not.toMatch(/hidden-from/);
  });

  it('upgrade goes to /plan/subscribe for Nigeria, else /plan/portal', () => {
    expect(open('Nigeria').drawer.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/plan/subscribe');
    cleanup();
    expect(open('Ghana').drawer.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/plan/portal');
  });

  it('Log Out and Delete Account call their actions and close the menu', () => {
    const { drawer, onLogout, onDelete, onClose } = open('Kenya');
    fireEvent.click(drawer.getByRole('button', { name: 'Log Out' }));
    expect(onLogout).toHaveBeenCalledOnce();
    fireEvent.click(drawer.getByRole('button', { name: 'Delete Account' }));
    expect(onDelete).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
