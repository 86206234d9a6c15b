import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearLocalData, db, saveRecord } from '../../data/db';
import { renderRoutes } from '../../ui/testing';
import SellPage from './SellPage';
import { counterWholeShillings } from './wholeShillings';

// h120: a counter sale's pay link (or mobile money) for KSh243.60 got no offer to round to whole shillings, which
// M-Pesa and Airtel Money need; the invoice editor and Finish had one (core's wholeShillingsDiscount).
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

async function shop(country: string, currency: string) {
  await clearLocalData();
  localStorage.setItem('user', JSON.stringify({ id: 'u', username: 'wanjiru', country, invoice_settings: JSON.stringify({ currency }) }));
  await saveRecord('fees', vat);
  await saveRecord('catalogs', { id: crypto.randomUUID(), name: 'Unga 2kg', unit_price: 21_000 });
}
afterEach(cleanup);

async function openPanel() {
  renderRoutes([{ path: '/sell', element: <SellPage /> }], '/sell');
  fireEvent.click(await screen.findByRole('button', { name: /^Unga 2kg, / }));
  expect((await screen.findByTestId('pay-cash')).textContent).toBe('Cash KSh243.60');
  fireEvent.click(screen.getByRole('button', { name: 'Other payment' }));
  return screen.findByRole('region', { name: 'Take payment' });
}

describe('Sell: whole shillings for a pay link or mobile money (Kenya)', () => {
  beforeEach(() => shop('Kenya', 'KES'));

  it('a pay link for KSh243.60 offers to round down to KSh243.00; the tap takes the cents off the price and the sale is owed KSh243.00', async () => {
    const panel = await openPanel();
    // Cash takes cents: no offer.
    expect(within(panel).queryByTestId('whole-shillings')).toBeNull();
    fireEvent.click(within(panel).getByRole('radio', { name: 'Pay link' }));
    const offer = await within(panel).findByTestId('whole-shillings');
    expect(within(offer).getByText('M-Pesa, Airtel Money: whole shillings only')).toBeTruthy();
    fireEvent.click(within(offer).getByRole('button', { name: 'Round down to KSh243.00' }));
    await waitFor(() => expect(within(panel).getByText(/^Take payment · KSh243(\.00)?$/)).toBeTruthy());
    expect(within(panel).queryByTestId('whole-shillings')).toBeNull();
    fireEvent.click(within(panel).getByTestId('pay-done'));
    await waitFor(async () => expect(await db.invoices.count()).toBe(1));
    const [sale] = await db.invoices.toArray();
    // The same rounding as the invoice editor's: 52 cents off the price, VAT on the lower price.
    expect(sale).toMatchObject({ kind: 'sale', discount_total: 52, total_due: 24_300, balance: 24_300 });
  });

  it("M-Pesa (a Kenyan shop's mobile money) offers it too; cash and transfer for the same total do not", async () => {
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('radio', { name: 'Transfer' }));
    expect(within(panel).queryByTestId('whole-shillings')).toBeNull();
    fireEvent.click(within(panel).getByRole('radio', { name: 'M-Pesa' }));
    expect(await within(panel).findByRole('button', { name: 'Round down to KSh243.00' })).toBeTruthy();
  });
});

describe('Sell: whole shillings for a pay link (Tanzania)', () => {
  beforeEach(() => shop('Tanzania', 'TZS'));

  it('a pay link for TSh 243.60 offers to round down to TSh 243, naming the wallets that need it', async () => {
    renderRoutes([{ path: '/sell', element: <SellPage /> }], '/sell');
    fireEvent.click(await screen.findByRole('button', { name: /^Unga 2kg, / }));
    fireEvent.click(await screen.findByRole('button', { name: 'Other payment' }));
    const panel = await screen.findByRole('region', { name: 'Take payment' });
    fireEvent.click(within(panel).getByRole('radio', { name: 'Pay link' }));
    const offer = await within(panel).findByTestId('whole-shillings');
    expect(within(offer).getByText('M-Pesa / Airtel Money / Mixx by Yas: whole shillings only')).toBeTruthy();
    fireEvent.click(within(offer).getByRole('button', { name: 'Round down to TSh 243.00' }));
    fireEvent.click(within(panel).getByTestId('pay-done'));
    await waitFor(async () => expect(await db.invoices.count()).toBe(1));
    const [sale] = await db.invoices.toArray();
    expect(sale).toMatchObject({ kind: 'sale', currency: 'TZS', discount_total: 52, total_due: 24_300, balance: 24_300 });
  });
});

describe('counterWholeShillings', () => {
  const item = { id: 'i', name: 'Unga 2kg', unit_price: 21_000 } as Parameters<typeof counterWholeShillings>[0][number]['item'];
  const cart = [{ id: 'l', item, quantity: 1 }];
  const opts = { fees: [vat], discount: null };
  it('rounds the part left to M-Pesa: cash taken as typed stays, the pay-link part comes out whole', () => {
    const offer = counterWholeShillings(
      cart,
      opts,
      [
        { method: 'cash', amount: 10_000 },
        { method: 'pay_link', amount: 14_360 },
      ],
      'KES',
    );
    expect(offer).toMatchObject({ balance: 14_360, discountBefore: 0, round: { balance: 14_300 } });
  });
  it('Tanzanian shillings too (their wallets take no cents either, t20 T1): TSh 243.60 by pay link rounds to TSh 243', () => {
    const offer = counterWholeShillings(cart, opts, [{ method: 'pay_link', amount: 24_360 }], 'TZS');
    expect(offer).toMatchObject({ currency: 'TZS', balance: 24_360, round: { balance: 24_300 } });
    expect(counterWholeShillings(cart, opts, [{ method: 'mobile_money', amount: 24_360 }], 'TZS')).toMatchObject({ round: { balance: 24_300 } });
    expect(counterWholeShillings(cart, opts, [{ method: 'cash', amount: 24_360 }], 'TZS')).toBeNull();
  });
  it('none for cash alone, another currency, or a whole total', () => {
    expect(counterWholeShillings(cart, opts, [{ method: 'cash', amount: 24_360 }], 'KES')).toBeNull();
    expect(counterWholeShillings(cart, opts, [{ method: 'pay_link', amount: 24_360 }], 'UGX')).toBeNull();
    expect(counterWholeShillings(cart, { fees: [], discount: null }, [{ method: 'pay_link', amount: 21_000 }], 'KES')).toBeNull();
  });
});
