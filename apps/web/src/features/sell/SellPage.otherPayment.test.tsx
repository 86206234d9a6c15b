import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearLocalData, saveRecord } from '../../data/db';
import { renderRoutes } from '../../ui/testing';
import SellPage from './SellPage';

// t15b at 360 px: "Other payment" opened its panel below the screen, with no scroll and the focus left on <body>.
const scrolled: Element[] = [];
const original = Element.prototype.scrollIntoView;
beforeAll(async () => {
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
  await clearLocalData();
  localStorage.setItem('user', JSON.stringify({ id: 'u', username: 'ama', country: 'Ghana', invoice_settings: JSON.stringify({ currency: 'GHS' }) }));
  await saveRecord('catalogs', { id: crypto.randomUUID(), name: 'Phone charging', unit_price: 123_450 });
});
afterAll(() => {
  Element.prototype.scrollIntoView = original;
});
afterEach(cleanup);

describe('Sell: Other payment (issue 28)', () => {
  it('brings the payment panel into view and puts the focus in Cash received; Cancel gives it back to Other payment', async () => {
    renderRoutes([{ path: '/sell', element: <SellPage /> }], '/sell');
    fireEvent.click(await screen.findByRole('button', { name: /^Phone charging, / }));
    const other = await screen.findByRole('button', { name: 'Other payment' });
    other.focus();
    fireEvent.click(other);
    const panel = await screen.findByRole('region', { name: 'Take payment' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('cash-received')));
    expect(panel.contains(document.activeElement)).toBe(true);
    // The scroll waits for the frame that lays the panel out.
    await waitFor(() => expect(scrolled).toContain(panel));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Other payment' })));
  });
});
