import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { newPage, PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

const shot = shooter('whole-shillings');
const width = (page: import('playwright-core').Page) => page.evaluate(() => document.documentElement.scrollWidth);
/** The notice's right edge, and whether its own content is wider than it (a dialog clips what overflows it). */
const fits = async (notice: import('playwright-core').Locator) => {
  const box = await notice.boundingBox();
  const inside = await notice.evaluate((el) => Array.from(el.querySelectorAll('*')).every((c) => c.scrollWidth <= c.clientWidth + 1));
  return !!box && box.x + box.width <= PHONE.width && inside;
};

/**
 * t17 K0 / h110 at 360 px: Unga KSh210 + VAT 16% on top is KSh243.60, which M-Pesa and Airtel Money cannot take
 * (whole shillings only). eTIMS (TEST MODE on a fresh install) signs the invoice when it is finished, and a signed
 * invoice cannot change, so the editor offers the rounding and Finish asks before signing. Rounded, the pay page
 * offers M-Pesa for KSh243.00 and the payment (the e2e server's local Daraja) makes the invoice Paid.
 */
describe('whole shillings before eTIMS signs (t17 K0)', () => {
  it('a Kenyan owner rounds KSh243.60 down to KSh243.00 at Finish, and the client pays it by M-Pesa', async () => {
    const owner = await seedOwner('whole', 'k', { name: 'Wanjiru', company: 'Wanjiru Unga', country: 'Kenya' });
    const token = owner.token;
    await apiJson('/contacts', { token, body: { name: 'Otieno Hardware', phone: '+254712345678', language: 'en' } });
    await apiJson('/catalogs', { token, body: { name: 'Unga 2kg', unit_price: 21_000 } });
    // VAT added on top of the price (a new Kenyan business has it inside prices, t17 K1): the case with cents.
    const fees = await apiJson<{ records: Array<{ id: string; default_on: boolean }> }>('/fees', { token });
    for (const f of fees.records) if (f.default_on) await apiJson(`/fees/${f.id}`, { method: 'PATCH', token, body: { default_on: false } });
    await apiJson('/fees', {
      token,
      body: { name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 1600, amount: 0, inclusive: false, default_on: true },
    });

    const { context, page } = await signedInDevice(PHONE, owner);
    try {
      await page.goto('/tabs/invoice');
      await page.getByRole('heading', { name: 'Invoices', exact: true }).waitFor();
      await page.waitForFunction(() => (window as unknown as { __dukaInvoicesWarm?: boolean }).__dukaInvoicesWarm === true, undefined, {
        timeout: 30_000,
        polling: 250,
      });
      await page.getByRole('link', { name: 'New invoice' }).first().click();
      await page.getByRole('button', { name: 'Choose a client' }).click();
      await page
        .getByRole('dialog', { name: 'Select A Customer' })
        .getByRole('button', { name: /Otieno Hardware/ })
        .click();
      await page.getByTestId('chosen-client').filter({ hasText: 'Otieno Hardware' }).waitFor();
      await page.getByRole('button', { name: 'Add from catalog' }).click();
      await page.getByTestId('catalog-option').filter({ hasText: 'Unga 2kg' }).click();
      await page
        .getByTestId('total-due')
        .filter({ hasText: /^KSh243\.60$/ })
        .waitFor();

      // The editor says why and offers the rounding; Finish asks once more before the invoice is signed.
      const notice = page.getByTestId('whole-shillings');
      await notice.getByText('M-Pesa, Airtel Money: whole shillings only', { exact: true }).waitFor();
      await notice.getByRole('button', { name: 'Round down to KSh243.00', exact: true }).waitFor();
      await notice.scrollIntoViewIfNeeded();
      expect(await width(page)).toBeLessThanOrEqual(PHONE.width);
      expect(await fits(notice)).toBe(true);
      await shot(page, 'editor');
      await page.getByRole('button', { name: 'Finish', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Finish at KSh243.60', exact: true }).waitFor();
      expect(await width(page)).toBeLessThanOrEqual(PHONE.width);
      expect(await fits(dialog.getByTestId('whole-shillings'))).toBe(true);
      await shot(page, 'finish');
      await dialog.getByRole('button', { name: 'Round down to KSh243.00 and finish', exact: true }).click();
      await page.waitForURL(/\/invoices\/[0-9a-f-]{36}$/);
      const id = page.url().split('/').pop()!;
      await page.getByTestId('needs-sync').waitFor({ state: 'detached', timeout: 30_000 });
      // Signed in TEST MODE with the rounded figures; no notice is left to show.
      await page.getByTestId('fiscal-block').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('whole-shillings').count()).toBe(0);
      expect(await page.getByTestId('view-balance').textContent()).toBe('KSh243.00');
      const saved = await apiJson<{ public_id: string; discount_total: number; tax_total: number; total_due: number }>(`/invoices/${id}`, { token });
      expect(saved).toMatchObject({ discount_total: 52, tax_total: 3_352, total_due: 24_300 });
      const fiscal = await apiJson<{ state: string }>(`/invoices/${id}/fiscal`, { token });
      expect(fiscal.state).toBe('fiscalised');
      await page.getByRole('button', { name: 'Mark sent', exact: true }).click();
      await page.getByText('Marked as sent', { exact: true }).waitFor();
      await shot(page, 'signed');

      // The client's page: M-Pesa takes the whole amount, and the payment goes through to Paid.
      const client = await newPage(PHONE);
      try {
        await client.page.goto(`/invoice/link/${saved.public_id}`);
        const pay = client.page.getByRole('button', { name: 'Pay KSh243.00 with M-Pesa', exact: true });
        await pay.waitFor();
        expect(await pay.isEnabled()).toBe(true);
        await pay.click();
        await client.page.getByLabel('M-Pesa phone number').fill('0712 345 678');
        await client.page.getByRole('button', { name: 'Send the prompt to my phone' }).click();
        await client.page.getByText('Check your phone').waitFor();
        await client.page.waitForURL(/\/thank-you\?invoice=/, { timeout: 30_000 });
        await client.page.goto(`/invoice/link/${saved.public_id}`);
        await client.page
          .getByTestId('public-status')
          .filter({ hasText: /^Paid$/ })
          .waitFor({ timeout: 20_000 });
        expect(await width(client.page)).toBeLessThanOrEqual(PHONE.width);
        await shot(client.page, 'paid');
      } finally {
        await client.context.close();
      }
      const paid = await apiJson<{ status: string; balance: number; payments: Array<{ amount: number }> }>(`/invoices/${id}`, { token });
      expect(paid).toMatchObject({ status: 'paid', balance: 0 });
      expect(paid.payments.map((p) => p.amount)).toEqual([24_300]);
    } finally {
      await context.close();
    }
  });
});
