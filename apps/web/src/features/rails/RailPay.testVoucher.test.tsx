import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../ui/testing';
import { publicPage } from '../../test/publicPage';
import { InvoiceLinkView } from '../invoices/components/InvoiceLinkView';

/**
 * TEST MODE in Ghana (issue 25): Telecel Cash asks for its voucher first, as through Paystack, and the page links the
 * test phone that shows the code beside the code field; the prompt goes to that phone once the code is taken.
 */
const page = publicPage(
  { public_id: 'pubGHt', number: 'INV-0009', currency: 'GHS', business: 'Ama Stores', client: 'Kofi', line: 'Rice', amount: 50_000 },
  { rails: [{ id: 'paystack_momo', name: 'Telecel Cash', kind: 'phone', test_mode: true, country: 'GH', networks: [], network: 'vod' }] },
);
const PROMPT = 'TEST MODE: Telecel Cash asks for a voucher before it charges. Open the test phone, read the voucher code it shows, and type it here.';
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('TEST MODE: the Telecel Cash voucher on the pay page', () => {
  it('asks for the code with the test phone at hand, sends it, then says to check the phone', async () => {
    const sent: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const u = String(url);
      if (init?.method === 'POST') sent.push({ url: u, body: JSON.parse(String(init.body)) });
      if (init?.method === 'POST' && u.endsWith('/rails/paystack_momo'))
        return json({ reference: 'ref-t', amount: 50_000, currency: 'GHS', redirect_url: null, test_phone_url: '/test-phone/ref-t', otp_prompt: PROMPT });
      if (init?.method === 'POST' && u.endsWith('/otp')) return json({ status: 'pending', message: null, otp_prompt: null });
      if (u.includes('/rails/paystack_momo/'))
        return json({ status: 'pending', message: null, balance: 50_000, operator_id: null, amount: 50_000, currency: 'GHS' });
      return json(page);
    });
    renderUi(<InvoiceLinkView id="pubGHt" onPaid={() => undefined} customerLanguage />);
    fireEvent.click(await screen.findByTestId('rail-paystack_momo-vod-open', {}, { timeout: 15_000 }));
    fireEvent.change(await screen.findByTestId('rail-paystack_momo-vod-phone', {}, { timeout: 15_000 }), { target: { value: '020 123 4567' } });
    fireEvent.click(screen.getByTestId('rail-paystack_momo-vod-send'));

    expect((await screen.findByTestId('rail-paystack_momo-vod-otp-prompt', {}, { timeout: 15_000 })).textContent).toBe(PROMPT);
    // The test phone that shows the voucher is linked beside the code field.
    expect(screen.getByTestId('rail-paystack_momo-vod-test-phone').getAttribute('href')).toBe('/test-phone/ref-t?lang=en');
    fireEvent.change(screen.getByTestId('rail-paystack_momo-vod-otp'), { target: { value: '482913' } });
    fireEvent.click(screen.getByTestId('rail-paystack_momo-vod-otp-send'));
    await screen.findByText('Check your phone', {}, { timeout: 15_000 });
    expect(screen.getByTestId('rail-paystack_momo-vod-test-phone').getAttribute('href')).toBe('/test-phone/ref-t?lang=en');
    await waitFor(() => expect(sent.filter((s) => s.url.endsWith('/otp')).map((s) => s.body)).toEqual([{ otp: '482913' }]));
  }, 60_000);
});
