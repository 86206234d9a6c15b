import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../ui/testing';
import { PaystackPay } from './PaystackPay';

const quote = {
  provider: 'paystack',
  public_id: 'pub1',
  number: 'INV-0007',
  currency: 'NGN',
  amount: 1_000_000,
  fee: 25_381,
  total: 1_025_381,
  channels: ['card', 'ussd'],
  customer_pays_fee: true,
  test_mode: false,
};

function mockFetch(answers: Record<string, { status: number; body: unknown }>) {
  const calls: Array<{ url: string; method: string }> = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method });
    const a = answers[`${method} ${url}`] ?? { status: 404, body: { error: { code: 'not_found', message: 'nope' } } };
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PaystackPay', () => {
  it('shows the fee as its own line and the channels, then opens the checkout', async () => {
    const calls = mockFetch({
      'GET /api/pay/pub1/checkout': { status: 200, body: quote },
      'POST /api/pay/pub1/checkout': { status: 200, body: { ...quote, authorization_url: 'https://checkout.paystack.com/abc', reference: 'duka_x' } },
    });
    const opened: string[] = [];
    renderUi(<PaystackPay publicId="pub1" onOpen={(u) => opened.push(u)} />);
    expect(await screen.findByText('Processing fee')).toBeTruthy();
    expect(screen.getByTestId('paystack-fee').textContent).toBe('₦253.81');
    expect(screen.getByText('Pay by: Card · USSD')).toBeTruthy();
    // SPEC modal 6 'Pay {balance}': the button names what the customer pays (issue 23 item 9).
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₦10,253.81' }));
    await waitFor(() => expect(opened).toEqual(['https://checkout.paystack.com/abc']));
    expect(calls.map((c) => c.method)).toEqual(['GET', 'POST']);
  });

  it('shows no fee line when the owner bears it, and the server message when checkout is refused', async () => {
    mockFetch({
      'GET /api/pay/pub1/checkout': { status: 200, body: { ...quote, fee: 0, total: 1_000_000, customer_pays_fee: false } },
      'POST /api/pay/pub1/checkout': { status: 502, body: { error: { code: 'bad_gateway', message: 'Paystack could not be reached. Please try again.' } } },
    });
    renderUi(<PaystackPay publicId="pub1" onOpen={() => undefined} />);
    const button = await screen.findByRole('button', { name: /^Pay ₦10,000(\.00)?$/ });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText('Processing fee')).toBeNull();
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe('Paystack could not be reached. Please try again.');
  });
});
