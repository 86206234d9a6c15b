import { describe, expect, it } from 'vitest';
import { apiJson } from '../support/api';
import { PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

/**
 * A new phone that goes offline right after its first load, before the service worker (registered after 30 s) has
 * cached anything: it can still add a client, see the client's page, and the client reaches the server once online.
 * Only the code the first screen loaded (and what it fetched ahead for offline use) is on the device.
 */
describe('a new phone offline right after its first load (issue 24)', () => {
  it('adds a client offline with nothing cached by the service worker, and it syncs once online', async () => {
    const owner = await seedOwner('off', 'p', { name: 'Neema', company: 'Neema Crafts' });
    const { context, page } = await signedInDevice(PHONE, owner);
    const status = page.getByTestId('sync-status');
    try {
      await page.goto('/tabs/home');
      await page.getByRole('heading', { name: 'Clients', exact: true }).waitFor();
      await status.getByText('All changes saved').waitFor({ timeout: 30_000 });
      // The client page's code is fetched ahead once the first sync is off the link and the browser is idle.
      await page.waitForFunction(() => (window as unknown as { __dukaClientsWarm?: boolean }).__dukaClientsWarm === true, undefined, { timeout: 30_000 });
      expect(await page.evaluate(() => !!navigator.serviceWorker?.controller)).toBe(false);

      await context.setOffline(true);
      await status.getByText('Offline').waitFor();
      await page.getByRole('button', { name: 'Add client' }).first().click();
      await page.getByRole('heading', { name: 'New client' }).waitFor();
      await page.getByLabel('Name').fill('Offline Client');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL('**/contacts/offline-client');
      await page.getByRole('heading', { name: 'Offline Client' }).waitFor();

      await context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect
        .poll(async () => (await apiJson<{ records: Array<{ name: string }> }>('/contacts?limit=100', { token: owner.token })).records.map((c) => c.name), {
          timeout: 30_000,
          interval: 500,
        })
        .toContain('Offline Client');
    } finally {
      await context.close();
    }
  });
});
