import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { newPage, PHONE } from '../support/browser';
import { freshUser, RegisterScreen } from '../support/pages/accounts';

/**
 * A new account starts with its country's VAT on by default, but most small shops are not registered for VAT and may
 * not charge it: the welcome page asks, and "No" turns it off for new invoices, on this device and on the server.
 */
const shot = shooter('welcome-vat');

describe('the welcome page asks whether the business is registered for VAT', () => {
  it('a South African spaza that is not registered: VAT is off for new invoices (device and server), and can be turned on again', async () => {
    const u = { ...freshUser('vat'), company: 'Mokoena Spaza', country: 'South Africa' };
    const { context, page } = await newPage(PHONE);
    try {
      await page.goto('/register');
      const register = new RegisterScreen(page);
      await register.fill(u);
      await register.submit();
      await page.waitForURL('**/welcome/');
      const question = page.getByRole('region', { name: 'Is Mokoena Spaza registered for VAT?' });
      await question.getByText('Only a business registered for VAT may charge it. New invoices start with VAT 15% on.').waitFor({ timeout: 30_000 });
      await shot(page, 'question');
      await question.getByRole('button', { name: 'No, not registered' }).click();
      await page.getByText('Taxes are off for new invoices. Turn them on in Taxes and fees once you register for VAT.').waitFor();
      await shot(page, 'answered');

      const token = await page.evaluate(() => localStorage.getItem('token'));
      expect(token).toBeTruthy();
      // Uploaded by the sync the welcome page started.
      const vatOnServer = async () =>
        (await apiJson<{ records: Array<{ name: string; default_on: boolean }> }>('/fees', { token: token! })).records.find((f) => f.name === 'VAT 15%');
      await expect.poll(async () => (await vatOnServer())?.default_on, { timeout: 30_000 }).toBe(false);

      // The next invoice starts without VAT; the tax is still there to tick.
      await page.getByRole('link', { name: /Create an invoice/ }).click();
      const vat = page.getByRole('checkbox', { name: 'VAT 15% (inclusive)' });
      await vat.waitFor({ timeout: 30_000 });
      await expect(vat.isChecked()).resolves.toBe(false);

      // Registered later: Taxes and fees turns it on by default again.
      await page.goto('/tabs/fee');
      await page.getByRole('button', { name: /^VAT 15%/ }).click();
      await page.getByRole('switch', { name: 'Add to new invoices by default' }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(async () => (await vatOnServer())?.default_on, { timeout: 30_000 }).toBe(true);
    } finally {
      await context.close();
    }
  });
});
