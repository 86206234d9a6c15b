import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

const shot = shooter('vat-return');

/**
 * Issue 26: at 360 px the VAT return fits the screen (a card per rate, nothing scrolls sideways) and each figure says
 * its basis (after or before credit notes); the public page of a credited invoice says what was credited.
 */
describe('VAT return and a credited invoice at 360 px', () => {
  it('shows one card per rate with the basis of each figure, and the public page a Credited line', async () => {
    const owner = await seedOwner('vatret', 'v', { name: 'Achieng', company: 'Achieng Hardware', country: 'Kenya' });
    const token = owner.token;
    const client = await apiJson<{ id: string }>('/contacts', { token, body: { name: 'Otieno Builders' } });
    const vat16 = { id: 'vat16', name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 1600, amount: 0, inclusive: false };
    const vat8 = { id: 'vat8', name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 800, amount: 0, inclusive: false };
    // Cement 2 × 1,000 at 16% and fuel 1 × 2,500 at 8%: 4,500 + 320 + 200 = KSh5,020.
    const cement = crypto.randomUUID();
    const inv = await apiJson<{ id: string; public_id: string; total_due: number }>('/invoices', {
      token,
      body: {
        contact_id: client.id,
        currency: 'KES',
        status: 'sent',
        lines: [
          { id: cement, description: 'Cement', quantity: 2, unit_price: 100_000, fee_ids: [vat16.id] },
          { id: crypto.randomUUID(), description: 'Fuel', quantity: 1, unit_price: 250_000, fee_ids: [vat8.id] },
        ],
        fees: [vat16, vat8],
        fee_ids: [],
      },
    });
    expect(inv.total_due).toBe(502_000);
    // One bag credited: 1,000 + 160 = KSh1,160.
    const cn = await apiJson<{ total_due: number }>(`/invoices/${inv.id}/credit-notes`, {
      token,
      body: { lines: [{ line_id: cement, quantity: 1 }], reason: 'Wet bag' },
    });
    expect(cn.total_due).toBe(116_000);

    const { context, page } = await signedInDevice(PHONE, owner);
    try {
      await page.goto('/report/vat');
      const cards = page.getByTestId('vat-rate-card');
      await cards.nth(1).waitFor({ timeout: 30_000 });
      // The 16% card: taxable after the credit note 1,000; tax on the invoice 320; less 160; net 160.
      const first = (await cards.first().innerText()).replace(/\s+/g, ' ');
      expect(first).toContain('VAT 16%');
      expect(first).toMatch(/Taxable, after credit notes KSh1,000\.00/);
      expect(first).toMatch(/Output tax on invoices KSh320\.00/);
      expect(first).toMatch(/Less tax on credit notes -KSh160\.00/);
      expect(first).toMatch(/Net output tax KSh160\.00/);
      await page.getByTestId('vat-basis').waitFor();
      // The wide table is for wider screens only.
      expect(await page.getByTestId('vat-rates').isVisible()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      // Net payable: 320 + 200 − 160 = KSh360.00 (no expenses).
      await expect.poll(() => page.getByTestId('vat-net').getAttribute('data-minor')).toBe('36000');
      await page.getByTestId('vat-basis').scrollIntoViewIfNeeded();
      await shot(page, 'phone');

      // A custom period typed with the keyboard in the app's date format (issue 23), not the browser's: the field
      // reads "1 Jan 26", Tab goes on to its calendar button (named for screen readers), then to the To field.
      await page.getByTestId('vat-period').selectOption('custom');
      const from = page.getByRole('textbox', { name: 'From', exact: true });
      await from.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('1 Jan 26');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Choose From on a calendar');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{2}$/);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('31/12/2026');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('vat-period-line').textContent()).toBe('1 Jan 26 – 31 Dec 26');
      expect(await from.inputValue()).toBe('1 Jan 26');
      expect(await page.getByRole('textbox', { name: 'To', exact: true }).inputValue()).toBe('31 Dec 26');
      await expect.poll(() => page.getByTestId('vat-net').getAttribute('data-minor')).toBe('36000');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await shot(page, 'custom-dates');

      // The public page: total 5,020, credited 1,160, balance 3,860.
      await page.goto(`/invoice/link/${inv.public_id}`);
      await expect.poll(() => page.getByTestId('public-credited').textContent(), { timeout: 30_000 }).toBe('-KSh1,160');
      expect(await page.getByTestId('public-balance').textContent()).toBe('KSh3,860');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await shot(page, 'public-credited');
    } finally {
      await context.close();
    }
  });
});
