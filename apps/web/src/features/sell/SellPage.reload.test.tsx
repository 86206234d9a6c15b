import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearLocalData, saveRecord } from '../../data/db';
import { listDrafts, removeDraft, writeDraft } from '../../ui/drafts/store';
import { renderRoutes } from '../../ui/testing';
import SellPage from './SellPage';

const AMA = { id: 'u-ama', username: 'ama', country: 'Kenya', invoice_settings: JSON.stringify({ currency: 'KES' }) };
const KOFI = { ...AMA, id: 'u-kofi', username: 'kofi' };
const signIn = (user: typeof AMA) => localStorage.setItem('user', JSON.stringify(user));

const PAINT = crypto.randomUUID();

beforeAll(async () => {
  await clearLocalData();
  signIn(AMA);
  await saveRecord('catalogs', { id: crypto.randomUUID(), name: 'Cement 50kg', unit_price: 85_000 });
  await saveRecord('catalogs', { id: PAINT, name: 'Paint 4L', unit_price: 235_050 });
});
afterEach(() => cleanup());

const open = () =>
  renderRoutes(
    [
      {
        path: '/sell',
        element: (
          <QueryClientProvider client={new QueryClient()}>
            <SellPage />
          </QueryClientProvider>
        ),
      },
    ],
    '/sell',
  );
const cashText = async () => (await screen.findByTestId('pay-cash')).textContent;

describe('Sell: the cart survives a reload (t24 F2)', () => {
  it('keeps the cart per user across a reload; another account on the device does not see it; a sale clears it', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: /^Cement 50kg, / }));
    fireEvent.click(await screen.findByRole('button', { name: /^Cement 50kg, / }));
    fireEvent.click(await screen.findByRole('button', { name: /^Paint 4L, / }));
    await waitFor(async () => expect(await cashText()).toMatch(/4,050\.50$/));
    expect(listDrafts()).toEqual(['sell']);

    // Reload: the page mounts again from what the device kept.
    cleanup();
    open();
    expect(await cashText()).toMatch(/4,050\.50$/);
    expect(screen.getAllByTestId('cart-line')).toHaveLength(2);

    // Another account on the same device starts with an empty cart.
    cleanup();
    signIn(KOFI);
    open();
    await screen.findByRole('button', { name: /^Cement 50kg, / });
    expect(screen.queryByTestId('pay-cash')).toBeNull();
    expect(listDrafts()).toEqual([]);

    // Back to the owner: the cart is there; cash sale, then a reload shows an empty cart.
    cleanup();
    signIn(AMA);
    open();
    fireEvent.click(await screen.findByTestId('pay-cash'));
    await waitFor(() => expect(listDrafts()).toEqual([]));
    await screen.findByRole('button', { name: 'New sale' });
    cleanup();
    open();
    await screen.findByRole('button', { name: /^Cement 50kg, / });
    expect(screen.queryByTestId('pay-cash')).toBeNull();
  });

  it('emptying the cart leaves nothing behind', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: /^Paint 4L, / }));
    await waitFor(() => expect(listDrafts()).toEqual(['sell']));
    fireEvent.click(screen.getByRole('button', { name: 'One less Paint 4L' }));
    await waitFor(() => expect(listDrafts()).toEqual([]));
    cleanup();
    open();
    await screen.findByRole('button', { name: /^Paint 4L, / });
    expect(screen.queryByTestId('cart-line')).toBeNull();
  });

  it('a kept cart sells at the price of now: a price changed while the tab was away is the new one', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: /^Paint 4L, / }));
    await waitFor(async () => expect(await cashText()).toMatch(/2,350\.50$/));
    cleanup();
    await saveRecord('catalogs', { id: PAINT, name: 'Paint 4L', unit_price: 240_000 });
    open();
    await waitFor(async () => expect(await cashText()).toMatch(/2,400(\.00)?$/));
  });

  it('a line read from an order that names no catalog item stays as written; an item gone from the catalog is left out', async () => {
    removeDraft('sell');
    const item = (id: string, name: string, unit_price: number) => ({ id, name, description: '', unit_price, unit: 'piece', sku: '', active: true });
    const cart = [
      { id: crypto.randomUUID(), quantity: 1, adhoc: true, item: item(crypto.randomUUID(), 'Sugar 1kg', 18_000) },
      { id: crypto.randomUUID(), quantity: 1, item: item(crypto.randomUUID(), 'Deleted item', 5_000) },
    ];
    writeDraft('sell', { cart, contactId: null, discount: null });
    open();
    await waitFor(async () => expect(await cashText()).toMatch(/180(\.00)?$/));
    expect(screen.getAllByTestId('cart-line').map((el) => el.textContent)).toEqual([expect.stringContaining('Sugar 1kg')]);
  });
});
