import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearLocalData, saveRecord } from '../../data/db';
import { renderRoutes } from '../../ui/testing';
import SellPage from './SellPage';

// t21 section 9: with an empty catalog the Sell screen said "Add the items you sell to the catalog first." as plain
// text, and "Tap an item to add it" under it though there was nothing to tap.
beforeAll(async () => {
  await clearLocalData();
  localStorage.setItem('user', JSON.stringify({ id: 'u', username: 'ada', country: 'Nigeria', invoice_settings: JSON.stringify({ currency: 'NGN' }) }));
});
afterEach(cleanup);

describe('Sell with nothing in the catalog', () => {
  it('links to the catalog and does not ask to tap an item', async () => {
    renderRoutes([{ path: '/sell', element: <SellPage /> }], '/sell');
    expect(await screen.findByText('Add the items you sell to the catalog first.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the catalog' }).getAttribute('href')).toBe('/tabs/catalog');
    expect(screen.queryByText('Tap an item to add it')).toBeNull();
    expect(screen.getByRole('link', { name: 'End of day' }).getAttribute('href')).toBe('/sell/cash-up');
  });

  it('asks to tap an item once there is one', async () => {
    await saveRecord('catalogs', { id: crypto.randomUUID(), name: 'Zobo drink', unit_price: 50_000 } as never);
    renderRoutes([{ path: '/sell', element: <SellPage /> }], '/sell');
    expect(await screen.findByText('Tap an item to add it')).toBeTruthy();
    expect(screen.queryByText('Add the items you sell to the catalog first.')).toBeNull();
  });
});
