import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { DESKTOP, newPage, PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';
import { expectToast, recordToasts } from '../support/pages/accounts';
import { solidPng } from '../support/png';

/** Issue 14 items 2, 8, 9 and 13: Enter in forms, quote words, the e-mail dialog, receipt photos. */

const shot = shooter('forms');
const list = <T>(body: T[] | { records?: T[] }): T[] => (Array.isArray(body) ? body : (body.records ?? []));

describe('forms (issue 14)', () => {
  it('Enter in a combobox or a middle field never saves a half-filled expense; Save does (360 px); the receipt input lets people pick a photo and says when it is uploaded', async () => {
    const owner = await seedOwner('frm', 'exp', { name: 'Tunde', company: 'Tunde Tailors', country: 'Nigeria' });
    const { context, page } = await signedInDevice(PHONE, owner);
    await recordToasts(page);
    try {
      await page.goto('/expense?new=1');
      await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('2500');
      const category = page.getByRole('combobox', { name: 'Category' });
      await category.fill('Tailoring thread');
      await category.press('Enter');
      await page.getByLabel('Paid to (vendor)').fill('Balogun market');
      await page.getByLabel('Paid to (vendor)').press('Enter');
      await page.getByRole('textbox', { name: 'Amount', exact: true }).press('Enter');
      await page.waitForTimeout(800);
      expect(new URL(page.url()).pathname).toBe('/expense');
      await expect(category.inputValue()).resolves.toBe('Tailoring thread');
      await expect(page.evaluate(() => (window.__toasts ?? []).filter((t) => t === 'Expense saved').length)).resolves.toBe(0);
      await shot(page, 'phone-expense-after-enter');

      // The photo input offers the camera or existing photos (no forced camera).
      const input = page.locator('input[type=file][accept="image/*"]');
      await expect(input.getAttribute('capture')).resolves.toBeNull();
      await page.getByText('Take a photo or choose one you already have.').waitFor();
      await input.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: solidPng(64, 48) });
      await page.getByText('Kept on this device until it is uploaded.').waitFor();

      await page.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Expense saved');
      await page.waitForURL('**/tabs/expense');
      // Exactly one expense reaches the server, with its receipt.
      await expect
        .poll(async () => list(await apiJson<{ category: string; receipt_url: string | null }[]>('/expenses', { token: owner.token })), { timeout: 30_000 })
        .toEqual([expect.objectContaining({ category: 'Tailoring thread', receipt_url: expect.any(String) })]);
      // Once uploaded, the expense says so.
      await page.getByText('Tailoring thread · Balogun market').click();
      await page.getByText('Uploaded: the receipt is saved with this expense.').waitFor({ timeout: 30_000 });
      await shot(page, 'phone-expense-uploaded');
    } finally {
      await context.close();
    }
  });

  it('Enter in the last field submits (log in from the password), not from an earlier one', async () => {
    const owner = await seedOwner('frm', 'log', { name: 'Ama', company: 'Ama Prints' });
    const { context, page } = await newPage(DESKTOP);
    try {
      await page.goto('/login');
      // The app's own form (typing into the screen drawn in the HTML before it is there is quick-login.spec's).
      await page.locator('[data-first-paint]').waitFor({ state: 'detached' });
      await page.getByLabel('Username or e-mail').fill(String(owner.user.username));
      await page.getByLabel('Username or e-mail').press('Enter');
      await page.waitForTimeout(500);
      await page
        .getByText('This field is required')
        .count()
        .then((n) => expect(n).toBe(0));
      await page.getByLabel('Password', { exact: true }).fill('frm-pass-12345');
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await page.waitForURL('**/tabs/home');
    } finally {
      await context.close();
    }
  });

  it('quotes speak of quotes, and the E-mail dialog is filled with the client e-mail', async () => {
    const owner = await seedOwner('frm', 'quo', { name: 'Zawadi', company: 'Zawadi Salon', country: 'Kenya' });
    await apiJson('/contacts', { token: owner.token, body: { name: 'Neema Wambui', email: 'neema@example.com' } });
    const { context, page } = await signedInDevice(DESKTOP, owner);
    await recordToasts(page);
    try {
      await page.goto('/tabs/invoice');
      await page.locator('label', { hasText: 'Quotes' }).first().click();
      await page.getByText('No quotes yet').waitFor();
      await page.getByText('Create your first quote: it is saved on this device and works offline.').waitFor();
      await shot(page, 'desktop-quotes-empty');
      await page.goto('/tabs/home');
      await page.getByText('Neema Wambui').waitFor({ timeout: 30_000 });
      await page.goto('/new-invoice?kind=quote');
      await page.getByRole('button', { name: 'Choose a client' }).click();
      await page
        .getByRole('dialog', { name: 'Select A Customer' })
        .getByRole('button', { name: /Neema Wambui/ })
        .click();
      await page.getByRole('button', { name: 'Add line' }).click();
      await page.getByLabel('Description 1', { exact: true }).fill('Bridal hair');
      await page.getByLabel('Unit price 1', { exact: true }).fill('12000');
      await page.getByRole('button', { name: 'Finish' }).click();
      await expectToast(page, 'Quote QUO-0001 is ready');
      await page.getByTestId('needs-sync').waitFor({ state: 'detached', timeout: 30_000 });
      await page.getByRole('button', { name: 'E-mail', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'E-mail' });
      await expect(dialog.getByLabel('Send to').inputValue()).resolves.toBe('neema@example.com');
      await shot(page, 'desktop-email-dialog');
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expectToast(page, 'Quote sent to neema@example.com');
    } finally {
      await context.close();
    }
  });
});
