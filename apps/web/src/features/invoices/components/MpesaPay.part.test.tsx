import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../ui/testing';
import { publicPage } from '../../../test/publicPage';
import { InvoiceLinkView } from './InvoiceLinkView';

/**
 * M-Pesa on Daraja after a part payment behaves as every other rail does (t18 U3): the page stays, says what was paid
 * with the M-Pesa receipt number and what is left, and M-Pesa's button comes back for the rest. Paid in full, it goes on
 * to the thank-you page as before.
 */
const rails = [{ id: 'mpesa', name: 'M-Pesa', kind: 'phone', test_mode: false, country: 'KE', networks: [], daraja: true }];
const unpaid = publicPage(
  { public_id: 'pubKEpart', number: 'INV-0031', currency: 'KES', business: 'Wanjiku Hardware', client: 'Otieno', line: 'Cement', amount: 350_000 },
  { rails, part_payments: { allowed: true, min: 50_000 } },
);
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** A Daraja stand-in: the prompt is approved for `taken` of the balance on the first poll. */
function serve(taken: number) {
  let paid = false;
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const u = String(url);
    if (init?.method === 'POST' && u.endsWith('/mpesa')) {
      sent.push(JSON.parse(String(init.body)));
      return json({ checkout_request_id: 'ws_CO_1', amount: taken, currency: 'KES' });
    }
    if (u.includes('/mpesa/ws_CO_1')) {
      paid = true;
      return json({ status: 'paid', message: null, balance: 350_000 - taken, operator_id: 'NLJ7RT61SV', amount: taken, currency: 'KES' });
    }
    if (u.endsWith('/mpesa')) return json({ available: true, reason: null });
    const left = 350_000 - taken;
    return json(
      paid
        ? {
            ...unpaid,
            status: left ? 'partially_paid' : 'paid',
            display_status: left ? 'partially_paid' : 'paid',
            amount_paid: taken,
            balance: left,
            rails: left ? rails : [],
            payments: [{ amount: taken, method: 'mobile_money', date: '2026-11-27', id: 'p1', receipt: 'RCT-P1' }],
          }
        : unpaid,
    );
  });
  return sent;
}

async function payByMpesa(amount?: string) {
  if (amount) fireEvent.change(await screen.findByTestId('pay-amount', {}, { timeout: 15_000 }), { target: { value: amount } });
  fireEvent.click(await screen.findByTestId('rail-mpesa-open', {}, { timeout: 15_000 }));
  fireEvent.change(await screen.findByTestId('mpesa-phone', {}, { timeout: 15_000 }), { target: { value: '0712 345 678' } });
  fireEvent.click(screen.getByTestId('mpesa-send'));
}

describe('M-Pesa on Daraja after a payment', () => {
  it('a part: the page stays with the new balance, the receipt line and M-Pesa offered again for what is left', async () => {
    const sent = serve(100_000);
    const onPaid = vi.fn();
    renderUi(<InvoiceLinkView id="pubKEpart" onPaid={onPaid} customerLanguage />);
    await payByMpesa('1,000');
    await waitFor(() => expect(screen.getByTestId('public-balance').textContent).toMatch(/2,500/), { timeout: 15_000 });
    expect(sent).toEqual([{ phone: '0712 345 678', amount: 100_000 }]);
    const receipt = await screen.findByTestId('rail-receipt', {}, { timeout: 15_000 });
    expect(receipt.textContent).toMatch(/Paid KSh\s?1,000 with M-Pesa\. Transaction id: NLJ7RT61SV Still to pay: KSh\s?2,500\./);
    const again = await screen.findByTestId('rail-mpesa-open', {}, { timeout: 15_000 });
    await waitFor(() => expect(again.textContent).toMatch(/2,500/));
    expect(screen.queryByTestId('rail-thank-you')).toBeNull();
    // The prompt is no longer kept in the address: a reload shows the button, not the finished prompt.
    expect(window.location.search).not.toMatch(/reference=/);
    expect(onPaid).not.toHaveBeenCalled();
  }, 45_000);

  it('in full: on to the thank-you page, as before', async () => {
    serve(350_000);
    const onPaid = vi.fn();
    renderUi(<InvoiceLinkView id="pubKEpart" onPaid={onPaid} customerLanguage />);
    await payByMpesa();
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(expect.stringMatching(/^\/thank-you\?invoice=pubKEpart/)), { timeout: 15_000 });
  }, 45_000);
});
