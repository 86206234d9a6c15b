import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { PHONE } from '../support/browser';
import { layoutProblems } from '../support/layout';
import { seedOwner, signedInDevice } from '../support/owner';

/**
 * What tester t21 found at the counter (360 px, Chromium): on 58 mm paper a receipt line kept "3 ×" beside the line
 * total and put the unit price alone below it ("3 × ₦13,050.00" / "₦4,350.00", P1); a Sell tile at or below the
 * item's low-stock level said only "1 in stock", the same as a full shelf (P2).
 */
const shot = shooter('counter-t21');

/** Where the receipt line's "qty × price" and its total sit in the print view (print media emulated). */
async function printedLine(page: Page, receipt: Locator) {
  await page.emulateMedia({ media: 'print' });
  const got = await receipt.evaluate((el) => {
    const total = el.querySelector('[data-testid=receipt-line-total]') as HTMLElement;
    const price = total.previousElementSibling as HTMLElement;
    const row = price.parentElement as HTMLElement;
    const p = price.getBoundingClientRect();
    const t = total.getBoundingClientRect();
    return {
      price: price.textContent,
      total: total.textContent,
      priceLines: Math.round(p.height / parseFloat(getComputedStyle(price).lineHeight)),
      totalLines: Math.round(t.height / parseFloat(getComputedStyle(total).lineHeight)),
      sameLine: Math.abs(p.top - t.top) < 1,
      totalBelow: t.top >= p.bottom - 1,
      totalAtRight: Math.abs(t.right - row.getBoundingClientRect().right) < 1,
      sideways: el.scrollWidth > el.clientWidth + 1,
    };
  });
  await page.emulateMedia({ media: 'screen' });
  return got;
}

describe('the counter after t21: receipt lines on 58/80 mm paper, low stock on the Sell tiles', () => {
  it('keeps "3 × ₦4,350.00" together and the line total at the right edge on 58 mm and 80 mm paper', async () => {
    const owner = await seedOwner('ct21', 'p', { name: 'Bola', company: 'Bola Stores', country: 'Nigeria' });
    await apiJson('/catalogs', { token: owner.token, body: { name: 'Peak milk powder 400g tin family size refill pack', unit_price: 435_000 } });
    const { context, page } = await signedInDevice(PHONE, owner);
    try {
      await page.goto('/tabs/home');
      await page.getByTestId('sync-status').getByText('All changes saved').waitFor({ timeout: 30_000 });
      await page.getByTestId('sell').click();
      await page.getByRole('button', { name: /^Peak milk powder/ }).click({ timeout: 20_000 });
      await page.getByRole('textbox', { name: 'Quantity of Peak milk powder 400g tin family size refill pack', exact: true }).fill('3');
      await page.getByTestId('pay-cash').click();
      const receipt = page.getByTestId('sale-receipt');
      await receipt.getByRole('heading', { name: 'Receipt SAL-0001' }).waitFor();
      await page.getByRole('combobox', { name: 'Printer', exact: true }).selectOption('system');

      await page.getByRole('combobox', { name: 'Paper width', exact: true }).selectOption('58');
      const narrow = await printedLine(page, receipt);
      // 58 mm: "3 × ₦4,350.00" on one line, "₦13,050.00" on the next at the right edge; nothing runs off the paper.
      expect(narrow).toEqual({
        price: '3 × ₦4,350.00',
        total: '₦13,050.00',
        priceLines: 1,
        totalLines: 1,
        sameLine: false,
        totalBelow: true,
        totalAtRight: true,
        sideways: false,
      });
      await page.emulateMedia({ media: 'print' });
      await shot(page, 'print-58');
      await page.emulateMedia({ media: 'screen' });

      // 80 mm: room for both on one line, the total still at the right edge.
      await page.getByRole('combobox', { name: 'Paper width', exact: true }).selectOption('80');
      const wide = await printedLine(page, receipt);
      expect(wide).toEqual({ ...narrow, sameLine: true, totalBelow: false });
      expect(await layoutProblems(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([
    // Prices in minor units: kobo, whole CFA francs, Tanzanian cents.
    ['en', 'Nigeria', 100, 'Zobo drink, ₦500.00, 1 in stock, low stock', 'Low stock', 'Puff-puff, ₦350.00, 10 in stock'],
    ['fr', 'Cameroon', 1, 'Zobo drink, 500 FCFA, 1 en stock, stock bas', 'Stock bas', 'Puff-puff, 350 FCFA, 10 en stock'],
    ['sw', 'Tanzania', 100, 'Zobo drink, TSh 500, 1 zipo, inakaribia kuisha', 'Inakaribia kuisha', 'Puff-puff, TSh 350, 10 zipo'],
  ] as const)('a Sell tile at or below its low-stock level says so (%s)', async (language, country, minor, lowName, lowText, okName) => {
    const owner = await seedOwner('ct21', language, { name: 'Bola', company: 'Bola Stores', country, language });
    const { token } = owner;
    const zobo = await apiJson<{ id: string }>('/catalogs', {
      token,
      body: { name: 'Zobo drink', unit_price: 500 * minor, track_stock: true, low_stock_level: 3 },
    });
    const puff = await apiJson<{ id: string }>('/catalogs', {
      token,
      body: { name: 'Puff-puff', unit_price: 350 * minor, track_stock: true, low_stock_level: 3 },
    });
    await apiJson('/stock/adjustments', { token, body: { catalog_id: zobo.id, kind: 'received', quantity: 1 } });
    await apiJson('/stock/adjustments', { token, body: { catalog_id: puff.id, kind: 'received', quantity: 10 } });
    const { context, page } = await signedInDevice(PHONE, owner);
    try {
      await page.goto('/sell');
      const low = page.getByRole('button', { name: lowName, exact: true });
      await low.waitFor({ timeout: 30_000 });
      await low.getByText(lowText, { exact: true }).waitFor();
      const ok = page.getByRole('button', { name: okName, exact: true });
      await ok.waitFor();
      expect(await ok.getByTestId('sell-item-low').count()).toBe(0);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, `low-${language}`);
    } finally {
      await context.close();
    }
  });
});
