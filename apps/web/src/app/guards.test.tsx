import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { GuestOnly, LoggedIn, TokenOrQuery } from './guards';

function at(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/private', element: <LoggedIn>private page</LoggedIn> },
      { path: '/login', element: <GuestOnly>login page</GuestOnly> },
      { path: '/plan/subscribe', element: <TokenOrQuery>subscribe page</TokenOrQuery> },
      { path: '/', element: <>home page</> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('SPEC §2 guards', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('logged-in: without a token → /login; with one the page shows', () => {
    expect(at('/private').state.location.pathname).toBe('/login');
    cleanup();
    localStorage.setItem('token', 't');
    at('/private');
    expect(screen.getByText('private page')).toBeTruthy();
  });

  it('guest-only: a visitor gets in; with a token → /, or /plan/subscribe with a device or mail parameter', () => {
    at('/login');
    expect(screen.getByText('login page')).toBeTruthy();
    cleanup();
    localStorage.setItem('token', 't');
    expect(at('/login').state.location.pathname).toBe('/');
    cleanup();
    expect(at('/login?device=ios').state.location.pathname).toBe('/plan/subscribe');
    cleanup();
    expect(at('/login?mail=1').state.location.pathname).toBe('/plan/subscribe');
  });

  it('guest-only: a Log in from the drawn /login screen not yet taken over opens the login page, which takes it over', () => {
    localStorage.setItem('token', 't');
    (globalThis as { dukaQuickLogin?: Promise<unknown> }).dukaQuickLogin = new Promise(() => undefined);
    try {
      expect(at('/login').state.location.pathname).toBe('/login');
      expect(screen.getByText('login page')).toBeTruthy();
    } finally {
      delete (globalThis as { dukaQuickLogin?: Promise<unknown> }).dukaQuickLogin;
    }
  });

  it('token-or-query: a stored token or a token parameter, otherwise /login', () => {
    expect(at('/plan/subscribe').state.location.pathname).toBe('/login');
    cleanup();
    const router = at('/plan/subscribe?token=abc&intent=ng-monthly');
    expect(screen.getByText('subscribe page')).toBeTruthy();
    // Issue 22: the token is stored at once and leaves the address (history, Referer); the other parameters stay.
    expect(localStorage.getItem('token')).toBe('abc');
    expect(router.state.location.pathname + router.state.location.search).toBe('/plan/subscribe?intent=ng-monthly');
    cleanup();
    localStorage.clear();
    localStorage.setItem('token', 't');
    at('/plan/subscribe');
    expect(screen.getByText('subscribe page')).toBeTruthy();
  });
});
