import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../ui/testing';
import { publicPage } from '../../test/publicPage';
import { InvoiceLinkView } from '../invoices/components/InvoiceLinkView';

/** t18 U3 and Y1: a wallet that paid part can pay again without a reload; the opened form takes the focus. */
const rails = [
  { id: 'mtn_momo', name: 'MTN MoMo', kind: 'phone', test_mode: true, country: 'UG', networks: [] },
  { id: 'airtel_money', name: 'Airtel Money', kind: 'phone', test_mode: true, country: 'UG', networks: [] },
];
const unpaid = publicPage(
  { public_id: 'pubU3', number: 'INV-0004', currency: 'UGX', business: 'Nakato Stores', client: 'Okello', line: 'Sugar', amount: 59_000 },
  { rails, part_payments: { allowed: true, min: 1 } },
);
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('paying again with the same wallet (t18 U3)', () => {
  it('after a part payment by MTN MoMo its button is back for what is left, and the phone field had the focus', async () => {
    let paid = false;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const u = String(url);
      if (init?.method === 'POST' && u.endsWith('/rails/mtn_momo'))
        return json({ reference: 'r1', amount: 20_000, currency: 'UGX', redirect_url: null, test_phone_url: '/test-phone/r1' });
      if (u.includes('/rails/mtn_momo/')) {
        paid = true;
        return json({ status: 'paid', message: null, balance: 39_000, operator_id: 'TEST6335AE2229', amount: 20_000, currency: 'UGX' });
      }
      return json(
        paid
          ? {
              ...unpaid,
              status: 'partially_paid',
              display_status: 'partially_paid',
              amount_paid: 20_000,
              balance: 39_000,
              payments: [{ amount: 20_000, method: 'mobile_money', date: '2026-11-27', id: 'p1', receipt: 'RCT-P1' }],
            }
          : unpaid,
      );
    });
    renderUi(<InvoiceLinkView id="pubU3" onPaid={() => undefined} customerLanguage />);
    fireEvent.change(await screen.findByTestId('pay-amount', {}, { timeout: 15_000 }), { target: { value: '20,000' } });
    const open = await screen.findByTestId('rail-mtn_momo-open');
    await waitFor(() => expect(open.textContent).toContain('USh20,000'));
    open.focus();
    fireEvent.click(open);
    const field = await screen.findByTestId('rail-mtn_momo-phone', {}, { timeout: 15_000 });
    // Y1: the form that opened has the focus (not the page body).
    await waitFor(() => expect(document.activeElement).toBe(field));
    fireEvent.change(field, { target: { value: '0772 123 456' } });
    fireEvent.click(screen.getByTestId('rail-mtn_momo-send'));
    // Paid 20,000: the receipt line, the new balance, and MTN MoMo offered again for the 39,000 left.
    await waitFor(() => expect(screen.getByTestId('public-balance').textContent).toBe('USh39,000'), { timeout: 15_000 });
    const again = await screen.findByTestId('rail-mtn_momo-open', {}, { timeout: 15_000 });
    await waitFor(() => expect(again.textContent).toContain('USh39,000'));
    expect(screen.getByTestId('rail-airtel_money-open').textContent).toContain('USh39,000');
  }, 45_000);
});
