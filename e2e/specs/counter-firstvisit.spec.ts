import { describe, expect, it } from 'vitest';
import { apiJson } from '../support/api';
import { PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

/**
 * Issue 28, a first visit (no service worker in control yet) that goes offline as soon as the Sell screen is open,
 * before any item is in the cart: the receipt still draws the sale's QR code, because the screen fetched the QR
 * encoder once it had drawn. 360 px, Chromium.
 */
describe('the receipt QR code on a first visit offline (issue 28)', () => {
  it('prints the QR code of a sale made offline right after opening Sell', async () => {
    const owner = await seedOwner('ctrqr', 'q', { name: 'Ama', company: 'Ama Provisions', country: 'Ghana' });
    const soap = await apiJson<{ id: string }>('/catalogs', { token: owner.token, body: { name: 'Soap', unit_price: 500, track_stock: true } });
    await apiJson('/stock/adjustments', { token: owner.token, body: { catalog_id: soap.id, kind: 'received', quantity: 5 } });

    const { context, page } = await signedInDevice(PHONE, owner);
    const status = page.getByTestId('sync-status');
    try {
      await page.goto('/tabs/home');
      await status.getByText('All changes saved').waitFor({ timeout: 30_000 });
      const encoder = page.waitForResponse((r) => /\/assets\/qrcode-[^/]+\.js$/.test(new URL(r.url()).pathname), { timeout: 30_000 });
      await page.getByTestId('sell').click();
      await page.getByRole('heading', { name: 'New sale' }).waitFor();
      await page
        .getByRole('button', { name: /^Soap, / })
        .getByText('5 in stock')
        .waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('cart-line').count()).toBe(0);
      expect((await encoder).ok()).toBe(true);

      await context.setOffline(true);
      await status.getByText('Offline').waitFor();
      expect(await page.evaluate(() => !!navigator.serviceWorker?.controller)).toBe(false);
      await page.getByRole('button', { name: /^Soap, / }).click();
      await page.getByTestId('pay-cash').click();
      const receipt = page.getByTestId('sale-receipt');
      await receipt.getByRole('heading', { name: 'Receipt SAL-0001' }).waitFor();
      await receipt.getByRole('img', { name: "QR code of the sale's link" }).waitFor({ timeout: 10_000 });
    } finally {
      await context.close();
    }
  });
});
