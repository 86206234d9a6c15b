import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearLocalData, saveRecord } from '../../data/db';
import { renderRoutes } from '../../ui/testing';
import StockPage from './StockPage';

// t21 Y5 / Y6: the CSV import was a label (skipped by Tab, "text" to a screen reader) and every row's buttons were
// just "Movements" / "Adjust".
beforeAll(async () => {
  await clearLocalData();
  localStorage.setItem('user', JSON.stringify({ id: 'u', username: 'ada', country: 'Nigeria', invoice_settings: JSON.stringify({ currency: 'NGN' }) }));
  for (const name of ['Zobo drink', 'Chin chin'])
    await saveRecord('catalogs', { id: crypto.randomUUID(), name, unit_price: 50_000, track_stock: true } as never);
});
afterEach(cleanup);

describe('Stock by keyboard and screen reader', () => {
  it('names each row’s buttons with the item, and imports opening stock from a real button that opens the file picker', async () => {
    renderRoutes([{ path: '/stock', element: <StockPage /> }], '/stock');
    expect(await screen.findByRole('button', { name: 'Movements of Zobo drink' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Adjust stock of Zobo drink' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Adjust stock of Chin chin' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Adjust' })).toBeNull();

    const importButton = screen.getByRole('button', { name: 'Import opening stock (CSV)' });
    expect(importButton.tagName).toBe('BUTTON');
    expect(importButton.tabIndex).toBe(0);
    const picker = screen.getByTestId('opening-csv') as HTMLInputElement;
    const opened = vi.spyOn(picker, 'click').mockImplementation(() => undefined);
    fireEvent.click(importButton);
    expect(opened).toHaveBeenCalledOnce();

    fireEvent.click(screen.getByRole('button', { name: 'Adjust stock of Chin chin' }));
    expect(await screen.findByRole('dialog', { name: 'Adjust stock of Chin chin' })).toBeTruthy();
  });
});
