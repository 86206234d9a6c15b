import { cleanup, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCurrentUser, type User } from '../../../data/user';
import { renderWithQueries } from '../../../ui/testing';
import SubscribePage from './SubscribePage';

// verify27 (issue 23): /plan/subscribe reached by a link (/login?device=…) showed naira plans to a Kenyan or
// Cameroonian owner, whose subscription then failed. Naira plans are Nigeria's.
function open(country: string) {
  setCurrentUser({ id: '1', name: 'Ada', username: 'ada', country } as User);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ status: 'none', paid: false, intent: null, current_period_end: null }), { status: 200 })),
  );
  const router = createMemoryRouter(
    [
      { path: '/plan/subscribe', element: <SubscribePage /> },
      { path: '/plan/portal', element: <p>dollar plans</p> },
    ],
    { initialEntries: ['/plan/subscribe?intent=x'] },
  );
  renderWithQueries(<RouterProvider router={router} />);
  return router;
}

describe('the naira plans page', () => {
  afterEach(() => {
    cleanup();
    setCurrentUser(null);
    vi.unstubAllGlobals();
  });

  it('sends an owner outside Nigeria to their own (dollar) plans, keeping the link’s query', async () => {
    const router = open('Kenya');
    await screen.findByText('dollar plans');
    expect(router.state.location.pathname + router.state.location.search).toBe('/plan/portal?intent=x');
  });

  it('shows a Nigerian owner the naira plans', async () => {
    const router = open('Nigeria');
    expect((await screen.findAllByText(/₦/)).length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/plan/subscribe');
  });
});
