import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../ui/testing';
import { InvoiceLinkView } from '../invoices/components/InvoiceLinkView';

/**
 * Ghana's pay page (t17 G2, G3; issue 25's Paystack mobile money): one way per network, each sending its network; a number
 * whose prefix is another network's gets a hint, not a refusal; Telecel's voucher (Paystack's send_otp) is typed on the page.
 */
const invoice = {
  public_id: 'pubGH',
  kind: 'invoice',
  number: 'INV-0003',
  status: 'sent',
  display_status: 'sent',
  issue_date: '2026-11-20',
  due_date: '2026-12-20',
  currency: 'GHS',
  business: { name: 'Ama Stores', logo_url: null, email: null, address: null, phone: null, tax_id: null, registration_number: null },
  client: { name: 'Kofi', email: null, phone: null, address: null },
  lines: [{ description: 'Rice', quantity: 1, unit_price: 50_000, amount: 50_000 }],
  fees: [],
  subtotal: 50_000,
  discount_total: 0,
  tax_total: 0,
  total_due: 50_000,
  amount_paid: 0,
  balance: 50_000,
  notes: '',
  terms: '',
  payment_instructions: '',
  payments: [],
  pay_provider: null,
  rails: [
    { id: 'mtn_momo', name: 'MTN MoMo', kind: 'phone', test_mode: false, country: 'GH', networks: [] },
    { id: 'paystack_momo', name: 'Telecel Cash', kind: 'phone', test_mode: false, country: 'GH', networks: [], network: 'vod' },
    { id: 'paystack_momo', name: 'AirtelTigo Money', kind: 'phone', test_mode: false, country: 'GH', networks: [], network: 'atl' },
  ],
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe("Ghana's pay page", () => {
  it('one button per network; an MTN number under Telecel gets a hint; the voucher is asked, a wrong one again, then the phone', async () => {
    const sent: Array<{ url: string; body: unknown }> = [];
    let otpTries = 0;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const u = String(url);
      if (init?.method === 'POST') sent.push({ url: u, body: JSON.parse(String(init.body)) });
      if (init?.method === 'POST' && u.endsWith('/rails/paystack_momo'))
        return json({
          reference: 'ref-vod',
          amount: 50_000,
          currency: 'GHS',
          redirect_url: null,
          test_phone_url: null,
          otp_prompt: 'Please dial *110# to generate a voucher code, then input the voucher',
        });
      if (init?.method === 'POST' && u.endsWith('/otp')) {
        otpTries += 1;
        return json({ status: 'pending', message: null, otp_prompt: otpTries === 1 ? 'Invalid voucher code' : null });
      }
      if (u.includes('/rails/paystack_momo/'))
        return json({ status: 'pending', message: null, balance: 50_000, operator_id: null, amount: 50_000, currency: 'GHS' });
      return json(invoice);
    });
    renderUi(<InvoiceLinkView id="pubGH" onPaid={() => undefined} customerLanguage />);
    // MTN once, and each network under its own name.
    const mtn = await screen.findByTestId('rail-mtn_momo-open', {}, { timeout: 15_000 });
    expect(mtn.textContent).toContain('MTN MoMo');
    expect(screen.getByTestId('rail-paystack_momo-vod-open').textContent).toContain('Telecel Cash');
    expect(screen.getByTestId('rail-paystack_momo-atl-open').textContent).toContain('AirtelTigo Money');
    expect(screen.queryByText(/Flutterwave|Paystack/)).toBeNull();

    fireEvent.click(screen.getByTestId('rail-paystack_momo-vod-open'));
    const phone = await screen.findByTestId('rail-paystack_momo-vod-phone', {}, { timeout: 15_000 });
    fireEvent.change(phone, { target: { value: '024 412 3456' } });
    expect((await screen.findByTestId('rail-paystack_momo-vod-network-hint')).textContent).toBe('This number looks like MTN’s — check the network.');
    // No network picker: the button is the network.
    expect(screen.queryByTestId('rail-paystack_momo-vod-network')).toBeNull();
    fireEvent.change(phone, { target: { value: '020 123 4567' } });
    expect(screen.queryByTestId('rail-paystack_momo-vod-network-hint')).toBeNull();
    // A ported number is still sent: the hint never refuses.
    fireEvent.change(phone, { target: { value: '024 412 3456' } });
    fireEvent.click(screen.getByTestId('rail-paystack_momo-vod-send'));

    expect((await screen.findByTestId('rail-paystack_momo-vod-otp-prompt', {}, { timeout: 15_000 })).textContent).toBe(
      'Please dial *110# to generate a voucher code, then input the voucher',
    );
    expect(sent[0]).toMatchObject({ url: expect.stringMatching(/\/rails\/paystack_momo$/), body: { phone: '024 412 3456', network: 'vod' } });
    const code = screen.getByTestId('rail-paystack_momo-vod-otp');
    fireEvent.change(code, { target: { value: '11' } });
    fireEvent.click(screen.getByTestId('rail-paystack_momo-vod-otp-send'));
    expect((await screen.findByRole('alert')).textContent).toBe('Type the code your network sent you: 3 to 12 letters or digits.');
    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(screen.getByTestId('rail-paystack_momo-vod-otp-send'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('That code was not accepted. Check it and type it again.'));
    expect(screen.getByTestId('rail-paystack_momo-vod-otp-prompt').textContent).toBe('Invalid voucher code');
    fireEvent.change(screen.getByTestId('rail-paystack_momo-vod-otp'), { target: { value: '483920' } });
    fireEvent.click(screen.getByTestId('rail-paystack_momo-vod-otp-send'));
    // Taken: the page says to approve on the phone, naming the wallet.
    expect((await screen.findByText('Check your phone', {}, { timeout: 15_000 })).textContent).toBe('Check your phone');
    expect(sent.filter((s) => s.url.endsWith('/otp')).map((s) => [s.url.replace(/^.*\/rails\//, ''), s.body])).toEqual([
      ['paystack_momo/ref-vod/otp', { otp: '111111' }],
      ['paystack_momo/ref-vod/otp', { otp: '483920' }],
    ]);
    expect(new URL(window.location.href).searchParams.get('network')).toBe('vod');
  }, 60_000);
});
