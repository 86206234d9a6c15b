import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import { renderUi } from '../../ui/testing';
import TestPhone from './TestPhone';

/** Issue 25 (t25 D7/D10): the test phone follows the customer's language, says what it stands in for, and writes money as the pay page. */
const view = {
  reference: 'ref-1',
  rail: 'mpesa',
  rail_name: 'M-Pesa',
  business: 'Wanjiku Stores',
  number: 'INV-0001',
  amount: 101_000,
  currency: 'KES',
  phone: '254712345678',
  status: 'pending',
  public_id: 'pubKE',
  test_mode: true,
  minor: true,
  language: 'en',
};
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  await setLanguage('en');
});

describe('the TEST MODE phone page', () => {
  it('writes the amount with its cents when the invoice does, as the pay page', async () => {
    vi.stubGlobal('fetch', async () => json(view));
    renderUi(<TestPhone reference="ref-1" />);
    expect((await screen.findByTestId('test-phone-prompt', {}, { timeout: 15_000 })).textContent).toContain('KSh1,010.00');
  }, 45_000);

  it("opens in the language on its link (?lang=sw), else the invoice's", async () => {
    window.history.replaceState(null, '', '/test-phone/ref-1?lang=sw');
    vi.stubGlobal('fetch', async () => json(view));
    renderUi(<TestPhone reference="ref-1" />);
    await screen.findByText('Idhinisha', {}, { timeout: 15_000 });
    cleanup();
    await setLanguage('en');
    window.history.replaceState(null, '', '/test-phone/ref-1');
    vi.stubGlobal('fetch', async () => json({ ...view, language: 'fr' }));
    renderUi(<TestPhone reference="ref-1" />);
    await screen.findByText('Approuver', {}, { timeout: 15_000 });
  }, 45_000);

  it('Telecel Cash: shows the voucher to type on the invoice page, and the prompt once the page took it', async () => {
    let typed = false;
    vi.stubGlobal('fetch', async () =>
      json({ ...view, rail: 'paystack_momo', rail_name: 'Telecel Cash', currency: 'GHS', phone: '233201234567', voucher: typed ? null : '482913' }),
    );
    renderUi(<TestPhone reference="ref-1" />);
    expect((await screen.findByTestId('test-phone-voucher-code', {}, { timeout: 15_000 })).textContent).toBe('482913');
    expect(screen.getByTestId('test-phone-voucher').textContent).toContain(
      'Telecel Cash asks for a voucher before the payment prompt. Type this code on the invoice page; the prompt then comes to this phone.',
    );
    // No answer before the voucher: the prompt is not on the phone yet.
    expect(screen.queryByTestId('test-phone-approve')).toBeNull();
    typed = true; // typed on the invoice page: the page finds out on its next look
    await screen.findByTestId('test-phone-approve', {}, { timeout: 15_000 });
    expect(screen.queryByTestId('test-phone-voucher')).toBeNull();
  }, 45_000);

  it("a hosted checkout's stand-in says it is the checkout, not a phone", async () => {
    vi.stubGlobal('fetch', async () => json({ ...view, rail: 'chapa', rail_name: 'Chapa', phone: '', currency: 'ETB' }));
    renderUi(<TestPhone reference="ref-1" />);
    expect((await screen.findByTestId('test-phone-banner', {}, { timeout: 15_000 })).textContent).toContain('This page stands in for Chapa’s checkout.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Test checkout');
  }, 45_000);

  it.each([
    [50_000, 'You approved the payment. The invoice page shows it as partly paid: KSh500.00 is left to pay.'],
    [0, 'You approved the payment. The invoice page shows it as paid.'],
  ])(
    'after Approve with %i left in TEST MODE it says partly paid or paid (t20 H1)',
    async (left, said) => {
      vi.stubGlobal('fetch', async (_url: unknown, init?: RequestInit) => (init?.method === 'POST' ? json({ status: 'approved', left }) : json(view)));
      renderUi(<TestPhone reference="ref-1" />);
      (await screen.findByTestId('test-phone-approve', {}, { timeout: 15_000 })).click();
      expect((await screen.findByTestId('test-phone-answered', {}, { timeout: 15_000 })).textContent).toBe(said);
    },
    45_000,
  );
});
