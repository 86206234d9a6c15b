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

/**
 * Every row of the receipt (words on the left, an amount on the right) as laid out in the print view: its texts, how
 * many lines each takes, whether the amount ends at the row's right edge and sits below the words, and whether a word
 * of the left side was broken across two lines ("Espèc/es").
 */
async function printedRows(page: Page, receipt: Locator) {
  await page.emulateMedia({ media: 'print' });
  const got = await receipt.evaluate((el) => {
    const lines = (e: Element) => Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight));
    const brokenWord = (e: Element) => {
      const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
      let prev: { ch: string; top: number } | null = null;
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        for (let i = 0; i < (n.textContent ?? '').length; i++) {
          const ch = n.textContent![i];
          const range = document.createRange();
          range.setStart(n, i);
          range.setEnd(n, i + 1);
          const top = range.getBoundingClientRect().top;
          if (prev && !/\s/.test(prev.ch) && !/\s/.test(ch) && Math.abs(top - prev.top) > 2) return true;
          prev = { ch, top };
        }
      }
      return false;
    };
    const rows = Array.from(el.querySelectorAll('div')).filter((d) => d.children.length === 2 && Array.from(d.children).every((c) => c.tagName === 'P'));
    return {
      sideways: el.scrollWidth > el.clientWidth + 1,
      rows: rows.map((row) => {
        const [label, value] = Array.from(row.children);
        const l = label.getBoundingClientRect();
        const v = value.getBoundingClientRect();
        return {
          label: (label.textContent ?? '').replace(/\s/g, ' '),
          value: (value.textContent ?? '').replace(/\s/g, ' '),
          labelLines: lines(label),
          valueLines: lines(value),
          valueAtRight: Math.abs(v.right - row.getBoundingClientRect().right) < 1,
          valueBelow: v.top >= l.bottom - 1,
          brokenWord: brokenWord(label),
        };
      }),
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
      // Y4: paid from the keyboard, the focus goes to the receipt's title (a screen reader says it).
      await page.getByTestId('pay-cash').focus();
      await page.keyboard.press('Enter');
      const receipt = page.getByTestId('sale-receipt');
      await receipt.getByRole('heading', { name: 'Receipt SAL-0001' }).waitFor();
      await expect
        .poll(() => page.evaluate(() => [document.activeElement?.getAttribute('role'), document.activeElement?.textContent]))
        .toEqual(['heading', 'Receipt SAL-0001']);
      await page.getByRole('combobox', { name: 'Printer', exact: true }).selectOption('system');

      await page.getByRole('combobox', { name: 'Paper width', exact: true }).selectOption('58');
      const narrow = await printedRows(page, receipt);
      // 58 mm: "3 × ₦4,350.00" on one line, "₦13,050.00" on the next at the right edge; nothing runs off the paper.
      expect(narrow.sideways).toBe(false);
      expect(narrow.rows[0]).toEqual({
        label: '3 × ₦4,350.00',
        value: '₦13,050.00',
        labelLines: 1,
        valueLines: 1,
        valueAtRight: true,
        valueBelow: true,
        brokenWord: false,
      });
      for (const row of narrow.rows) expect(row, row.label).toMatchObject({ valueLines: 1, valueAtRight: true, brokenWord: false });
      await page.emulateMedia({ media: 'print' });
      await shot(page, 'print-58');
      await page.emulateMedia({ media: 'screen' });

      // 80 mm: room for the words and the amount on one line on every row, the amount at the right edge.
      await page.getByRole('combobox', { name: 'Paper width', exact: true }).selectOption('80');
      const wide = await printedRows(page, receipt);
      expect(wide.rows.map((r) => r.label)).toEqual(['3 × ₦4,350.00', 'Subtotal', 'VAT 7.5%', 'Total', 'Cash']);
      for (const row of wide.rows)
        expect(row, row.label).toMatchObject({ labelLines: 1, valueLines: 1, valueAtRight: true, valueBelow: false, brokenWord: false });
      expect(await layoutProblems(page)).toEqual([]);
      // P5: the paid sale's page offers a credit note and a copy, never Edit (its receipt is in the customer's hand),
      // and nothing to repeat.
      await page.getByTestId('sync-status').getByText('All changes saved').waitFor({ timeout: 30_000 });
      const sales = await apiJson<{ records: Array<{ id: string }> }>('/invoices?kind=sale', { token: owner.token });
      await page.goto(`/invoices/${sales.records[0].id}`);
      await page.getByRole('button', { name: 'Duplicate', exact: true }).waitFor({ timeout: 30_000 });
      await page.getByRole('link', { name: 'Credit note', exact: true }).waitFor();
      expect(await page.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Make it repeat', exact: true }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('breaks no French word on 58 mm paper ("Espèces", "Sous-total", "TVA 19,25 %")', async () => {
    const owner = await seedOwner('ct21', 'f', { name: 'Mbarga', company: 'Maquis Mbarga', country: 'Cameroon', language: 'fr' });
    await apiJson('/catalogs', { token: owner.token, body: { name: 'Poisson braisé', unit_price: 350_000 } });
    const { context, page } = await signedInDevice(PHONE, owner);
    try {
      await page.goto('/sell');
      await page.getByRole('button', { name: /^Poisson braisé, / }).click({ timeout: 30_000 });
      await page.getByRole('textbox', { name: 'Quantité de Poisson braisé', exact: true }).fill('2');
      await page.getByTestId('pay-cash').click();
      const receipt = page.getByTestId('sale-receipt');
      await receipt.getByRole('heading', { name: 'Reçu SAL-0001' }).waitFor();
      await page.getByRole('combobox', { name: 'Imprimante', exact: true }).selectOption('system');
      await page.getByRole('combobox', { name: 'Largeur du papier', exact: true }).selectOption('58');
      const printed = await printedRows(page, receipt);
      expect(printed.sideways).toBe(false);
      expect(printed.rows.map((r) => [r.label, r.value])).toEqual([
        ['2 × 350 000 FCFA', '700 000 FCFA'],
        ['Sous-total', '700 000 FCFA'],
        ['TVA 19,25 %', '134 750 FCFA'],
        ['Total', '834 750 FCFA'],
        ['Espèces', '834 750 FCFA'],
      ]);
      for (const row of printed.rows) expect(row, row.label).toMatchObject({ labelLines: 1, valueLines: 1, valueAtRight: true, brokenWord: false });
      await page.emulateMedia({ media: 'print' });
      await shot(page, 'print-58-fr');
      await page.emulateMedia({ media: 'screen' });
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
