import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCurrentUser } from '../../data/user';
import { renderRoutes, testUser } from '../../ui/testing';
import LoginLinkPage from './pages/LoginLinkPage';

const user = testUser();

const show = (url: string) =>
  renderRoutes(
    [
      { path: '/login-link', element: <LoginLinkPage /> },
      { path: '/', element: <>home</> },
    ],
    url,
  );

describe('login link page (issue 22 item 5)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('trades the token for a session once and goes home', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ user, jwt: 'jwt-link' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const router = show('/login-link?token=abc.def');
    expect(await screen.findByText('Welcome back, Ada Obi')).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('jwt-link');
    expect(getCurrentUser()?.username).toBe('ada');
    expect(router.state.location.pathname).toBe('/');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/login-link/redeem');
    expect(JSON.parse(init.body as string)).toEqual({ token: 'abc.def' });
  });

  it('a used or expired link says so and offers the way back', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'unprocessable', message: 'x' } }), { status: 422 })),
    );
    show('/login-link?token=used');
    expect(await screen.findByText('This login link is invalid, was already used or has expired. Please ask for a new one.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to login' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('no token: says the link is incomplete without calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    show('/login-link');
    expect(await screen.findByText('This login link is incomplete. Ask for a new one on the login page.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
