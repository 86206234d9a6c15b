import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

const shot = shooter('vat-foreign-expense');
const spaces = (s: string | null) => (s ?? '').replace(/\s/g, ' ');

/**
 * A Zimbabwean owner pays a bus fare in US dollars with VAT inside: the expense was saved, but the VAT return (in ZiG)
 * left its input tax out without a word, so the owner would have paid too much VAT. The expense now takes the rate of
 * its day and the return counts its tax at it; one entered without a rate is named, with a link to enter it.
 */
describe('an expense in US dollars in a Zimbabwean business’s VAT return, at 360 px', () => {
  it('is counted in ZiG at its exchange rate; one with no rate is named and left out', async () => {
    const owner = await seedOwner('vatx', 'zw', { name: 'Tendai', company: 'Moyo Hardware', country: 'Zimbabwe' });
    const { context, page } = await signedInDevice(PHONE, owner);
    try {
      // `offered`: the rate the field starts from (the one last entered for USD expenses).
      const addExpense = async (vendor: string, amount: string, rate: string, offered: string) => {
        await page.goto('/expense?new=1');
        await page.getByRole('textbox', { name: 'Amount' }).fill(amount);
        await page.getByRole('combobox', { name: 'Currency' }).click();
        await page.getByRole('option', { name: /^USD/ }).click();
        const rateField = page.getByRole('textbox', { name: 'Exchange rate: 1 USD in ZWG' });
        await rateField.waitFor();
        expect(await rateField.inputValue()).toBe(offered);
        await rateField.fill(rate);
        await page.getByRole('combobox', { name: 'Category' }).fill('Transport');
        await page.getByRole('textbox', { name: 'Paid to (vendor)' }).fill(vendor);
        await page.locator('label', { hasText: /^Rate$/ }).click();
        // VAT 15.5% inside: $50.00 → $6.71; $23.10 → $3.10.
        await expect.poll(async () => spaces(await page.getByText(/^Input tax: /).textContent())).toMatch(/^Input tax: \$(6\.71|3\.10) /);
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL(/\/tabs\/expense$/);
      };
      // A rate typed wrongly is refused with a sentence, nothing saved.
      await page.goto('/expense?new=1');
      await page.getByRole('textbox', { name: 'Amount' }).fill('50');
      await page.getByRole('combobox', { name: 'Currency' }).click();
      await page.getByRole('option', { name: /^USD/ }).click();
      await page.getByRole('textbox', { name: 'Exchange rate: 1 USD in ZWG' }).fill('26,80,1');
      await page.getByRole('combobox', { name: 'Category' }).fill('Transport');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Enter the exchange rate as a number more than 0, like 26.80 (no thousands separator)').waitFor();
      await shot(page, 'rate-refused');
      await page.getByRole('button', { name: 'Discard draft' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Discard draft' }).click();

      await addExpense('Zupco', '50', '26.8', '');
      // The last rate is offered; this owner clears it (the fuel receipt's day had no rate known yet).
      await addExpense('Total Energies', '23.10', '', '26.8');

      await page.goto('/report/vat');
      // $6.71 × 26.80 = ZiG 179.83 counted; the second expense ($3.10, no rate) named, not counted.
      await expect
        .poll(async () => spaces(await page.getByTestId('vat-foreign-expenses-USD').textContent()), { timeout: 30_000 })
        .toBe('1 expense in USD: input tax $6.71, counted above as ZiG 179.83 at its exchange rate.');
      await page.getByText('Input tax (expenses)').waitFor();
      expect(spaces(await page.getByTestId('vat-no-rate-USD').textContent())).toContain('Total Energies');
      await page.getByTestId('vat-no-rate-USD').getByRole('link', { name: 'Total Energies' }).waitFor();
      await shot(page, 'return');
      // The link opens the expense, where the rate is entered: then it counts too ($3.10 × 27 = ZiG 83.70).
      await page.getByTestId('vat-no-rate-USD').getByRole('link', { name: 'Total Energies' }).click();
      await page.getByRole('textbox', { name: 'Exchange rate: 1 USD in ZWG' }).fill('27');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/tabs\/expense$/);
      await page.goto('/report/vat');
      await expect
        .poll(async () => spaces(await page.getByTestId('vat-foreign-expenses-USD').textContent()), { timeout: 30_000 })
        .toBe('2 expenses in USD: input tax $9.81, counted above as ZiG 263.53 at each one’s exchange rate.');
      expect(await page.getByTestId('vat-no-rate-USD').count()).toBe(0);
      // Synced: the server holds both rates, and its return (GET /api/reports/vat) counts the same ZiG 263.53.
      type Listed = { records: Array<{ vendor: string; exchange_rate: number | null; date: string }> };
      const rates = async () =>
        Object.fromEntries((await apiJson<Listed>('/expenses?limit=10', { token: owner.token })).records.map((e) => [e.vendor, e.exchange_rate]));
      await expect.poll(rates, { timeout: 30_000, interval: 500 }).toEqual({ Zupco: 26.8, 'Total Energies': 27 });
      const day = (await apiJson<Listed>('/expenses?limit=10', { token: owner.token })).records[0]!.date;
      const v = await apiJson<{ input_tax: number; expense_count: number }>(`/reports/vat?from=${day}&to=${day}`, { token: owner.token });
      expect(v).toMatchObject({ input_tax: 26_353, expense_count: 2 });
    } finally {
      await context.close();
    }
  });
});
