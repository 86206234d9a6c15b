import { cleanup, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlanFrame } from '../../../app/PlanFrame';
import { TokenOrQuery } from '../../../app/guards';
import { getCurrentUser, setCurrentUser } from '../../../data/user';
import { activeLanguage, setLanguage } from '../../../i18n';
import { renderWithQueries } from '../../../ui/testing';
import SubscribePage from './SubscribePage';

// Issue 23 (verify27 #15 new gap): /plan/subscribe?token=… opened in a fresh browser was English for a French owner:
// the device had the token and no user. The page asks the server for the token's user and speaks their language.
const jwt = (sub: string) => `h.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.s`;

function open(user: { id: string; language: string; country: string }) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(String(url), 'http://x').pathname;
      calls.push(path);
      const body =
        path === '/api/state'
          ? { user: { name: 'Aline', username: 'aline', company_name: 'Aline Couture', email: 'a@example.com', ...user }, credit: 0, plan: 'free' }
          : { status: 'none', paid: false, intent: null, current_period_end: null };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const router = createMemoryRouter(
    [
      {
        path: '/plan/subscribe',
        element: (
          <TokenOrQuery>
            <PlanFrame>
              <SubscribePage />
            </PlanFrame>
          </TokenOrQuery>
        ),
      },
      { path: '/plan/portal', element: <p>dollar plans</p> },
    ],
    { initialEntries: [`/plan/subscribe?token=${jwt(user.id)}`] },
  );
  renderWithQueries(<RouterProvider router={router} />);
  return { router, calls };
}

describe('the Upgrade page opened from a link with a token, in a fresh browser', () => {
  afterEach(async () => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
    await setLanguage('en');
  });

  it('speaks the French owner’s language, never English first', async () => {
    localStorage.clear();
    const { calls } = open({ id: 'u-fr', language: 'fr', country: 'Nigeria' });
    expect(screen.queryByText('Choose a plan')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Choisissez un forfait' }, { timeout: 10_000 })).toBeTruthy();
    expect(activeLanguage()).toBe('fr');
    expect(getCurrentUser()?.id).toBe('u-fr');
    expect(calls).toContain('/api/state');
  });

  it('a stored user of another account is not taken for the token’s', async () => {
    localStorage.clear();
    setCurrentUser({ id: 'someone-else', name: 'Bola', username: 'bola', language: 'en', country: 'Nigeria' } as never);
    open({ id: 'u-sw', language: 'sw', country: 'Nigeria' });
    expect(await screen.findByRole('heading', { name: 'Chagua mpango' }, { timeout: 10_000 })).toBeTruthy();
    expect(getCurrentUser()?.id).toBe('u-sw');
  });
});
