import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { controlledByServiceWorker, newPage, PHONE } from '../support/browser';
import { seedOwner } from '../support/owner';
import { LoginScreen, Shell } from '../support/pages/accounts';

/** Issue 14 item 1: log out with changes waiting asks first, and keeps them for the same user on the device. */

const shot = shooter('logout');
const status = (page: Page) => page.getByTestId('sync-status');
const list = <T>(body: T[] | { records?: T[] }): T[] => (Array.isArray(body) ? body : (body.records ?? []));

async function loginAs(page: Page, username: string) {
  const login = new LoginScreen(page);
  await login.open();
  await login.login(username, 'out-pass-12345');
  await page.waitForURL('**/tabs/home');
  await status(page).getByText('All changes saved').waitFor({ timeout: 30_000 });
}

describe('log out keeps changes that did not sync (issue 14 item 1)', () => {
  it('says how many changes wait, Stay keeps the session, Log out anyway keeps them for that user only; they sync at the next log in', async () => {
    const ada = await seedOwner('out', 'ada', { name: 'Ada', company: 'Ada Tailors', country: 'Nigeria' });
    const bola = await seedOwner('out', 'bola', { name: 'Bola', company: 'Bola Salon', country: 'Nigeria' });
    const { context, page } = await newPage(PHONE);
    const shell = new Shell(page, true);
    // Tests only: the service worker registers at once, so pages open with no network (as an installed app does).
    await context.addInitScript(() => localStorage.setItem('duka:sw-now', '1'));
    try {
      await loginAs(page, String(ada.user.username));
      await controlledByServiceWorker(page);
      await status(page).getByText('All changes saved').waitFor({ timeout: 30_000 });

      // Offline, a new client waits in the queue.
      await context.setOffline(true);
      await status(page).getByText('Offline').waitFor();
      await page.getByRole('button', { name: 'Add client' }).first().click();
      await page.getByLabel('Name').fill('Kept Tailoring Client');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL('**/contacts/kept-tailoring-client');
      await status(page).getByText('Offline · 1 waiting').waitFor();

      // Log Out tries to sync (offline: nothing goes), then asks.
      await shell.menu('Log Out');
      const dialog = page.getByRole('dialog', { name: 'Changes not uploaded yet' });
      await dialog.getByText('1 change on this device has not reached the server yet.').waitFor({ timeout: 30_000 });
      await shot(page, 'phone-waiting');
      await dialog.getByRole('button', { name: 'Stay' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeTruthy();
      await page.getByRole('heading', { name: 'Kept Tailoring Client' }).waitFor();

      await shell.menu('Log Out');
      const reloaded = page.waitForEvent('load', { timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Log out anyway' }).click({ timeout: 30_000 });
      await reloaded;
      await page.waitForURL('**/login');
      await context.setOffline(false);

      // Another user on the device sees none of it, and neither does the server.
      await loginAs(page, String(bola.user.username));
      await page.goto('/tabs/home');
      await page.getByRole('heading', { name: 'Clients', exact: true }).waitFor();
      await status(page).getByText('All changes saved').waitFor({ timeout: 30_000 });
      await expect(page.getByText('Kept Tailoring Client').count()).resolves.toBe(0);
      expect(list(await apiJson<{ name: string }[]>('/contacts', { token: bola.token }))).toEqual([]);
      expect(list(await apiJson<{ name: string }[]>('/contacts', { token: ada.token }))).toEqual([]);
      // Nothing waits for this user: Log Out goes at once.
      await shell.logout();

      // The same user logs in again: the change is back and reaches the server.
      await loginAs(page, String(ada.user.username));
      await page.getByText('Kept Tailoring Client').waitFor();
      await shot(page, 'phone-back');
      // The list shows the kept change from the device before its push has reached the server: wait for the push.
      const names = async () => list(await apiJson<{ name: string }[]>('/contacts', { token: ada.token })).map((c) => c.name);
      await expect.poll(names, { timeout: 30_000, interval: 500 }).toEqual(['Kept Tailoring Client']);
    } catch (e) {
      await shot(page, 'failure');
      throw e;
    } finally {
      await context.close();
    }
  });
});
