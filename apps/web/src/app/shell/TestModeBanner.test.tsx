import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import { renderUi } from '../../ui/testing';
import { TestModeBanner } from './TestModeBanner';

/** Issue 22: the owner sees a TEST MODE banner while GET /payments/config says test payments can be made. */
function serve(testPayments: boolean) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(String(url));
    const body = { provider: 'test', segment: 'test-pay', publishable_key: null, test_mode: testPayments, test_payments: testPayments };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return urls;
}
const show = () =>
  renderUi(
    <QueryClientProvider client={new QueryClient()}>
      <TestModeBanner />
    </QueryClientProvider>,
  );

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await setLanguage('en');
});

describe('TEST MODE banner', () => {
  it('shows while test payments can be made, in the screen language', async () => {
    const urls = serve(true);
    show();
    expect((await screen.findByTestId('test-mode-banner')).textContent).toContain('move no real money');
    expect(urls.some((u) => u.endsWith('/api/payments/config'))).toBe(true);
    cleanup();
    await setLanguage('fr');
    show();
    expect((await screen.findByTestId('test-mode-banner')).textContent).toContain('Mode test');
    cleanup();
    await setLanguage('sw');
    show();
    expect((await screen.findByTestId('test-mode-banner')).textContent).toContain('Hali ya majaribio');
  });

  it('stays hidden with a real provider and no test mode', async () => {
    const urls = serve(false);
    show();
    await vi.waitFor(() => expect(urls.length).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('test-mode-banner')).toBeNull();
  });
});
