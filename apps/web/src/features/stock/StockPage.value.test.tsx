import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearLocalData, saveRecord } from '../../data/db';
import { renderRoutes } from '../../ui/testing';
import StockPage from './StockPage';

// t24 F4: "Stock value KSh0" with 55 items in stock, because none had a cost price, and nothing said why.
const cement = crypto.randomUUID();
const paint = crypto.randomUUID();
const nails = crypto.randomUUID();
beforeAll(async () => {
  await clearLocalData();
  localStorage.setItem('user', JSON.stringify({ id: 'u', username: 'wanjiru', country: 'Kenya', invoice_settings: JSON.stringify({ currency: 'KES' }) }));
  await saveRecord('catalogs', { id: cement, name: 'Cement 50kg', unit_price: 85_000, cost_price: 70_000, track_stock: true } as never);
  await saveRecord('catalogs', { id: paint, name: 'Paint 4L', unit_price: 235_050, track_stock: true } as never);
  await saveRecord('catalogs', { id: nails, name: 'Nails 1kg', unit_price: 30_000, track_stock: true } as never);
  const received = (catalog_id: string, quantity: number) =>
    saveRecord('stock_movements', {
      id: crypto.randomUUID(),
      catalog_id,
      kind: 'received',
      quantity,
      reason: 'delivery',
      invoice_id: null,
      occurred_at: '2026-11-20T08:00:00.000Z',
    } as never);
  await received(cement, 40);
  await received(paint, 15);
});
afterEach(cleanup);

describe('Stock value', () => {
  it('is at cost price, and says how many items in stock have no cost price (an item with none in stock is not counted)', async () => {
    renderRoutes([{ path: '/stock', element: <StockPage /> }], '/stock');
    expect(await screen.findByText('Stock value KSh28,000')).toBeTruthy();
    expect(screen.getByTestId('stock-no-cost').textContent).toBe('The value is at cost price: 1 item in stock has none yet (add it on the item).');
  });
});
