import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { controlledByServiceWorker, PHONE } from '../support/browser';
import { layoutProblems } from '../support/layout';
import { seedOwner, signedInDevice } from '../support/owner';

/**
 * Issue 28 end to end at 360 px: a cash sale of two items made offline with change given, its receipt on screen,
 * the print view at 58 mm, the stock going down after sync and the low-stock badge; then the figures of a
 * one-item cash sale (taps from Sell to the receipt, time from the last tap at 4× CPU slowdown).
 */
const shot = shooter('counter');

interface Levels {
  items: Array<{ name: string; level: number; state: string }>;
}

describe('the shop counter (issue 28)', () => {
  it('sells offline with change, shows and prints the receipt, and the stock follows after sync', async () => {
    const owner = await seedOwner('ctr', 'c', { name: 'Ama', company: 'Ama Provisions', country: 'Ghana' });
    const token = owner.token;
    const soap = await apiJson<{ id: string }>('/catalogs', {
      token,
      body: { name: 'Soap', unit_price: 500, track_stock: true, low_stock_level: 3, cost_price: 300 },
    });
    const bread = await apiJson<{ id: string }>('/catalogs', { token, body: { name: 'Bread', unit_price: 1200, track_stock: true, low_stock_level: 2 } });
    await apiJson('/stock/adjustments', { token, body: { catalog_id: soap.id, kind: 'received', quantity: 5 } });
    await apiJson('/stock/adjustments', { token, body: { catalog_id: bread.id, kind: 'received', quantity: 10 } });
    // The business's default taxes apply to a sale (Ghana's VAT is seeded on by default, inside the prices since t18 T1).
    const fees = await apiJson<{ records: Array<{ kind: string; percentage_bps: number; default_on: boolean; inclusive: boolean }> }>('/fees', { token });
    const bps = fees.records.filter((f) => f.kind === 'tax' && f.default_on && !f.inclusive).reduce((n, f) => n + f.percentage_bps, 0);
    const total = 2200 + Math.round((2200 * bps) / 10_000);
    const change = (3000 - total) / 100;
    // A whole amount may show no pesewas ("₵8" in the payment panel, "₵8.00" on the receipt beside VAT with pesewas).
    const changeText = Number.isInteger(change) ? new RegExp(`\\D${change}(\\.00)?$`) : new RegExp(`${change.toFixed(2).replace('.', '\\.')}$`);

    const { context, page } = await signedInDevice(PHONE, owner, { swNow: true });
    const status = page.getByTestId('sync-status');
    try {
      await page.goto('/tabs/home');
      await status.getByText('All changes saved').waitFor({ timeout: 30_000 });
      // The app as installed on a phone: the service worker holds its files and serves this page.
      await controlledByServiceWorker(page);
      await status.getByText('All changes saved').waitFor({ timeout: 30_000 });
      // What the Sell screen loads beyond the home screen (its JS files, for the size figure).
      const loaded: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('.js')) loaded.push(new URL(r.url()).pathname);
      });
      await page.getByTestId('sell').click();
      await page.getByRole('heading', { name: 'New sale' }).waitFor();
      console.log(`Sell screen JS beyond the shell: ${loaded.join(' ')}`);
      await page
        .getByRole('button', { name: /^Soap, / })
        .getByText('5 in stock')
        .waitFor({ timeout: 20_000 });

      // Offline from here: two soaps and a bread, cash 30.00 handed over for 22.00 plus VAT.
      await context.setOffline(true);
      await status.getByText('Offline').waitFor();
      await page.getByRole('button', { name: /^Soap, / }).click();
      await page.getByRole('button', { name: 'One more Soap' }).click();
      await page.getByRole('button', { name: /^Bread, / }).click();
      expect(await page.getByTestId('cart-line').count()).toBe(2);
      // t24 F2: a reload mid-sale (offline, from the service worker) keeps the cart.
      await page.reload();
      await page.getByRole('heading', { name: 'New sale' }).waitFor();
      await expect.poll(() => page.getByTestId('cart-line').count(), { timeout: 20_000 }).toBe(2);
      expect(await page.getByRole('textbox', { name: 'Quantity of Soap' }).inputValue()).toBe('2');
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, 'cart');
      await page.getByRole('button', { name: 'Other payment' }).click();
      await page.getByLabel('Cash received').fill('30');
      await page.getByTestId('change').getByText(changeText).waitFor();
      await page.getByTestId('pay-done').click();

      const receipt = page.getByTestId('sale-receipt');
      await receipt.getByRole('heading', { name: 'Receipt SAL-0001' }).waitFor();
      await receipt.getByTestId('receipt-change').getByText(changeText).waitFor();
      await page.getByRole('button', { name: 'Print' }).waitFor();
      await page.getByRole('link', { name: 'Share' }).waitFor();
      expect(await page.getByRole('link', { name: 'Share' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=/);
      // The sale's link as a QR code, drawn offline (its encoder comes from the app's cache).
      await receipt.getByRole('img', { name: "QR code of the sale's link" }).waitFor();
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, 'receipt');

      // The print view on 58 mm paper: nothing runs past the receipt's width.
      await page.emulateMedia({ media: 'print' });
      const printed = await receipt.evaluate((el) => ({ width: el.getBoundingClientRect().width, scroll: el.scrollWidth, client: el.clientWidth }));
      expect(printed.scroll).toBeLessThanOrEqual(printed.client + 1);
      expect(printed.width).toBeLessThanOrEqual((58 / 25.4) * 96);
      await page.emulateMedia({ media: 'screen' });

      // Back online: the sale and its stock movements sync once.
      await context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await status.getByText('All changes saved').waitFor({ timeout: 30_000 });
      await expect
        .poll(async () => (await apiJson<Levels>('/stock/levels', { token })).items.map((i) => [i.name, i.level, i.state]), { timeout: 30_000, interval: 500 })
        .toEqual([
          ['Bread', 9, 'ok'],
          ['Soap', 3, 'low'],
        ]);
      const sales = await apiJson<{ records: Array<{ number: string; status: string; total_due: number }> }>('/invoices?kind=sale', { token });
      expect(sales.records.map((s) => [s.number, s.status, s.total_due])).toEqual([['SAL-0001', 'paid', total]]);

      // The low-stock badge in the catalog.
      await page.getByRole('button', { name: 'New sale' }).click();
      await page.goto('/tabs/catalog');
      await page.getByTestId('low-stock').getByText('Low stock: 3').waitFor({ timeout: 20_000 });
      await page.getByTestId('low-stock-count').getByText('1').waitFor();
      await shot(page, 'catalog-low');

      // Opening stock from CSV on the Stock page: good rows count in, a row naming no item is listed by line.
      await page.getByTestId('low-stock-count').click();
      await page.getByRole('heading', { name: 'Stock' }).waitFor();
      await page
        .getByTestId('opening-csv')
        .setInputFiles({ name: 'opening.csv', mimeType: 'text/csv', buffer: Buffer.from('name,quantity\nBread,5\nMilk,1\n') });
      await page.getByRole('dialog', { name: 'Rows not imported' }).getByText('Line 3: No catalog item named Milk: add it to the catalog first').waitFor();
      await expect
        .poll(async () => (await apiJson<Levels>('/stock/levels', { token })).items.find((i) => i.name === 'Bread')?.level, { timeout: 20_000, interval: 500 })
        .toBe(14);
      await page.keyboard.press('Escape');

      // Figures: a one-item cash sale from Sell on the home screen, at 4× CPU slowdown.
      await page.goto('/tabs/home');
      await status.getByText('All changes saved').waitFor({ timeout: 30_000 });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      let taps = 0;
      await page.getByTestId('sell').click();
      taps++;
      await page.getByRole('button', { name: /^Bread, / }).click();
      taps++;
      // Timed in the page: from the tap's click event to the receipt in the document.
      await page.evaluate(() => {
        const w = window as unknown as { __t0?: number; __t1?: number };
        document.addEventListener('click', (e) => ((e.target as Element).closest('[data-testid=pay-cash]') ? (w.__t0 = performance.now()) : undefined), true);
        new MutationObserver(() => {
          if (!w.__t1 && document.querySelector('[data-testid=sale-receipt]')) w.__t1 = performance.now();
        }).observe(document.body, { childList: true, subtree: true });
      });
      const t0 = Date.now();
      await page.getByTestId('pay-cash').click();
      taps++;
      await page.getByTestId('sale-receipt').getByRole('heading', { name: 'Receipt SAL-0002' }).waitFor();
      const outside = Date.now() - t0;
      const ms = await page.evaluate(() => {
        const w = window as unknown as { __t0?: number; __t1?: number };
        return Math.round((w.__t1 ?? 0) - (w.__t0 ?? 0));
      });
      console.log(`(seen from the test runner, with its polling: ${outside} ms)`);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      console.log(`one-item cash sale: ${taps} taps from Sell to the receipt; ${ms} ms from the last tap to the receipt at 4x CPU slowdown`);
      expect(taps).toBeLessThanOrEqual(3);
      expect(ms).toBeLessThan(1000);

      // Send a pay link: the sale is saved as owed and the receipt screen offers its public link.
      await page.getByRole('button', { name: 'New sale' }).click();
      await page.getByRole('button', { name: /^Soap, / }).click();
      await page.getByRole('button', { name: 'Other payment' }).click();
      await page.getByRole('region', { name: 'Take payment' }).getByText('Pay link', { exact: true }).click();
      await page.getByTestId('pay-link-hint').waitFor();
      expect(await layoutProblems(page)).toEqual([]);
      await page.getByTestId('pay-done').click();
      // Owed, not paid: the title says what is owed, and Share asks for the money with the link (D11).
      await page
        .getByTestId('sale-receipt')
        .getByRole('heading', { name: /^Sale SAL-0003: .+ owed$/ })
        .waitFor();
      const panel = page.getByTestId('pay-link-panel');
      await panel.getByText(/owed$/).waitFor();
      const link = (await panel.getByTestId('pay-link').textContent()) ?? '';
      expect(link).toMatch(/\/invoice\/link\/[A-Za-z0-9_-]{22,}$/);
      const shared = decodeURIComponent((await page.getByRole('link', { name: 'Share', exact: true }).getAttribute('href')) ?? '');
      expect(shared).toContain(link);
      expect(shared).toMatch(/to pay/);
      expect(shared).not.toMatch(/Thank you/);
      expect(await panel.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toContain(encodeURIComponent(link));
      await panel.getByRole('button', { name: 'Copy link', exact: true }).waitFor();
      await page.getByTestId('sale-receipt').getByText('Owed, to pay by link', { exact: true }).waitFor();
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, 'pay-link');
      await status.getByText('All changes saved').waitFor({ timeout: 30_000 });
      const owed = await apiJson<{ records: Array<{ number: string; status: string; balance: number; public_id: string }> }>('/invoices?kind=sale', { token });
      const third = owed.records.find((s) => s.number === 'SAL-0003');
      expect(third).toMatchObject({ status: 'sent' });
      expect(third?.balance).toBeGreaterThan(0);
      expect(link.endsWith(`/invoice/link/${third?.public_id}`)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
