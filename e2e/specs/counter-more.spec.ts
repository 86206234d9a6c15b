import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { PHONE } from '../support/browser';
import { layoutProblems } from '../support/layout';
import { seedOwner, signedInDevice } from '../support/owner';

/**
 * Issue 28/29 at 360 px, offline: stock a credit note returns shows on the phone at once (and the server's copy
 * syncing back counts it once); the Sell screen's "Type or say the order" box fills the cart after a review.
 */
const shot = shooter('counter-more');

interface Levels {
  items: Array<{ name: string; level: number }>;
}

describe('the shop counter, follow-ups (issues 28 and 29)', () => {
  it('a credit note made offline puts stock back at once; an order in words fills the sale', async () => {
    const owner = await seedOwner('ctr2', 'c', { name: 'Ama', company: 'Ama Provisions', country: 'Ghana' });
    const token = owner.token;
    const soap = await apiJson<{ id: string }>('/catalogs', { token, body: { name: 'Soap', unit_price: 500, track_stock: true, low_stock_level: 1 } });
    await apiJson<{ id: string }>('/catalogs', { token, body: { name: 'Bread', unit_price: 1200, track_stock: true } });
    await apiJson('/stock/adjustments', { token, body: { catalog_id: soap.id, kind: 'received', quantity: 5 } });
    const client = await apiJson<{ id: string }>('/contacts', { token, body: { name: 'Kofi Mensah', phone: '+233244000111' } });
    // 3 soaps invoiced and sent: the server takes them out of stock (5 − 3 = 2).
    const inv = await apiJson<{ id: string }>('/invoices', {
      token,
      body: {
        contact_id: client.id,
        currency: 'GHS',
        status: 'sent',
        lines: [{ id: crypto.randomUUID(), catalog_id: soap.id, description: 'Soap', quantity: 3, unit_price: 500, fee_ids: [] }],
      },
    });
    const serverSoap = async () => (await apiJson<Levels>('/stock/levels', { token })).items.find((i) => i.name === 'Soap')?.level;
    await expect.poll(serverSoap, { timeout: 20_000, interval: 500 }).toBe(2);

    const { context, page } = await signedInDevice(PHONE, owner, { swNow: true });
    const status = page.getByTestId('sync-status');
    const soapTile = page.getByRole('button', { name: /^Soap, / });
    const toSell = () =>
      page.evaluate(() => {
        history.pushState({}, '', '/sell');
        dispatchEvent(new PopStateEvent('popstate'));
      });
    try {
      await page.goto('/tabs/home');
      await status.getByText('All changes saved').waitFor({ timeout: 30_000 });
      // What the Sell screen loads beyond the home screen on a first visit (before the service worker holds the app).
      const first: string[] = [];
      const onFirst = (r: { url(): string }) => void (r.url().endsWith('.js') && first.push(new URL(r.url()).pathname));
      page.on('request', onFirst);
      await page.getByTestId('sell').click();
      await soapTile.getByText('2 in stock').waitFor({ timeout: 20_000 });
      page.off('request', onFirst);
      console.log(`Sell screen JS beyond the shell, first visit: ${first.join(' ')}`);

      // The app is installed (the service worker holds every screen's code, as on a phone that opened it before):
      // the order box's code is first fetched offline, from that cache.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.goto(`/invoices/${inv.id}`);
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
      await expect.poll(() => page.getByTestId('view-balance').getAttribute('data-balance'), { timeout: 30_000 }).toBe('1500');
      await page.getByTestId('credit-note-action').click();
      await page.getByTestId('credit-qty-0').waitFor();
      await context.setOffline(true);
      await page.getByTestId('credit-qty-0').fill('1');
      await page.getByTestId('credit-reason').fill('One soap returned unopened');
      await page.getByTestId('credit-issue').click();
      await page.getByRole('heading', { name: 'CN-0001' }).waitFor();

      // Still offline: the Sell screen shows the soap back in stock at once.
      await toSell();
      await soapTile.getByText('3 in stock').waitFor({ timeout: 10_000 });
      await shot(page, 'stock-back');

      // The order box, loaded on first use (offline, from the app's cache): words → review → cart.
      const loaded: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('.js')) loaded.push(new URL(r.url()).pathname);
      });
      await page.getByTestId('sell-order-open').click();
      const box = page.getByRole('textbox', { name: 'Type or say the order', exact: true });
      await box.fill('2 soap, 1 bread at 15, 1 sugar for Kofi, ring twice');
      console.log(`order box JS (first use): ${loaded.join(' ') || '(none requested: served by the service worker)'}`);
      await page.getByRole('button', { name: 'Read the order', exact: true }).click();
      const review = page.getByRole('region', { name: 'Check the order', exact: true });
      await review.getByTestId('sell-order-client').getByText('Kofi Mensah').waitFor();
      expect(await review.getByTestId('sell-order-line').allTextContents()).toEqual([
        expect.stringContaining('2 × Soap'),
        expect.stringContaining('1 × Bread'),
        expect.stringContaining('1 × Sugar'),
      ]);
      await review.getByTestId('sell-order-remainder').getByText('ring twice', { exact: false }).waitFor();
      // Sugar is not in the catalog and the order gave no price: the owner names one before adding.
      const add = review.getByRole('button', { name: 'Add to the sale', exact: true });
      expect(await add.isDisabled()).toBe(true);
      await review.getByLabel('Price of Sugar').fill('8');
      // 2 × 5 + 15 + 8 = 33, plus Ghana's default taxes.
      await review.getByRole('button', { name: 'Add to the sale', exact: true, disabled: false }).waitFor();
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, 'order-review');
      await add.click();
      await expect.poll(() => page.getByTestId('cart-line').count()).toBe(3);
      expect(await page.getByRole('combobox', { name: 'Client' }).inputValue()).toBe(client.id);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, 'order-cart');
      await page.getByTestId('pay-cash').click();
      await page.getByTestId('sale-receipt').getByRole('heading', { name: 'Receipt SAL-0001' }).waitFor();
      // The sale took its 2 soaps: 3 − 2 = 1, on the device at once.
      await page.getByRole('button', { name: 'New sale' }).click();
      await soapTile.getByText('1 in stock').waitFor({ timeout: 10_000 });

      // Back online: the credit note, the sale and their movements sync once; the server agrees, and after the
      // server's copies of the movements come back the phone still shows the same level.
      await context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await status.getByText('All changes saved').waitFor({ timeout: 30_000 });
      await expect.poll(serverSoap, { timeout: 30_000, interval: 500 }).toBe(1);
      const sales = await apiJson<{
        records: Array<{
          number: string;
          contact_id: string;
          lines: Array<{ description: string; quantity: number; unit_price: number; catalog_id?: string | null }>;
        }>;
      }>('/invoices?kind=sale', { token });
      expect(sales.records).toHaveLength(1);
      expect(sales.records[0].contact_id).toBe(client.id);
      expect(sales.records[0].lines.map((l) => [l.description, l.quantity, l.unit_price, !!l.catalog_id])).toEqual([
        ['Soap', 2, 500, true],
        ['Bread', 1, 1500, true],
        ['Sugar', 1, 800, false],
      ]);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await status.getByText('All changes saved').waitFor({ timeout: 30_000 });
      await page.reload();
      await soapTile.getByText('1 in stock').waitFor({ timeout: 20_000 });
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });
});
