import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { newPage, PHONE } from '../support/browser';
import { layoutProblems } from '../support/layout';
import { seedOwner, signedInDevice } from '../support/owner';

const shot = shooter('counter-whole-shillings');

/**
 * h120 at 360 px: at the counter, Unga KSh210 + VAT 16% on top is KSh243.60, which M-Pesa and Airtel Money cannot take
 * (whole shillings only). Sent as a pay link, the sale would be owed KSh243.60 that the client's M-Pesa cannot pay: the
 * payment panel offers the same rounding as the invoice editor (core's rule), and the client then pays KSh243.00 by
 * M-Pesa (the e2e server's local Daraja) to Paid.
 */
describe('the counter rounds a pay link to whole shillings (Kenya)', () => {
  it('a sale of KSh243.60 sent as a pay link is rounded to KSh243.00, and the client pays it by M-Pesa', async () => {
    const owner = await seedOwner('cwhole', 'k', { name: 'Achieng', company: 'Achieng Duka', country: 'Kenya' });
    const token = owner.token;
    await apiJson('/catalogs', { token, body: { name: 'Unga 2kg', unit_price: 21_000 } });
    // VAT added on top of the price (a new Kenyan business has it inside prices, t17 K1): the case with cents.
    const fees = await apiJson<{ records: Array<{ id: string; default_on: boolean }> }>('/fees', { token });
    for (const f of fees.records) if (f.default_on) await apiJson(`/fees/${f.id}`, { method: 'PATCH', token, body: { default_on: false } });
    await apiJson('/fees', {
      token,
      body: { name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 1600, amount: 0, inclusive: false, default_on: true },
    });

    const { context, page } = await signedInDevice(PHONE, owner);
    const status = page.getByTestId('sync-status');
    try {
      await page.goto('/tabs/home');
      await status.getByText('All changes saved').waitFor({ timeout: 30_000 });
      await page.getByTestId('sell').click();
      await page.getByRole('heading', { name: 'New sale' }).waitFor();
      await page.getByRole('button', { name: /^Unga 2kg, / }).click();
      await page
        .getByTestId('pay-cash')
        .filter({ hasText: /^Cash KSh243\.60$/ })
        .waitFor();
      await page.getByRole('button', { name: 'Other payment' }).click();
      const panel = page.getByRole('region', { name: 'Take payment' });
      // Cash takes cents: no offer until the pay link is chosen.
      expect(await panel.getByTestId('whole-shillings').count()).toBe(0);
      await panel.getByText('Pay link', { exact: true }).click();
      const offer = panel.getByTestId('whole-shillings');
      await offer.getByText('M-Pesa, Airtel Money: whole shillings only', { exact: true }).waitFor();
      await offer.scrollIntoViewIfNeeded();
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, 'offer');
      await offer.getByRole('button', { name: 'Round down to KSh243.00', exact: true }).click();
      await panel.getByText(/^Take payment · KSh243(\.00)?$/).waitFor();
      expect(await offer.count()).toBe(0);
      await page.getByTestId('pay-done').click();
      await page
        .getByTestId('sale-receipt')
        .getByRole('heading', { name: /^Sale SAL-0001: KSh243(\.00)? owed$/ })
        .waitFor();
      // The receipt says what the cents were: Rounding, not a discount the owner gave.
      expect(await page.getByTestId('receipt-rounding').textContent()).toBe('Rounding-KSh0.52');
      expect(await page.getByTestId('sale-receipt').getByText('Discount', { exact: true }).count()).toBe(0);
      const link = (await page.getByTestId('pay-link-panel').getByTestId('pay-link').textContent()) ?? '';
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, 'owed');
      await status.getByText('All changes saved').waitFor({ timeout: 30_000 });
      const sales = await apiJson<{ records: Array<{ id: string; number: string; discount_total: number; total_due: number; balance: number }> }>(
        '/invoices?kind=sale',
        { token },
      );
      const sale = sales.records.find((s) => s.number === 'SAL-0001');
      // The same figures as the invoice editor's rounding: 52 cents off the price, VAT on the lower price.
      expect(sale).toMatchObject({ discount_total: 52, total_due: 24_300, balance: 24_300 });

      // The client's page: M-Pesa takes the whole amount, and the payment goes through to Paid.
      const client = await newPage(PHONE);
      try {
        await client.page.goto(new URL(link).pathname);
        const pay = client.page.getByRole('button', { name: 'Pay KSh243.00 with M-Pesa', exact: true });
        await pay.waitFor();
        // The client's page names the rounding too.
        expect(await client.page.getByTestId('public-rounding').textContent()).toBe('-KSh0.52');
        expect(await client.page.getByText('Rounding', { exact: true }).count()).toBe(1);
        expect(await client.page.getByText('Discount', { exact: true }).count()).toBe(0);
        expect(await pay.isEnabled()).toBe(true);
        await pay.click();
        await client.page.getByLabel('M-Pesa phone number').fill('0712 345 678');
        await client.page.getByRole('button', { name: 'Send the prompt to my phone' }).click();
        await client.page.getByText('Check your phone', { exact: true }).waitFor();
        await client.page.waitForURL(/\/thank-you\?invoice=/, { timeout: 30_000 });
        await client.page.goto(new URL(link).pathname);
        await client.page
          .getByTestId('public-status')
          .filter({ hasText: /^Paid$/ })
          .waitFor({ timeout: 20_000 });
        await shot(client.page, 'paid');
      } finally {
        await client.context.close();
      }
      const paid = await apiJson<{ status: string; balance: number; payments: Array<{ amount: number }> }>(`/invoices/${sale!.id}`, { token });
      expect(paid).toMatchObject({ status: 'paid', balance: 0 });
      expect(paid.payments.map((p) => p.amount)).toEqual([24_300]);
    } finally {
      await context.close();
    }
  });
});
