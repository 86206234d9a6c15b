import { describe, expect, it } from 'vitest';
import { apiJson } from '../support/api';
import { PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

/**
 * t23 X5: a new owner on a new phone (no service worker yet, it comes 30 s after load) loses the link right after the
 * first sync. The main screens' code was loaded once that sync was done, so the Invoices tab and Sell still open
 * offline, with the tab bar; and a page whose code is not on the phone keeps the frame and offers a way back.
 */
describe('a new phone offline right after its first sync (t23 X5)', () => {
  it('opens the Invoices tab and Sell offline before the service worker has come', async () => {
    const owner = await seedOwner('x5', 'p', { name: 'Nakato', company: 'Nakato Shop', country: 'Uganda' });
    await apiJson('/catalogs', { token: owner.token, body: { name: 'Matoke bunch', unit_price: 15_000 } });
    const { context, page } = await signedInDevice(PHONE, owner);
    const status = page.getByTestId('sync-status');
    try {
      await page.goto('/tabs/home');
      await page.getByRole('heading', { name: 'Clients', exact: true }).waitFor();
      await status.getByText('All changes saved').waitFor({ timeout: 30_000 });
      // The main screens' code comes once the first sync is off the link and the browser is idle.
      await page.waitForFunction(() => (window as unknown as { __dukaPagesWarm?: boolean }).__dukaPagesWarm === true, undefined, { timeout: 30_000 });
      expect(await page.evaluate(() => !!navigator.serviceWorker?.controller)).toBe(false);

      await context.setOffline(true);
      await status.getByText('Offline').waitFor();
      await page.getByRole('link', { name: 'Invoices', exact: true }).click();
      await page.getByRole('heading', { name: 'Invoices', exact: true }).waitFor();
      expect(await page.getByText('This page could not be opened').count()).toBe(0);

      await page.getByRole('link', { name: 'Clients', exact: true }).click();
      await page.getByTestId('sell').click();
      await page.getByRole('button', { name: /^Matoke bunch, / }).waitFor({ timeout: 10_000 });
      expect(await page.getByText('This page could not be opened').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a page whose code is not on the phone keeps the tab bar and offers Go back, not Reload', async () => {
    const owner = await seedOwner('x5b', 'p', { name: 'Okello', company: 'Okello Hardware', country: 'Uganda' });
    const { context, page } = await signedInDevice(PHONE, owner);
    const status = page.getByTestId('sync-status');
    try {
      await page.goto('/tabs/home');
      await status.getByText('All changes saved').waitFor({ timeout: 30_000 });
      await context.setOffline(true);
      await status.getByText('Offline').waitFor();
      // The VAT return is not one of the screens loaded ahead.
      await page.evaluate(() => {
        window.history.pushState({}, '', '/report/vat');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      const alert = page.getByRole('alert').filter({ hasText: 'This page could not be opened' });
      await alert.waitFor({ timeout: 15_000 });
      expect(await alert.getByRole('button', { name: 'Reload' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Invoices', exact: true }).isVisible()).toBe(true);
      await alert.getByRole('button', { name: 'Go back' }).click();
      await page.getByRole('heading', { name: 'Clients', exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});
