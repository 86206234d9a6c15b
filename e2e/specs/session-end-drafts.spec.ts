import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { newPage, PHONE } from '../support/browser';
import { seedOwner } from '../support/owner';
import { LoginScreen, Shell } from '../support/pages/accounts';

/**
 * t20 E1: an invoice being typed ("Not saved yet: what you type is kept on this device…") survives the session
 * ending on its own (here: the password changed on another device, which signs this one out, as an expired token
 * does). It comes back for the same user on this device, never for another user who logs in there.
 */

const shot = shooter('session-end-drafts');

async function loginAs(page: Page, username: string, password: string) {
  const login = new LoginScreen(page);
  await login.open();
  await login.login(username, password);
  await page.waitForURL('**/tabs/home', { timeout: 30_000 });
}

describe('a half-typed invoice outlives the session (t20 E1)', () => {
  it('is kept when the session ends, is not shown to another user of the device, and is back in the form for the same user', async () => {
    const ada = await seedOwner('sed', 'ada', { name: 'Ada', company: 'Ada Tailors', country: 'Nigeria' });
    const bola = await seedOwner('sed', 'bola', { name: 'Bola', company: 'Bola Salon', country: 'Nigeria' });
    await apiJson('/contacts', { token: ada.token, body: { name: 'Abebe Kebede', email: 'abebe@example.com' } });
    const { context, page } = await newPage(PHONE);
    try {
      await loginAs(page, String(ada.user.username), 'sed-pass-12345');
      await page.goto('/new-invoice');
      await page.getByRole('button', { name: 'Choose a client' }).click();
      await page
        .getByRole('dialog', { name: 'Select A Customer' })
        .getByRole('button', { name: /Abebe Kebede/ })
        .click();
      await page.getByRole('button', { name: 'Add line' }).click();
      await page.getByLabel('Description 1', { exact: true }).fill('Draft typed before expiry');
      await page.getByLabel('Unit price 1', { exact: true }).fill('4500');
      await page.getByTestId('draft-notice').getByText('Not saved yet: what you type is kept on this device until you save or discard it.').waitFor();

      // The password is changed on another device: this device's session is over.
      await apiJson('/users/change-password', { token: ada.token, body: { user: { old_password: 'sed-pass-12345', password: 'sed-pass-67890' } } });
      await page.goto('/tabs/home');
      await page.waitForURL('**/login', { timeout: 30_000 });
      await page
        .getByTestId('kept-notice')
        .getByText('Your session ended. What you were typing is kept on this device: log in again to carry on where you stopped.', { exact: true })
        .waitFor({ timeout: 30_000 });
      await shot(page, 'login-kept');

      // Another user on this device sees nothing of it, and their log out does not throw it away.
      await loginAs(page, String(bola.user.username), 'sed-pass-12345');
      await page.goto('/new-invoice');
      await page.getByRole('button', { name: 'Choose a client' }).waitFor({ timeout: 30_000 });
      await expect(page.getByTestId('draft-notice').count()).resolves.toBe(0);
      await expect(page.getByText('Draft typed before expiry').count()).resolves.toBe(0);
      await new Shell(page, true).logout();

      // The same user logs in again: the invoice is back in its form, with the note that it was kept.
      await loginAs(page, String(ada.user.username), 'sed-pass-67890');
      await page.goto('/new-invoice');
      await page
        .getByTestId('draft-notice')
        .getByText(/was kept on this device/)
        .waitFor({ timeout: 30_000 });
      await page.getByTestId('chosen-client').filter({ hasText: 'Abebe Kebede' }).waitFor();
      await expect(page.getByLabel('Description 1', { exact: true }).inputValue()).resolves.toBe('Draft typed before expiry');
      await expect(page.getByLabel('Unit price 1', { exact: true }).inputValue()).resolves.toMatch(/^4,?500(\.00)?$/);
      await shot(page, 'restored');
    } finally {
      await context.close();
    }
  });
});
