import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { newPage, PHONE } from '../support/browser';
import { seedOwner } from '../support/owner';
import { LoginScreen, Shell } from '../support/pages/accounts';

/**
 * t22 T1: the server refuses the session (here the password changed on another device, which revokes this device's
 * token as an expiry does) while a change waits. The header says so and offers Log in again; the change stays on the
 * device, never reaches another user's account, and uploads once the same user logs in again, back on the same page.
 */

const shot = shooter('session-ended-sync');
const status = (page: Page) => page.getByTestId('sync-status');
const list = <T>(body: T[] | { records?: T[] }): T[] => (Array.isArray(body) ? body : (body.records ?? []));

async function loginAs(page: Page, username: string, password: string, url = '**/tabs/home') {
  const login = new LoginScreen(page);
  if (!page.url().includes('/login')) await login.open();
  await login.login(username, password);
  await page.waitForURL(url, { timeout: 30_000 });
}

describe('a session that ends while changes wait (t22 T1)', () => {
  it('asks to log in again, keeps the change for that user only and uploads it after log in', async () => {
    const ada = await seedOwner('sesy', 'ada', { name: 'Ada', company: 'Ada Tailors', country: 'Nigeria' });
    const bola = await seedOwner('sesy', 'bola', { name: 'Bola', company: 'Bola Salon', country: 'Nigeria' });
    const { context, page } = await newPage(PHONE);
    try {
      await loginAs(page, String(ada.user.username), 'sesy-pass-12345');
      await status(page).getByText('All changes saved').waitFor({ timeout: 30_000 });

      // The session is revoked elsewhere; then a client is added here: its push is refused (401).
      await apiJson('/users/change-password', { token: ada.token, body: { user: { old_password: 'sesy-pass-12345', password: 'sesy-pass-67890' } } });
      await page.getByRole('button', { name: 'Add client' }).first().click();
      await page.getByLabel('Name').fill('Session Ended Client');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL('**/contacts/session-ended-client');
      const again = page.getByRole('button', { name: 'Your session ended. Log in again to upload 1 change.', exact: true });
      await again.waitFor({ timeout: 30_000 });
      await expect(status(page).getAttribute('role')).resolves.toBe('alert');
      // It fits the phone's width.
      const box = (await again.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      await shot(page, 'asks');

      // Log in again as another user first: the change is not theirs and never reaches their account.
      await again.click();
      await page.waitForURL('**/login?next=**', { timeout: 30_000 });
      await page
        .getByText(/1 change/)
        .first()
        .waitFor({ timeout: 30_000 });
      await loginAs(page, String(bola.user.username), 'sesy-pass-12345', '**/contacts/session-ended-client');
      await status(page).getByText('All changes saved').waitFor({ timeout: 30_000 });
      expect(list(await apiJson<{ name: string }[]>('/contacts', { token: bola.token }))).toEqual([]);
      await new Shell(page, true).logout();

      // The same user logs in again: the change uploads.
      await loginAs(page, String(ada.user.username), 'sesy-pass-67890');
      const token = (await page.evaluate(() => localStorage.getItem('token')))!;
      const names = async () => list(await apiJson<{ name: string }[]>('/contacts', { token })).map((c) => c.name);
      await expect.poll(names, { timeout: 30_000, interval: 500 }).toEqual(['Session Ended Client']);
      await status(page).getByText('All changes saved').waitFor({ timeout: 30_000 });
    } catch (e) {
      await shot(page, 'failure');
      throw e;
    } finally {
      await context.close();
    }
  });
});
