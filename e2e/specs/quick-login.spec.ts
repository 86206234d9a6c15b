import { describe, expect, it } from 'vitest';
import { newPage, PHONE } from '../support/browser';
import { seedOwner } from '../support/owner';

// Issue 30: Log in pressed on the screen drawn in /login's HTML, before the app's code is there. The app (main.tsx)
// loads the code that takes it over only when there is one, and still signs the owner in: welcome toast, client list.
describe('quick login on the drawn login screen', () => {
  it('Log in pressed before the app has started: once it starts, the owner is welcomed on the client list', async () => {
    const owner = await seedOwner('ql', 'quick', { name: 'Amina', company: 'Duka Stores' });
    const { context, page } = await newPage(PHONE);
    try {
      // The app's entry is held back until the password has been checked by the drawn screen's own script.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/login', { waitUntil: 'commit' });
      const drawn = page.locator('[data-first-paint]');
      await drawn.getByLabel('Username or e-mail').fill(String(owner.user.username));
      await drawn.getByLabel('Password', { exact: true }).fill('ql-pass-12345');
      const checked = page.waitForResponse((r) => r.url().endsWith('/api/user_token') && r.request().method() === 'POST');
      await drawn.getByRole('button', { name: 'Log in' }).click();
      expect((await checked).status()).toBe(200);
      expect(await page.evaluate(() => 'dukaQuickLogin' in globalThis)).toBe(true);
      release();
      await page.waitForURL('**/tabs/home');
      await page.locator('.mantine-Notification-root', { hasText: 'Welcome back, Amina quick' }).first().waitFor();
      expect(await page.evaluate(() => 'dukaQuickLogin' in globalThis)).toBe(false);
    } finally {
      await context.close();
    }
  });
});
