import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { DESKTOP, PHONE } from '../support/browser';
import { layoutProblems } from '../support/layout';
import { seedOwner, signedInDevice } from '../support/owner';

/**
 * t21 P4: at the end of the day the shopkeeper opens "End of day" from the Sell screen and sees what to count the till
 * against: the day's sales, money received by method, and the cash expected in the drawer (360 px, then French).
 */
const shot = shooter('counter-cash-up');

describe('End of day at the counter (t21 P4)', () => {
  it('shows the day’s sales and the cash expected in the drawer, at 360 px', async () => {
    const owner = await seedOwner('ccu', 'p', { name: 'Bola', company: 'Bola Stores', country: 'Nigeria' });
    await apiJson('/catalogs', { token: owner.token, body: { name: 'Zobo drink', unit_price: 50_000 } });
    const { context, page } = await signedInDevice(PHONE, owner);
    try {
      await page.goto('/tabs/home');
      await page.getByTestId('sync-status').getByText('All changes saved').waitFor({ timeout: 30_000 });
      await page.getByTestId('sell').click();
      // Nothing sold yet: the day is empty and says so.
      await page.getByRole('link', { name: 'End of day', exact: true }).click();
      await page.getByText(/^No sales, payments or refunds on /).waitFor();
      await page.getByRole('link', { name: 'Back to selling', exact: true }).click();
      // Two cash sales of one Zobo drink each (₦500 + VAT 7.5 % = ₦537.50).
      for (const n of [1, 2]) {
        await page.getByRole('button', { name: /^Zobo drink, / }).click({ timeout: 20_000 });
        await page.getByTestId('pay-cash').click();
        await page.getByRole('heading', { name: `Receipt SAL-000${n}` }).waitFor();
        await page.getByRole('button', { name: 'New sale', exact: true }).click();
      }
      await page.getByRole('link', { name: 'End of day', exact: true }).click();
      const sheet = page.getByTestId('cash-up');
      await sheet.waitFor();
      expect((await sheet.getByTestId('cash-up-sales').textContent())?.replace(/\s/g, ' ')).toMatch(/^Sales made2 sales₦1,075\.00$/);
      expect(await sheet.getByTestId('cash-up-in-cash').textContent()).toMatch(/^Cash2 payments₦1,075\.00$/);
      expect(await sheet.getByTestId('cash-up-cash').textContent()).toMatch(/^Cash expected in the drawer.*₦1,075\.00$/);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, 'en-360');
    } finally {
      await context.close();
    }
  });

  it('is in French for a French-speaking shop, empty first, then with its sale (360 px, plural forms)', async () => {
    const owner = await seedOwner('ccufr', 'p', { name: 'Awa', company: 'Awa Boutique', country: 'Cameroon', language: 'fr' });
    await apiJson('/catalogs', { token: owner.token, body: { name: 'Zobo drink', unit_price: 50_000 } });
    const { context, page } = await signedInDevice(PHONE, owner);
    try {
      await page.goto('/tabs/home');
      await page.getByTestId('sync-status').waitFor();
      await page.goto('/sell/cash-up');
      await page.getByText(/^Aucune vente, aucun paiement ni remboursement le /).waitFor({ timeout: 30_000 });
      await page.getByRole('link', { name: 'Retour à la vente', exact: true }).click();
      await page.getByRole('button', { name: /^Zobo drink, / }).click({ timeout: 20_000 });
      await page.getByTestId('pay-cash').click();
      await page.getByTestId('sale-receipt').waitFor();
      await page.goto('/sell/cash-up');
      const sheet = page.getByTestId('cash-up');
      await sheet.waitFor({ timeout: 30_000 });
      await sheet.getByText('Espèces attendues dans la caisse', { exact: true }).waitFor();
      await sheet.getByText('1 vente', { exact: true }).waitFor();
      await sheet.getByText('1 paiement', { exact: true }).waitFor();
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, 'fr-360');
    } finally {
      await context.close();
    }
  });

  it('h155: keeps the opening float and the count, says what is short, and the owner’s other device (desktop) sees them', async () => {
    const owner = await seedOwner('ccuf', 'p', { name: 'Bola', company: 'Bola Stores', country: 'Nigeria' });
    await apiJson('/catalogs', { token: owner.token, body: { name: 'Zobo drink', unit_price: 50_000 } });
    const { context, page } = await signedInDevice(PHONE, owner);
    try {
      await page.goto('/tabs/home');
      await page.getByTestId('sync-status').getByText('All changes saved').waitFor({ timeout: 30_000 });
      // Opening the shop: ₦2,000 in the drawer, nothing sold yet.
      await page.goto('/sell/cash-up');
      const form = page.getByRole('region', { name: 'Till in NGN' });
      await form.getByLabel('Opening float').fill('-50');
      await form.getByRole('button', { name: 'Save the till' }).click();
      // The field says what is wrong, and the form is not sent while it holds what cannot be read.
      await form.getByText('Enter an amount above 0', { exact: true }).waitFor();
      expect(await form.getByLabel('Opening float').getAttribute('aria-invalid')).toBe('true');
      await form.getByLabel('Opening float').fill('2000');
      await form.getByLabel('Opening float').press('Enter');
      await form.getByText('Saved on this device; it goes to your other devices when online.', { exact: true }).waitFor();
      // One cash sale (₦537.50).
      await page.goto('/sell');
      await page.getByRole('button', { name: /^Zobo drink, / }).click({ timeout: 20_000 });
      await page.getByTestId('pay-cash').click();
      await page.getByTestId('sale-receipt').waitFor();
      // Closing: the drawer holds ₦2,537, 50 kobo short.
      await page.goto('/sell/cash-up');
      const sheet = page.getByTestId('cash-up');
      await sheet.waitFor({ timeout: 30_000 });
      expect(await sheet.getByTestId('cash-up-float').textContent()).toMatch(/^Opening float₦2,000\.00$/);
      expect(await sheet.getByTestId('cash-up-cash').textContent()).toMatch(/^Cash expected in the drawer.*₦2,537\.50$/);
      await form.getByLabel('Cash counted').fill('2537');
      await form.getByRole('button', { name: 'Save the till' }).click();
      await sheet.getByText('Short', { exact: true }).waitFor();
      expect(await sheet.getByTestId('cash-up-difference').textContent()).toMatch(/^Short-₦0\.50$/);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, 'till-360');
      // The server agrees with the device.
      type Day = { currencies: Array<{ opening_float: number; cash_expected: number; counted: number | null; difference: number | null }> };
      const server = () => apiJson<Day>('/reports/cash-up', { token: owner.token });
      await expect.poll(async () => (await server()).currencies[0]?.counted, { timeout: 15_000 }).toBe(253_700);
      expect((await server()).currencies[0]).toMatchObject({ opening_float: 200_000, cash_expected: 253_750, counted: 253_700, difference: -50 });
    } finally {
      await context.close();
    }
    const other = await signedInDevice(DESKTOP, owner);
    try {
      await other.page.goto('/sell/cash-up');
      const sheet = other.page.getByTestId('cash-up');
      await sheet.getByText('Short', { exact: true }).waitFor({ timeout: 30_000 });
      expect(await sheet.getByTestId('cash-up-counted').textContent()).toMatch(/^Cash counted₦2,537\.00$/);
      expect(await layoutProblems(other.page)).toEqual([]);
      await shot(other.page, 'till-desktop');
    } finally {
      await other.context.close();
    }
  });
});
