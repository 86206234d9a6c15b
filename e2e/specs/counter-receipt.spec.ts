import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { baseUrl, PHONE } from '../support/browser';
import { layoutProblems } from '../support/layout';
import { seedOwner, signedInDevice } from '../support/owner';
import { solidPng } from '../support/png';

/**
 * Issue 28, what a new user found (t28 D1, D2, D4, D5, D9, D10) at 360 px: a quantity past core's limits is a
 * field error that blocks payment (never clamped, never a crash, the cart kept); the receipt shows the logo and
 * the client; its print view is a real 58 mm page (page.pdf with the CSS page size) with no amount broken in two.
 */
const shot = shooter('counter-receipt');

describe('the shop counter: quantities, receipt and print view (issue 28)', () => {
  it('refuses bad quantities without taking payment, and prints a 58 mm receipt with logo and client', async () => {
    const owner = await seedOwner('ctr3', 'r', { name: 'Ama', company: 'Ama Provisions', country: 'Ghana' });
    const token = owner.token;
    // The business logo, uploaded as the profile form does (multipart user[logo]).
    const form = new FormData();
    form.append('user[logo]', new Blob([new Uint8Array(solidPng(64, 32, [200, 30, 30]))], { type: 'image/png' }), 'logo.png');
    const res = await fetch(`${baseUrl()}/api/users/${String(owner.user.username)}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const user = { ...owner.user, ...((await res.json()) as Record<string, unknown>) };
    expect(user.logoUrl).toBeTruthy();
    await apiJson('/catalogs', { token, body: { name: 'Phone charging', unit_price: 123_450 } });
    await apiJson('/contacts', { token, body: { name: 'Kofi Boateng', phone: '+233244000222' } });

    const { context, page } = await signedInDevice(PHONE, { token, user });
    const status = page.getByTestId('sync-status');
    try {
      await page.goto('/tabs/home');
      await status.getByText('All changes saved').waitFor({ timeout: 30_000 });
      await page.getByTestId('sell').click();
      await page.getByRole('heading', { name: 'New sale' }).waitFor();
      await page.getByRole('button', { name: /^Phone charging, / }).click({ timeout: 20_000 });
      const qty = page.getByRole('textbox', { name: 'Quantity of Phone charging', exact: true });
      const cash = page.getByTestId('pay-cash');
      const other = page.getByRole('button', { name: 'Other payment', exact: true });
      const line = page.getByTestId('cart-line');

      // D1: past core's limit → its message, kept as typed (not clamped to 1000000001), and no payment can be taken.
      await qty.fill('2000000000');
      await page.getByRole('alert').getByText('At most 1,000,000,000', { exact: true }).waitFor();
      expect(await qty.inputValue()).toBe('2000000000');
      expect(await cash.isDisabled()).toBe(true);
      // No amount while the quantity is refused: not the last good quantity's total on Cash, nor on the line.
      expect(await cash.textContent()).toBe('Cash');
      expect(await line.getByTestId('line-amount').textContent()).toBe('—');
      expect(await other.isDisabled()).toBe(true);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, 'qty-too-large');

      // D2: more than 3 decimals → a field error; the page stays, the cart too.
      await qty.fill('1.23456');
      await page.getByRole('alert').getByText('Quantity may have at most 3 decimals', { exact: true }).waitFor();
      await page.getByRole('heading', { name: 'New sale' }).waitFor();
      expect(await line.count()).toBe(1);
      expect(await cash.isDisabled()).toBe(true);
      await shot(page, 'qty-decimals');

      // Fixed: the error goes and the sale can be paid.
      await qty.fill('1');
      await expect.poll(() => page.getByRole('alert').count()).toBe(0);
      expect(await cash.isDisabled()).toBe(false);
      await page.getByRole('combobox', { name: 'Client', exact: true }).selectOption({ label: 'Kofi Boateng' });
      await cash.click();

      const receipt = page.getByTestId('sale-receipt');
      await receipt.getByRole('heading', { name: 'Receipt SAL-0001' }).waitFor();
      // D10: the client; D9: the logo, loaded.
      await receipt.getByTestId('receipt-client').getByText('Client: Kofi Boateng', { exact: true }).waitFor();
      const logo = receipt.getByRole('img', { name: 'Logo of Ama Provisions r', exact: true });
      await logo.waitFor();
      await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await logo.elementHandle(), {
        timeout: 20_000,
      });
      await page.getByRole('combobox', { name: 'Paper width', exact: true }).selectOption('58');
      await page.getByRole('combobox', { name: 'Printer', exact: true }).selectOption('system');
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, 'receipt');

      // D5: in the 58 mm print view the line total (₵1,234.50) stays on one line, and nothing overflows sideways.
      await page.emulateMedia({ media: 'print' });
      const printed = await receipt.evaluate((el) => {
        const total = el.querySelector('[data-testid=receipt-line-total]') as HTMLElement;
        const logoShown = (el.querySelector('[data-testid=receipt-logo]') as HTMLElement).getBoundingClientRect().height;
        return {
          totalText: total.textContent,
          totalHeight: total.getBoundingClientRect().height,
          lineHeight: parseFloat(getComputedStyle(total).lineHeight),
          scroll: el.scrollWidth,
          client: el.clientWidth,
          width: el.getBoundingClientRect().width,
          logoShown,
        };
      });
      expect(printed.totalText).toBe('GH₵1,234.50');
      expect(printed.totalHeight).toBeLessThan(printed.lineHeight * 1.5);
      expect(printed.scroll).toBeLessThanOrEqual(printed.client + 1);
      expect(printed.width).toBeLessThanOrEqual((58 / 25.4) * 96);
      expect(printed.logoShown).toBeGreaterThan(0);

      // D4: the print dialog gets a 58 mm wide page (Chromium keeps the CSS page size: 58 mm = 164.4 pt).
      const pdf = Buffer.from(await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
      const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf);
      expect(box, 'a MediaBox in the PDF').not.toBeNull();
      expect(Math.abs(Number(box![1]) - (58 / 25.4) * 72)).toBeLessThan(1);
      await page.emulateMedia({ media: 'screen' });

      // The sale synced as made: one sale of 1, none of the refused quantities.
      await status.getByText('All changes saved').waitFor({ timeout: 30_000 });
      const sales = await apiJson<{ records: Array<{ number: string; lines: Array<{ quantity: number }> }> }>('/invoices?kind=sale', { token });
      expect(sales.records.map((s) => [s.number, s.lines.map((l) => l.quantity)])).toEqual([['SAL-0001', [1]]]);
    } finally {
      await context.close();
    }
  });

  it('stock received with an expense adds to the level once it syncs', async () => {
    const owner = await seedOwner('ctr3', 'e', { name: 'Ama', company: 'Ama Provisions', country: 'Ghana' });
    const token = owner.token;
    const sugar = await apiJson<{ id: string }>('/catalogs', { token, body: { name: 'Sugar 1kg', unit_price: 2_000, track_stock: true, cost_price: 1_500 } });
    await apiJson('/catalogs', { token, body: { name: 'Delivery', unit_price: 1_000 } });
    await apiJson('/stock/adjustments', { token, body: { catalog_id: sugar.id, kind: 'received', quantity: 4 } });
    const level = async () =>
      (await apiJson<{ items: Array<{ name: string; level: number }> }>('/stock/levels', { token })).items.find((i) => i.name === 'Sugar 1kg')?.level;
    await expect.poll(level, { timeout: 20_000, interval: 500 }).toBe(4);

    const { context, page } = await signedInDevice(PHONE, owner, { aiBannerDismissed: true });
    try {
      await page.goto('/tabs/expense');
      await page.getByTestId('sync-status').getByText('All changes saved').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Add expense' }).first().click();
      await page.getByRole('heading', { name: 'New expense', exact: true }).waitFor();
      await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('360');
      await page.getByRole('combobox', { name: 'Category' }).fill('Stock / Inventory');
      await page.getByRole('textbox', { name: 'Paid to (vendor)', exact: true }).fill('Makola wholesale');
      const received = page.getByTestId('stock-received');
      await received.getByRole('button', { name: 'Add stock received', exact: true }).click();
      // Only the items that track stock are offered (the one there is comes chosen).
      const item = received.getByRole('combobox', { name: 'Item 1', exact: true });
      expect(await item.locator('option').allTextContents()).toEqual(['Choose an item', 'Sugar 1kg']);
      await item.selectOption({ label: 'Sugar 1kg' });
      const qty = received.getByRole('textbox', { name: 'Quantity 1', exact: true });
      await qty.fill('1.23456');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await received.getByRole('alert').getByText('Quantity may have at most 3 decimals', { exact: true }).waitFor();
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, 'expense-stock');
      await qty.fill('24');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('heading', { name: 'New expense', exact: true }).waitFor({ state: 'detached' });
      // Synced: 4 + 24, the movement named after the expense.
      await expect.poll(level, { timeout: 30_000, interval: 500 }).toBe(28);
      const history = await apiJson<{ movements: Array<{ kind: string; quantity: number; reason: string }> }>(`/stock/items/${sugar.id}/movements`, { token });
      expect(history.movements.map((m) => [m.kind, m.quantity, m.reason])).toEqual([
        ['received', 24, 'Expense: Makola wholesale'],
        ['received', 4, ''],
      ]);
    } finally {
      await context.close();
    }
  });
});
