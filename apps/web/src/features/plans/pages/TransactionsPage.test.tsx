import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../../ui/testing';
import { renderAt } from '../../ai/testing';
import TransactionsPage from './TransactionsPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('/transactions (SPEC §2: after registration with a token and an intent)', () => {
  it('stores the token query parameter, starts the checkout for the intent and leaves for it', async () => {
    installDomShims();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetch = vi.fn(async () => new Response(JSON.stringify({ url: '/test-checkout/chk_1', reference: 'chk_1' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    renderAt('/transactions?token=tok_new&intent=ng-12-months', <TransactionsPage />);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/test-checkout/chk_1'));
    expect(localStorage.getItem('token')).toBe('tok_new');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/transactions');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok_new');
    expect(JSON.parse(String(init.body))).toEqual({ transaction: { intent: 'ng-12-months' } });
  });

  it("failure: 'Please login to continue'", async () => {
    installDomShims();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'unauthorized', message: 'Please log in' } }), { status: 401 })),
    );
    renderAt('/transactions?token=expired&intent=ng-monthly', <TransactionsPage />);
    expect((await screen.findAllByText('Please login to continue')).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('offline: says paying needs a connection and starts nothing', async () => {
    installDomShims();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAt('/transactions?token=t&intent=ng-monthly', <TransactionsPage />);
    expect(await screen.findByTestId('offline-note')).toBeTruthy();
    expect(screen.getByText(/Paying needs an internet connection/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
