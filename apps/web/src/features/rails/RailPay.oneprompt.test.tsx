import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../ui/testing';
import { InvoiceLinkView } from '../invoices/components/InvoiceLinkView';

/** Issue 25 (t25 D1): one prompt per invoice. A double tap sends one request; while it waits, the other ways to pay wait. */
const invoice = {
  public_id: 'pubUG',
  kind: 'invoice',
  number: 'INV-0002',
  status: 'sent',
  display_status: 'sent',
  issue_date: '2026-11-20',
  due_date: '2026-12-20',
  currency: 'UGX',
  business: { name: 'Nakato Stores', logo_url: null, email: null, address: null, phone: null, tax_id: null, registration_number: null },
  client: { name: 'Okello', email: null, phone: null, address: null },
  lines: [{ description: 'Sugar', quantity: 1, unit_price: 100_000, amount: 100_000 }],
  fees: [],
  subtotal: 100_000,
  discount_total: 0,
  tax_total: 0,
  total_due: 100_000,
  amount_paid: 0,
  balance: 100_000,
  notes: '',
  terms: '',
  payment_instructions: '',
  payments: [],
  pay_provider: 'test-pay',
  rails: [
    { id: 'mtn_momo', name: 'MTN MoMo', kind: 'phone', test_mode: true, country: 'UG', networks: [] },
    { id: 'airtel_money', name: 'Airtel Money', kind: 'phone', test_mode: true, country: 'UG', networks: [] },
  ],
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // A started prompt is kept in the address (?rail=…&reference=…, so a reload comes back to it): each test starts clean.
  window.history.replaceState(null, '', '/');
});

describe('one prompt per invoice on the pay page', () => {
  it('a double tap on Send sends one prompt; while it waits, the other rails and the card are disabled', async () => {
    const starts: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const u = String(url);
      if (init?.method === 'POST' && u.endsWith('/rails/mtn_momo')) {
        starts.push(u);
        return json({ reference: `r${starts.length}`, amount: 100_000, currency: 'UGX', redirect_url: null, test_phone_url: '/test-phone/r1' });
      }
      if (u.includes('/rails/mtn_momo/'))
        return json({ status: 'pending', message: null, balance: 100_000, operator_id: null, amount: 100_000, currency: 'UGX' });
      return json(invoice);
    });
    renderUi(<InvoiceLinkView id="pubUG" onPaid={() => undefined} customerLanguage />);
    fireEvent.click(await screen.findByTestId('rail-mtn_momo-open', {}, { timeout: 15_000 }));
    fireEvent.change(await screen.findByTestId('rail-mtn_momo-phone', {}, { timeout: 15_000 }), { target: { value: '0772 000 222' } });
    const send = screen.getByTestId('rail-mtn_momo-send');
    fireEvent.click(send);
    fireEvent.click(send);
    await screen.findByTestId('rail-mtn_momo-waiting', {}, { timeout: 15_000 });
    expect(starts).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('rail-airtel_money-open')).toHaveProperty('disabled', true));
    expect(screen.getByTestId('public-pay-card')).toHaveProperty('disabled', true);
  }, 45_000);

  it('the waiting text names the wallet picked, and the test phone opens in the page language (t25 D6/D7)', async () => {
    const gh = {
      ...invoice,
      currency: 'GHS',
      pay_provider: null,
      rails: [
        {
          id: 'flutterwave',
          name: 'Telecel Cash / AirtelTigo Money / MTN MoMo',
          kind: 'phone',
          test_mode: true,
          country: 'GH',
          networks: [
            { code: 'VODAFONE', name: 'Telecel Cash' },
            { code: 'TIGO', name: 'AirtelTigo Money' },
            { code: 'MTN', name: 'MTN MoMo' },
          ],
        },
      ],
    };
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const u = String(url);
      if (init?.method === 'POST') return json({ reference: 'g1', amount: 100_000, currency: 'GHS', redirect_url: null, test_phone_url: '/test-phone/g1' });
      if (u.includes('/rails/flutterwave/'))
        return json({ status: 'pending', message: null, balance: 100_000, operator_id: null, amount: 100_000, currency: 'UGX' });
      return json(gh);
    });
    renderUi(<InvoiceLinkView id="pubUG" onPaid={() => undefined} customerLanguage />);
    fireEvent.click(await screen.findByTestId('rail-flutterwave-open', {}, { timeout: 15_000 }));
    fireEvent.change(await screen.findByTestId('rail-flutterwave-phone', {}, { timeout: 15_000 }), { target: { value: '024 123 4567' } });
    fireEvent.change(screen.getByTestId('rail-flutterwave-network'), { target: { value: 'VODAFONE' } });
    fireEvent.click(screen.getByTestId('rail-flutterwave-send'));
    const waiting = await screen.findByTestId('rail-flutterwave-waiting', {}, { timeout: 15_000 });
    // Its text loads with the phone field's file: waited for, not read at once.
    await waitFor(() => expect(waiting.textContent).toContain('Approve the Telecel Cash prompt on your phone'), { timeout: 15_000 });
    expect((await screen.findByTestId('rail-flutterwave-test-phone', {}, { timeout: 15_000 })).getAttribute('href')).toBe('/test-phone/g1?lang=en');
  }, 45_000);

  it.each([
    ['GHS', 'GH', 'flutterwave', 'Telecel Cash / AirtelTigo Money / MTN MoMo', 'VODAFONE', 'Telecel Cash', '024 123 4567'],
    ['USD', 'ZW', 'paynow', 'Paynow', 'ecocash', 'EcoCash', '077 212 3456'],
  ])(
    'paid in %s (%s): the receipt line names the wallet picked, not the rail',
    async (currency, country, id, railName, code, wallet, phone) => {
      const networks =
        id === 'paynow'
          ? [
              { code: 'ecocash', name: 'EcoCash' },
              { code: 'onemoney', name: 'OneMoney' },
            ]
          : [
              { code: 'VODAFONE', name: 'Telecel Cash' },
              { code: 'TIGO', name: 'AirtelTigo Money' },
              { code: 'MTN', name: 'MTN MoMo' },
            ];
      const page = { ...invoice, currency, pay_provider: null, rails: [{ id, name: railName, kind: 'phone', test_mode: true, country, networks }] };
      let paid = false;
      vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
        const u = String(url);
        if (init?.method === 'POST' && u.endsWith(`/rails/${id}`))
          return json({ reference: 'w1', amount: 100_000, currency, redirect_url: null, test_phone_url: null });
        if (u.includes(`/rails/${id}/`))
          return json(
            paid
              ? { status: 'paid', message: null, balance: 0, operator_id: 'TEST0A1B2C3D4E', amount: 100_000, currency: 'UGX' }
              : { status: 'pending', message: null, balance: 100_000, operator_id: null, amount: 100_000, currency: 'UGX' },
          );
        return json(page);
      });
      renderUi(<InvoiceLinkView id="pubUG" onPaid={() => undefined} customerLanguage />);
      fireEvent.click(await screen.findByTestId(`rail-${id}-open`, {}, { timeout: 15_000 }));
      fireEvent.change(await screen.findByTestId(`rail-${id}-phone`, {}, { timeout: 15_000 }), { target: { value: phone } });
      fireEvent.change(screen.getByTestId(`rail-${id}-network`), { target: { value: code } });
      fireEvent.click(screen.getByTestId(`rail-${id}-send`));
      await screen.findByTestId(`rail-${id}-waiting`, {}, { timeout: 15_000 });
      paid = true;
      const receipt = await screen.findByTestId('rail-receipt', {}, { timeout: 15_000 });
      expect(receipt.textContent).toMatch(new RegExp(`^Paid .+ with ${wallet}\\. Transaction id: TEST0A1B2C3D4E$`));
      // Paid in full: the line leads on to the thank-you page, which says it was TEST MODE (t16).
      expect(screen.getByTestId('rail-thank-you').getAttribute('href')).toMatch(/^\/thank-you\?invoice=pubUG.*&test=1$/);
    },
    45_000,
  );

  it('a part payment says what is left, never a bare "Paid"; another waiting prompt is said from its code (t14 D1, D2b)', async () => {
    const page = {
      ...invoice,
      currency: 'UGX',
      pay_provider: null,
      rails: [{ id: 'mtn_momo', name: 'MTN MoMo', kind: 'phone', test_mode: true, country: 'UG', networks: [] }],
    };
    let busy = true;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const u = String(url);
      if (init?.method === 'POST' && busy) {
        busy = false;
        return json({ error: { code: 'conflict', message: 'English from the server', fields: { waiting_on: '077…456' } } }, 409);
      }
      if (init?.method === 'POST') return json({ reference: 'p1', amount: 100_000, currency: 'UGX', redirect_url: null, test_phone_url: null });
      if (u.includes('/rails/mtn_momo/'))
        return json({ status: 'paid', message: null, balance: 50_000, operator_id: 'TEST1', amount: 100_000, currency: 'UGX' });
      return json(page);
    });
    renderUi(<InvoiceLinkView id="pubUG" onPaid={() => undefined} customerLanguage />);
    fireEvent.click(await screen.findByTestId('rail-mtn_momo-open', {}, { timeout: 15_000 }));
    fireEvent.change(await screen.findByTestId('rail-mtn_momo-phone', {}, { timeout: 15_000 }), { target: { value: '0772 123 456' } });
    fireEvent.click(screen.getByTestId('rail-mtn_momo-send'));
    await screen.findByText('A prompt already waits on 077…456: answer it, or wait until it expires.', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByTestId('rail-mtn_momo-send'));
    // One paid line (t16 F2): this payment, its transaction id and what it left.
    const receipt = await screen.findByTestId('rail-receipt', {}, { timeout: 15_000 });
    expect(receipt.textContent).toBe('Paid USh100,000 with MTN MoMo. Transaction id: TEST1 Still to pay: USh50,000.');
    // Something is left: the page stays for the next payment, no way on to the thank-you page yet.
    expect(screen.queryByTestId('rail-thank-you')).toBeNull();
    expect(screen.queryByTestId('rail-mtn_momo-result')).toBeNull();
  }, 45_000);

  it("another payer's waiting prompt is said without any number (t17 A6)", async () => {
    const page = {
      ...invoice,
      currency: 'UGX',
      pay_provider: null,
      rails: [{ id: 'mtn_momo', name: 'MTN MoMo', kind: 'phone', test_mode: true, country: 'UG', networks: [] }],
    };
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) =>
      init?.method === 'POST' ? json({ error: { code: 'conflict', message: 'English from the server', fields: { prompt: 'waiting' } } }, 409) : json(page),
    );
    renderUi(<InvoiceLinkView id="pubUG" onPaid={() => undefined} customerLanguage />);
    fireEvent.click(await screen.findByTestId('rail-mtn_momo-open', {}, { timeout: 15_000 }));
    fireEvent.change(await screen.findByTestId('rail-mtn_momo-phone', {}, { timeout: 15_000 }), { target: { value: '0752 123 456' } });
    fireEvent.click(screen.getByTestId('rail-mtn_momo-send'));
    await screen.findByText(
      'A payment prompt for this invoice already waits on the phone that asked for it. Wait until it is answered or expires (about 2 minutes), then try again.',
      {},
      { timeout: 15_000 },
    );
    expect(document.body.textContent).not.toContain('English from the server');
  }, 45_000);

  it('fr: a prompt that expired names the network picked (Orange Money), not both (t16)', async () => {
    const cm = {
      ...invoice,
      currency: 'XAF',
      language: 'fr',
      pay_provider: null,
      rails: [
        {
          id: 'flutterwave',
          name: 'MTN MoMo / Orange Money',
          kind: 'phone',
          test_mode: true,
          country: 'CM',
          networks: [
            { code: 'MTN', name: 'MTN MoMo' },
            { code: 'ORANGE', name: 'Orange Money' },
          ],
        },
      ],
    };
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const u = String(url);
      if (init?.method === 'POST') return json({ reference: 'c1', amount: 100_000, currency: 'XAF', redirect_url: null, test_phone_url: null });
      if (u.includes('/rails/flutterwave/'))
        return json({
          status: 'timed_out',
          message: 'Nobody answered the prompt in time.',
          balance: 100_000,
          operator_id: null,
          amount: 100_000,
          currency: 'XAF',
        });
      return json(cm);
    });
    renderUi(<InvoiceLinkView id="pubUG" onPaid={() => undefined} customerLanguage />);
    fireEvent.click(await screen.findByTestId('rail-flutterwave-open', {}, { timeout: 15_000 }));
    fireEvent.change(await screen.findByTestId('rail-flutterwave-phone', {}, { timeout: 15_000 }), { target: { value: '6 71 23 45 67' } });
    fireEvent.change(screen.getByTestId('rail-flutterwave-network'), { target: { value: 'ORANGE' } });
    fireEvent.click(screen.getByTestId('rail-flutterwave-send'));
    const result = await screen.findByTestId('rail-flutterwave-result', {}, { timeout: 15_000 });
    expect(result.textContent).toContain('La demande Orange Money a expiré.');
    expect(result.textContent).not.toContain('MTN MoMo');
  }, 45_000);
});
