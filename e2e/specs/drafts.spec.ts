import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { controlledByServiceWorker, PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';
import { Shell } from '../support/pages/accounts';

/** Issue 23 item 5: a half-typed invoice is kept on the device until it is saved or discarded on purpose. */

const shot = shooter('drafts');
const status = (page: Page) => page.getByTestId('sync-status');

async function expectHalfTyped(page: Page) {
  await page.getByTestId('draft-notice').waitFor({ timeout: 30_000 });
  await page.getByTestId('chosen-client').filter({ hasText: 'Chidi Okafor' }).waitFor();
  await expect(page.getByLabel('Description 1', { exact: true }).inputValue()).resolves.toBe('Wedding gown');
  await expect(page.getByLabel('Unit price 1', { exact: true }).inputValue()).resolves.toMatch(/^95,?000(\.00)?$/);
  await expect(page.getByLabel('Notes', { exact: true }).inputValue()).resolves.toBe('Fitting on Friday');
}

describe('drafts of long forms (issue 23 item 5)', () => {
  it('keeps a half-typed invoice across another tab, a reload and going offline; discard asks first; log out warns', async () => {
    const owner = await seedOwner('drf', 'ng', { name: 'Tunde', company: 'Tunde Tailors', country: 'Nigeria' });
    await apiJson('/contacts', { token: owner.token, body: { name: 'Chidi Okafor', email: 'chidi@example.com' } });
    const { context, page } = await signedInDevice(PHONE, owner, { swNow: true, aiBannerDismissed: true });
    try {
      await page.goto('/tabs/home');
      await page.getByText('Chidi Okafor').waitFor({ timeout: 30_000 });
      await controlledByServiceWorker(page);

      await page.goto('/new-invoice');
      await page.getByRole('button', { name: 'Choose a client' }).click();
      await page
        .getByRole('dialog', { name: 'Select A Customer' })
        .getByRole('button', { name: /Chidi Okafor/ })
        .click();
      await page.getByRole('button', { name: 'Add line' }).click();
      await page.getByLabel('Description 1', { exact: true }).fill('Wedding gown');
      await page.getByLabel('Unit price 1', { exact: true }).fill('95000');
      await page.getByLabel('Notes', { exact: true }).fill('Fitting on Friday');
      await page.getByTestId('draft-notice').waitFor();

      // 1. Another tab, then back to a new invoice.
      await page.getByRole('link', { name: 'Clients' }).first().click();
      await page.waitForURL('**/tabs/home');
      await page.goto('/new-invoice');
      await expectHalfTyped(page);
      await shot(page, 'phone-restored');

      // 2. A reload.
      await page.reload();
      await expectHalfTyped(page);

      // 3. Offline: leave and come back, with a reload, and the draft is still there.
      await context.setOffline(true);
      await status(page).getByText('Offline').waitFor();
      await page.goto('/tabs/home');
      await page.goto('/new-invoice');
      await expectHalfTyped(page);

      // Log out warns that the draft will go, and Stay keeps it.
      const shell = new Shell(page, true);
      await shell.menu('Log Out');
      const dialog = page.getByRole('dialog', { name: 'Log Out' });
      await dialog.getByText('1 form you started on this device is not saved. Logging out removes it.').waitFor({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Stay' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await context.setOffline(false);

      // Discard asks first; Keep it keeps it.
      const notice = page.getByTestId('draft-notice');
      await notice.getByRole('button', { name: 'Discard draft' }).click();
      const confirm = page.getByRole('dialog', { name: 'Discard this draft?' });
      await confirm.getByRole('button', { name: 'Keep it' }).click();
      await expect(page.getByLabel('Notes', { exact: true }).inputValue()).resolves.toBe('Fitting on Friday');
      await confirm.waitFor({ state: 'hidden' });
      await notice.getByRole('button', { name: 'Discard draft' }).click();
      await confirm.getByRole('button', { name: 'Discard draft' }).click();
      await page.getByTestId('chosen-client').filter({ hasText: 'Choose a client' }).waitFor();
      await expect(page.getByLabel('Notes', { exact: true }).inputValue()).resolves.toBe('');
      await expect(page.getByTestId('draft-notice').count()).resolves.toBe(0);
      await page.reload();
      await page.getByTestId('chosen-client').filter({ hasText: 'Choose a client' }).waitFor();
      await expect(page.getByTestId('draft-notice').count()).resolves.toBe(0);

      // Saved: the draft is gone.
      await page.getByLabel('Notes', { exact: true }).fill('Second try');
      await page.getByTestId('draft-notice').waitFor();
      await page.getByRole('button', { name: 'Choose a client' }).click();
      await page
        .getByRole('dialog', { name: 'Select A Customer' })
        .getByRole('button', { name: /Chidi Okafor/ })
        .click();
      await page.getByRole('button', { name: 'Add line' }).click();
      await page.getByLabel('Description 1', { exact: true }).fill('Kaftan');
      await page.getByLabel('Unit price 1', { exact: true }).fill('12000');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await page.waitForURL('**/invoices/drafts');
      await page.goto('/new-invoice');
      await page.getByTestId('chosen-client').filter({ hasText: 'Choose a client' }).waitFor();
      await expect(page.getByTestId('draft-notice').count()).resolves.toBe(0);

      // Item 14: Finish while online never says "next time you are online".
      await page.goto('/invoices/drafts');
      await page.getByTestId('draft-row').first().getByRole('link', { name: 'Resume' }).click();
      await page.waitForURL(/new-invoice\?id=/);
      await page.evaluate(() => {
        const w = window as unknown as { __offlineText?: boolean };
        w.__offlineText = false;
        new MutationObserver(() => {
          if (document.body.innerText.includes('next time you are online')) w.__offlineText = true;
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await page.getByRole('button', { name: 'Finish' }).click();
      await page.waitForURL(/\/invoices\/[0-9a-f-]{36}$/);
      await page.getByTestId('needs-sync').waitFor({ state: 'detached', timeout: 30_000 });
      await expect(page.evaluate(() => (window as unknown as { __offlineText?: boolean }).__offlineText)).resolves.toBe(false);
    } finally {
      await context.close();
    }
  });
});
