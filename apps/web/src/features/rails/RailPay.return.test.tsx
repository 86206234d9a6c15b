import { cleanup, fireEvent, screen } from '@testing-library/react';
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
        return json({ status: 'paid', message: null, balance: 0, operator_id: 'FLW-MOCK-4000123' });
      }
      return json(invoice);
    });
    renderUi(<InvoiceLinkView id="pubNG" onPaid={() => undefined} customerLanguage />);
    await screen.findByTestId('rail-receipt', {}, { timeout: 15_000 });
    expect(statusCalls[0]).toMatch(/\/invoices\/link\/pubNG\/rails\/flutterwave_checkout\/ref-1\?transaction_id=4000123$/);
    expect(screen.getByTestId('rail-receipt').textContent).toContain('Transaction id: FLW-MOCK-4000123');
  }, 45_000);
});
