import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shooter } from '../support/api';
import { DESKTOP, PHONE } from '../support/browser';
import { layoutProblems } from '../support/layout';
import { seedOwner, signedInDevice } from '../support/owner';

const shot = shooter('nav-menus');

type Box = { x: number; y: number; width: number; height: number; text: string; clipped: boolean };

/** Each settings tab's box and whether its words are cut. */
async function tabBoxes(page: Page): Promise<Box[]> {
  return page.getByRole('tab').evaluateAll((tabs) =>
    tabs.map((el) => {
      const r = el.getBoundingClientRect();
      const label = el.querySelector('.mantine-Tabs-tabLabel') ?? el;
      return { x: r.x, y: r.y, width: r.width, height: r.height, text: el.textContent ?? '', clipped: label.scrollWidth > label.clientWidth + 1 };
    }),
  );
}

const overlap = (a: Box, b: Box) => a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;

/**
 * Small UI nits (h105): the settings tabs at 360 px (five in Kenya, with KRA eTIMS; long French words) each stand
 * apart, whole and reachable by keyboard; the CSV menu's items have Mantine's padding.
 */
describe('settings tabs and the CSV menu at 360 and 1280 px', () => {
  for (const [viewport, language] of [
    [PHONE, 'en'],
    [PHONE, 'fr'],
    [DESKTOP, 'en'],
  ] as const) {
    it(`settings tabs stand apart, whole, on screen and keyboard-reachable (${viewport.width} px, ${language})`, async () => {
      const owner = await seedOwner('nav', language, { name: 'Wanjiru', company: 'Wanjiru Stores', country: 'Kenya', language });
      const { context, page } = await signedInDevice(viewport, owner);
      try {
        await page.goto('/settings/account');
        const tabs = page.getByRole('tab');
        await tabs.first().waitFor();
        await expect.poll(() => tabs.count()).toBe(5);
        const boxes = await tabBoxes(page);
        for (const b of boxes) {
          expect(b.clipped, b.text).toBe(false);
          expect(b.x, b.text).toBeGreaterThanOrEqual(0);
          expect(b.x + b.width, b.text).toBeLessThanOrEqual(viewport.width);
          expect(b.height, b.text).toBeGreaterThanOrEqual(36);
        }
        for (let i = 0; i < boxes.length; i++)
          for (let j = i + 1; j < boxes.length; j++) expect(overlap(boxes[i]!, boxes[j]!), `${boxes[i]!.text} / ${boxes[j]!.text}`).toBe(false);
        // Neighbouring tabs on one row keep a visible gap or a border between their words.
        expect(await layoutProblems(page)).toEqual([]);
        await shot(page, `settings-${viewport.width}-${language}`);

        // Keyboard: the selected tab takes the focus; the arrow keys go to the next page and back.
        // The page opened draws its own tabs: the focus is on its selected tab once it is there.
        const focusedTab = (path: string) =>
          page.waitForFunction(
            (p) =>
              location.pathname === p &&
              document.activeElement?.getAttribute('role') === 'tab' &&
              document.activeElement.getAttribute('aria-selected') === 'true',
            path,
            { timeout: 30_000 },
          );
        await tabs.nth(0).focus();
        await page.keyboard.press('ArrowRight');
        await focusedTab('/settings/invoice');
        // Still there once the page opened has drawn its own tabs (they replace the ones the key was pressed on).
        await page.waitForTimeout(1500);
        await focusedTab('/settings/invoice');
        await page.getByRole('tab', { name: language === 'fr' ? 'Réglages des factures' : 'Invoice settings', selected: true }).waitFor();
        await page.keyboard.press('ArrowLeft');
        await focusedTab('/settings/account');
      } finally {
        await context.close();
      }
    });
  }

  for (const viewport of [PHONE, DESKTOP]) {
    it(`the CSV menu's items have Mantine's padding and fit (${viewport.width} px)`, async () => {
      const owner = await seedOwner('nav', 'csv', { name: 'Wanjiru', company: 'Wanjiru Stores', country: 'Kenya' });
      const { context, page } = await signedInDevice(viewport, owner);
      try {
        await page.goto('/tabs/expense');
        await page.getByRole('button', { name: 'CSV of Expenses: export or import' }).click();
        const item = page.getByRole('menuitem', { name: 'Import expenses', exact: true });
        await item.waitFor();
        const style = await item.evaluate((el) => {
          const s = getComputedStyle(el);
          const r = el.getBoundingClientRect();
          return { left: parseFloat(s.paddingLeft), right: parseFloat(s.paddingRight), height: r.height, right_edge: r.right };
        });
        expect(style.left).toBeGreaterThanOrEqual(10);
        expect(style.right).toBeGreaterThanOrEqual(10);
        expect(style.height).toBeGreaterThanOrEqual(32);
        expect(style.right_edge).toBeLessThanOrEqual(viewport.width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
        await shot(page, `csv-menu-${viewport.width}`);
        // Keyboard: the arrow keys walk the items.
        await page.keyboard.press('ArrowDown');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
      } finally {
        await context.close();
      }
    });
  }
});
