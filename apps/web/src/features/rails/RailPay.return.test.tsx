import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../ui/testing';
import { InvoiceLinkView } from '../invoices/components/InvoiceLinkView';

/**
 * Issue 25: a rail's button is drawn with the page and its form loads when tapped; back from Flutterwave's hosted
 * checkout, the page sends the transaction_id Flutterwave put on the return URL with its first status call, at once.
 */
const invoice = {
  public_id: 'pubNG',
  kind: 'invoice',
  number: 'INV-0025',
  status: 'sent',
  display_status: 'sent',
  issue_date: '2026-11-20',
  due_date: '2026-12-20',
  currency: 'NGN',
  business: { name: 'Adaeze Stores', logo_url: null, email: null, address: null, phone: null, tax_id: null, registration_number: null },
  client: { name: 'Chioma', email: null, phone: null, address: null },
  lines: [{ description: 'Rice 50kg', quantity: 1, unit_price: 8_500_000, amount: 8_500_000 }],
  fees: [],
  subtotal: 8_500_000,
  discount_total: 0,
  tax_total: 0,
  total_due: 8_500_000,
  amount_paid: 0,
  balance: 8_500_000,
  notes: '',
  terms: '',
  payment_instructions: '',
  payments: [],
  pay_provider: null,
  rails: [
    { id: 'flutterwave_checkout', name: 'Flutterwave', kind: 'checkout', test_mode: false, country: 'NG', networks: [] },
    { id: 'airtel_money', name: 'Airtel Money', kind: 'phone', test_mode: true, country: 'NG', networks: [] },
  ],
};
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('rails on the public page', () => {
  it('draws each rail as a button; a tap opens its form', async () => {
    vi.stubGlobal('fetch', async () => json(invoice));
    renderUi(<InvoiceLinkView id="pubNG" onPaid={() => undefined} customerLanguage />);
    const airtel = await screen.findByTestId('rail-airtel_money-open', {}, { timeout: 15_000 });
    expect(airtel.textContent).toContain('with Airtel Money');
    expect(screen.queryByTestId('rail-airtel_money-phone')).toBeNull();
    fireEvent.click(airtel);
    await screen.findByTestId('rail-airtel_money-phone', {}, { timeout: 15_000 });
  }, 45_000);

  it("back from Flutterwave's checkout, the first status call carries its transaction_id and the page shows Paid", async () => {
    window.history.replaceState(
      null,
      '',
      '/invoice/link/pubNG?rail=flutterwave_checkout&reference=ref-1&status=successful&tx_ref=ref-1&transaction_id=4000123',
    );
    const statusCalls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      const u = String(url);
      if (u.includes('/rails/flutterwave_checkout/ref-1')) {
        statusCalls.push(u);
        return json({ status: 'paid', message: null, balance: 0, operator_id: 'FLW-MOCK-4000123', amount: 100_000, currency: 'NGN' });
      }
      return json(invoice);
    });
    renderUi(<InvoiceLinkView id="pubNG" onPaid={() => undefined} customerLanguage />);
    await screen.findByTestId('rail-receipt', {}, { timeout: 15_000 });
    expect(statusCalls[0]).toMatch(/\/invoices\/link\/pubNG\/rails\/flutterwave_checkout\/ref-1\?transaction_id=4000123$/);
    expect(screen.getByTestId('rail-receipt').textContent).toContain('Transaction id: FLW-MOCK-4000123');
  }, 45_000);

  it('back from a cancelled Flutterwave checkout, the page says cancelled at once and offers Try again; the server still decides', async () => {
    window.history.replaceState(null, '', '/invoice/link/pubNG?rail=flutterwave_checkout&reference=ref-2&status=cancelled&tx_ref=ref-2');
    const statusCalls: string[] = [];
    let serverSays: 'pending' | 'paid' = 'pending';
    vi.stubGlobal('fetch', async (url: string) => {
      const u = String(url);
      if (u.includes('/rails/flutterwave_checkout/ref-2')) {
        statusCalls.push(u);
        return json({
          status: serverSays,
          message: null,
          balance: serverSays === 'paid' ? 0 : 8_500_000,
          operator_id: serverSays === 'paid' ? 'FLW-LATE-1' : null,
          amount: 8_500_000,
          currency: 'NGN',
        });
      }
      return json(invoice);
    });
    renderUi(<InvoiceLinkView id="pubNG" onPaid={() => undefined} customerLanguage />);
    const result = await screen.findByTestId('rail-flutterwave_checkout-result', {}, { timeout: 15_000 });
    expect(result.textContent).toContain('The Flutterwave payment was cancelled. You can try again.');
    expect(screen.getByTestId('rail-flutterwave_checkout-retry').textContent).toBe('Try again');
    expect(screen.queryByTestId('rail-flutterwave_checkout-waiting')).toBeNull();
    // The URL's word is not the last: the page keeps asking the server, and only the server can say "paid".
    await waitFor(() => expect(statusCalls.length).toBeGreaterThan(0), { timeout: 15_000 });
    expect(screen.queryByTestId('rail-receipt')).toBeNull();
    serverSays = 'paid';
    await screen.findByTestId('rail-receipt', {}, { timeout: 15_000 });
    expect(screen.getByTestId('rail-receipt').textContent).toContain('Transaction id: FLW-LATE-1');
  }, 45_000);

  it('a Flutterwave checkout that timed out says the checkout was not finished, not "phone on and unlocked" (t19 N1)', async () => {
    window.history.replaceState(null, '', '/invoice/link/pubNG?rail=flutterwave_checkout&reference=ref-3&tx_ref=ref-3');
    vi.stubGlobal('fetch', async (url: string) => {
      if (String(url).includes('/rails/flutterwave_checkout/ref-3'))
        return json({ status: 'timed_out', message: null, balance: 8_500_000, operator_id: null, amount: 8_500_000, currency: 'NGN' });
      return json(invoice);
    });
    renderUi(<InvoiceLinkView id="pubNG" onPaid={() => undefined} customerLanguage />);
    const result = await screen.findByTestId('rail-flutterwave_checkout-result', {}, { timeout: 15_000 });
    expect(result.textContent).toBe('The Flutterwave checkout was not finished in time, so nothing was paid. You can try again.Try again');
  }, 45_000);

  it("a tap on a hosted checkout's button loads no phone field (issue 25: the page's size after the tap)", async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const u = String(url);
      if (u.endsWith('/rails/flutterwave_checkout') && init?.method === 'POST') {
        asked.push(u);
        return new Response(JSON.stringify({ error: { code: 'bad_gateway', message: 'Flutterwave could not open its checkout: HTTP 503' } }), {
          status: 502,
          headers: { 'content-type': 'application/json' },
        });
      }
      return json(invoice);
    });
    renderUi(<InvoiceLinkView id="pubNG" onPaid={() => undefined} customerLanguage />);
    fireEvent.click(await screen.findByTestId('rail-flutterwave_checkout-open', {}, { timeout: 15_000 }));
    await screen.findByText(/Flutterwave could not open its checkout/, {}, { timeout: 15_000 });
    expect(asked).toHaveLength(1);
    expect(screen.getByTestId('rail-flutterwave_checkout-send').textContent).toBe('Continue to Flutterwave');
    expect(screen.queryByTestId('rail-flutterwave_checkout-phone')).toBeNull();
  }, 45_000);

  it.each([
    [false, 'rail-mpesa-phone'],
    [true, 'mpesa-phone'],
  ])(
    'Kenya: M-Pesa on Daraja %s opens %s at once, with no question to the server first',
    async (daraja, field) => {
      const kes = {
        ...invoice,
        public_id: 'pubKE',
        currency: 'KES',
        rails: [{ id: 'mpesa', name: 'M-Pesa', kind: 'phone', test_mode: !daraja, country: 'KE', networks: [], ...(daraja ? { daraja: true } : {}) }],
      };
      const asked: string[] = [];
      vi.stubGlobal('fetch', async (url: string) => {
        asked.push(String(url));
        return json(kes);
      });
      renderUi(<InvoiceLinkView id="pubKE" onPaid={() => undefined} customerLanguage />);
      fireEvent.click(await screen.findByTestId('rail-mpesa-open', {}, { timeout: 15_000 }));
      await screen.findByTestId(field, {}, { timeout: 15_000 });
      // Only the form it needs: without Daraja, M-Pesa's own form (and its GET …/mpesa check) never loads.
      expect(asked.filter((u) => /\/mpesa$/.test(u))).toEqual([]);
      expect(screen.queryByTestId(daraja ? 'rail-mpesa-phone' : 'mpesa-phone')).toBeNull();
    },
    45_000,
  );
});
