import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { DESKTOP, PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

const shot = shooter('focus-clear');

/**
 * A field brought into view by focus stops clear of what is fixed on screen (WCAG 2.4.11, focus not obscured): a
 * Zimbabwean owner's USD invoice needs the exchange rate of its day; Finish without it focused that field behind the
 * editor's sticky Save draft / Finish bar at 360 px, with its message hidden. The next field reached with Tab too.
 */
describe('the field focused after Finish is refused is in sight, not under the sticky bar', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`${size}: the exchange rate a USD invoice needs, and its message`, async () => {
      const owner = await seedOwner('focus', size, { name: 'Tendai', company: 'Moyo Hardware', country: 'Zimbabwe' });
      await apiJson('/contacts', { token: owner.token, body: { name: 'Chipo Builders' } });
      const { context, page } = await signedInDevice(viewport, owner);
      try {
        await page.goto('/new-invoice');
        await page.getByRole('button', { name: 'Choose a client' }).click();
        await page.getByRole('dialog').getByText('Chipo Builders').click();
        await page.getByTestId('chosen-client').filter({ hasText: 'Chipo Builders' }).waitFor();
        const description = page.getByLabel('Description 1', { exact: true });
        if (!(await description.isVisible())) await page.getByRole('button', { name: 'Add line' }).click();
        await description.fill('Cement 50kg');
        await page.getByLabel('Qty 1', { exact: true }).fill('12');
        await page.getByLabel('Unit price 1', { exact: true }).fill('11.75');
        await page.getByRole('combobox', { name: 'Currency' }).click();
        await page.getByRole('option', { name: /USD/ }).click();
        // The rate field just below the screen's edge (as after typing the line), then Finish in the sticky bar.
        const rate = page.getByRole('textbox', { name: 'Exchange rate: 1 USD in ZWG' });
        await rate.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight + 10));
        await page.getByRole('button', { name: 'Finish' }).click();

        await expect.poll(() => rate.evaluate((el) => el === document.activeElement)).toBe(true);
        const message = page.getByText('Enter the exchange rate: how many ZWG one USD was worth on the invoice’s day');
        await message.waitFor();
        // Wait for the scroll to settle, then: the field and its message end above the sticky bar's top.
        await page.waitForTimeout(300);
        const bar = await page.getByTestId('editor-footer').boundingBox();
        const field = await rate.boundingBox();
        const text = await message.boundingBox();
        expect(bar && field && text).toBeTruthy();
        expect(field!.y).toBeGreaterThanOrEqual(0);
        expect(field!.y + field!.height).toBeLessThanOrEqual(bar!.y);
        expect(text!.y + text!.height).toBeLessThanOrEqual(bar!.y);
        await shot(page, `${size}-rate-in-sight`);

        // Keyboard: Tab on from the rate to the next field; it too stops above the bar.
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const r = (document.activeElement as HTMLElement).getBoundingClientRect();
          return { top: r.top, bottom: r.bottom };
        });
        expect(focused.bottom).toBeLessThanOrEqual(bar!.y);
      } finally {
        await context.close();
      }
    });
  }
});
