import { describe, expect, it } from 'vitest';
import { newPage, PHONE } from '../support/browser';
import { seedOwner } from '../support/owner';

// The login screen drawn in /login's HTML stays on top of the app's own while the app's screen is busy: a Log in
// pressed on the drawn screen as the app started is still being checked. What the owner types there meanwhile (the
// password corrected while the first try is checked) must be what the app's form holds when the drawn screen goes.
describe('login screen drawn in the HTML → the app’s own', () => {
  it('text typed into the drawn screen after the app drew its form is carried over, with the caret', async () => {
    const owner = await seedOwner('lh', 'hand', { name: 'Neema', company: 'Neema Crafts' });
    const { context, page } = await newPage(PHONE);
    try {
      // The login page's code is held until the first Log in is on its way; the password check is held until the app
      // has drawn its (busy) form under the drawn screen.
      let releasePage = () => {};
      const pageHeld = new Promise<void>((resolve) => (releasePage = resolve));
      await page.route(/\/assets\/login-(?!quick)[^/]+\.js$/, async (route) => {
        await pageHeld;
        await route.continue();
      });
      let releaseCheck = () => {};
      const checkHeld = new Promise<void>((resolve) => (releaseCheck = resolve));
      let checks = 0;
      await page.route('**/api/user_token', async (route) => {
        checks += 1;
        if (checks === 1) await checkHeld;
        await route.continue();
      });
      await page.goto('/login', { waitUntil: 'commit' });
      const drawn = page.locator('[data-first-paint]');
      await drawn.locator('form[data-quick="ready"]').waitFor();
      // The app has started (its entry ran) but its login page is not there yet.
      await page.waitForFunction(() => document.getElementById('root')?.dataset.started !== undefined);
      const identifier = drawn.getByLabel('Username or e-mail');
      const password = drawn.getByLabel('Password', { exact: true });
      await identifier.fill(String(owner.user.username));
      await password.fill('lh-pass-wrong');
      await drawn.getByRole('button', { name: 'Log in' }).click();
      await expect.poll(() => checks).toBe(1);
      releasePage();
      // The app's form is drawn (busy: the first Log in is being checked), the drawn screen still on top.
      await page.locator('#root form').waitFor({ state: 'attached' });
      expect(await drawn.count()).toBe(1);
      // The owner sees the typo and corrects the password on the screen in front of them, the caret left inside it.
      await password.fill('lh-pass-12345');
      await password.press('ArrowLeft');
      await password.press('ArrowLeft');
      releaseCheck();
      // The first try is refused; the drawn screen gives way to the app's form…
      await drawn.waitFor({ state: 'detached' });
      const own = page.locator('#root');
      // …which holds what was typed last, with the focus and the caret where they were.
      await expect(own.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('lh-pass-12345');
      await expect(own.getByLabel('Username or e-mail').inputValue()).resolves.toBe(String(owner.user.username));
      await expect
        .poll(() => page.evaluate(() => [document.activeElement?.getAttribute('name'), (document.activeElement as HTMLInputElement | null)?.selectionStart]))
        .toEqual(['password', 'lh-pass-12345'.length - 2]);
      // Enter now logs in with the corrected password.
      await own.getByLabel('Password', { exact: true }).press('Enter');
      await page.waitForURL('**/tabs/home');
    } finally {
      await context.close();
    }
  });
});
