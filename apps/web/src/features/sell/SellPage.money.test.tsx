import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearLocalData, saveRecord } from '../../data/db';
import { renderRoutes } from '../../ui/testing';
import SellPage from './SellPage';
import { counterShowsMinor } from './sale';

// t17 K3: the Sell list read "KSh60", "KSh210" before the first tap and "KSh60.00", "KSh210.00" after it.
const vat = {
  id: 'vat',
  name: 'VAT',
  kind: 'tax' as const,
  calculation: 'percentage' as const,
  percentage_bps: 1600,
  amount: 0,
  inclusive: false,
  default_on: true,
};
const prices = () => screen.getAllByTestId('sell-item').map((el) => within(el).getByText(/KSh/).textContent);

async function shop(inclusive: boolean) {
  await clearLocalData();
  localStorage.setItem('user', JSON.stringify({ id: 'u', username: 'wanjiru', country: 'Kenya', invoice_settings: JSON.stringify({ currency: 'KES' }) }));
  await saveRecord('fees', { ...vat, inclusive });
  await saveRecord('catalogs', { id: crypto.randomUUID(), name: 'Milk 500ml', unit_price: 6_000 });
  await saveRecord('catalogs', { id: crypto.randomUUID(), name: 'Unga 2kg', unit_price: 21_000 });
}
afterEach(cleanup);

describe('Sell: one format of amounts before and after the first tap (t17 K3)', () => {
  beforeEach(() => shop(false));

  it('VAT on top makes KSh243.60 of Unga: the list reads KSh60.00 and KSh210.00 from the start, and still after a tap', async () => {
    renderRoutes([{ path: '/sell', element: <SellPage /> }], '/sell');
    await screen.findByRole('button', { name: /^Unga 2kg, / });
    await waitFor(() => expect(prices()).toEqual(['KSh60.00', 'KSh210.00']));
    fireEvent.click(screen.getByRole('button', { name: /^Unga 2kg, / }));
    expect((await screen.findByTestId('pay-cash')).textContent).toBe('Cash KSh243.60');
    expect(prices()).toEqual(['KSh60.00', 'KSh210.00']);
    expect(screen.getByTestId('line-amount').textContent).toBe('KSh210.00');
    // What the Cash button adds to the shelf price is shown before the charge (t18 T2).
    expect(screen.getByTestId('cart-taxes-added').textContent).toBe('VATKSh33.60');
  });

  it('VAT inside the prices: whole shillings everywhere, before and after a tap', async () => {
    await shop(true);
    renderRoutes([{ path: '/sell', element: <SellPage /> }], '/sell');
    await screen.findByRole('button', { name: /^Unga 2kg, / });
    expect(prices()).toEqual(['KSh60', 'KSh210']);
    fireEvent.click(screen.getByRole('button', { name: /^Unga 2kg, / }));
    expect((await screen.findByTestId('pay-cash')).textContent).toBe('Cash KSh210');
    // Nothing is added to the shelf price: no tax row before the charge (the receipt shows the VAT inside).
    expect(screen.queryByTestId('cart-taxes-added')).toBeNull();
    expect(prices()).toEqual(['KSh60', 'KSh210']);
  });
});

describe('counterShowsMinor', () => {
  const item = { id: 'i', name: 'Sugar', unit_price: 10_000 } as Parameters<typeof counterShowsMinor>[0][number];
  const fees = [{ ...vat, inclusive: false }] as Parameters<typeof counterShowsMinor>[2]['fees'];
  it('reads what one of each item comes to with the taxes, and the cart', () => {
    // KSh100 + 16% = KSh116: whole.
    expect(counterShowsMinor([item], [], { fees, discount: null }, 'KES')).toBe(false);
    // KSh101 + 16% = KSh117.16.
    expect(counterShowsMinor([{ ...item, unit_price: 10_100 }], [], { fees, discount: null }, 'KES')).toBe(true);
    // 1.5 × KSh101 in the cart, no tax.
    expect(counterShowsMinor([], [{ id: 'l', item: { ...item, unit_price: 10_100 }, quantity: 1.5 }], { fees: [], discount: null }, 'KES')).toBe(true);
    expect(counterShowsMinor([{ ...item, unit_price: 10_100 }], [], { fees, discount: null }, 'UGX')).toBe(false);
  });
});
