import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CatalogItem, clearLocalData } from '../../data/db';
import { setCurrentUser, type User } from '../../data/user';
import { renderWithQueries } from '../../ui/testing';
import { completeSale } from './sale';
import { SaleReceipt, saleTicket } from './SaleReceipt';

// t17 K5: a laptop set to UTC printed "27 Nov 26, 02:49" under the number and "27/11/2026 05:49:10" (Nairobi) in the
// fiscal block. The receipt's time is the business's, whatever the device's zone.
const deviceZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'UTC';
});
afterAll(() => {
  process.env.TZ = deviceZone;
});

const unga = { id: '11111111-1111-4111-8111-111111111111', name: 'Unga 2kg', unit_price: 21_000, track_stock: false } as unknown as CatalogItem;
const t = (k: string, o?: Record<string, unknown>) => `${k}${o ? JSON.stringify(o) : ''}`;

beforeEach(async () => {
  await clearLocalData();
  setCurrentUser({
    id: 'u-1',
    username: 'wanjiru',
    company_name: 'Wanjiru Unga',
    country: 'Kenya',
    invoice_settings: JSON.stringify({ currency: 'KES' }),
  } as unknown as User);
});
afterEach(cleanup);

async function saleAt(iso: string) {
  const sale = await completeSale(
    [{ id: 'l1', item: unga, quantity: 1 }],
    { contactId: null, discount: null, fees: [], payments: [{ method: 'cash', amount: 21_000 }] },
    'Walk-in',
  );
  return { ...sale, invoice: { ...sale.invoice, sent_at: iso } };
}

describe('the sale receipt prints the time on the business’s clock (t17 K5)', () => {
  it('a device in UTC prints a Nairobi sale at Nairobi time, on screen and on the printed ticket', async () => {
    const sale = await saleAt('2026-11-27T02:49:10.000Z');
    // The device's own clock says 02:49.
    expect(new Date('2026-11-27T02:49:10.000Z').getHours()).toBe(2);
    expect(saleTicket(sale, t).date).toBe('27 Nov 26, 05:49');
    renderWithQueries(<SaleReceipt sale={sale} onNew={() => undefined} />);
    const text = screen.getByTestId('sale-receipt').textContent ?? '';
    expect(text).toContain('27 Nov 26, 05:49');
    expect(text).not.toContain('02:49');
  });

  it('after 21:00 UTC the sale is on the next day in Nairobi', async () => {
    expect(saleTicket(await saleAt('2026-11-26T21:30:00.000Z'), t).date).toBe('27 Nov 26, 00:30');
  });

  it('a zone chosen in the settings wins over the country’s', async () => {
    setCurrentUser({
      id: 'u-1',
      username: 'wanjiru',
      country: 'Kenya',
      invoice_settings: JSON.stringify({ currency: 'KES', time_zone: 'Africa/Lagos' }),
    } as unknown as User);
    expect(saleTicket(await saleAt('2026-11-27T02:49:10.000Z'), t).date).toBe('27 Nov 26, 03:49');
  });
});

describe('the sale receipt names the tax number as the country does', () => {
  it('a Kenyan shop prints "KRA PIN: …" under its address; one with no known name prints the number alone', async () => {
    const shop = (country: string) =>
      setCurrentUser({
        id: 'u-1',
        username: 'wanjiru',
        country,
        invoice_settings: JSON.stringify({ currency: 'KES', business: { address: 'Moi Avenue, Nairobi', tax_id: 'P051234567Q' } }),
      } as unknown as User);
    shop('Kenya');
    expect(saleTicket(await saleAt('2026-11-27T09:00:00.000Z'), t).header).toEqual(['Moi Avenue, Nairobi', 'KRA PIN: P051234567Q']);
    shop('France');
    expect(saleTicket(await saleAt('2026-11-27T09:00:00.000Z'), t).header).toEqual(['Moi Avenue, Nairobi', 'P051234567Q']);
  });
});
