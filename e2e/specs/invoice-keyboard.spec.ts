import { describe, expect, it } from 'vitest';
import { shooter } from '../support/api';
import { PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

const shot = shooter('invoice-keyboard');

/** t18 Y2: inside an invoice line Tab goes Description → Qty → Unit price → Remove line, with real key presses. */
describe('invoice editor keyboard order (t18 Y2)', () => {
  it('Remove line comes after the unit price in the Tab order, and is still drawn beside the description', async () => {
    const owner = await seedOwner('kbd', 'y', { name: 'Nakato', company: 'Nakato Crafts', country: 'Uganda' });
    const { context, page } = await signedInDevice(PHONE, owner);
    try {
      await page.goto('/new-invoice');
      const description = page.getByLabel('Description 1', { exact: true });
      if (!(await description.isVisible())) await page.getByRole('button', { name: 'Add line' }).click();
      await description.focus();
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName ?? '');
      const order = [await focused()];
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Tab');
        order.push(await focused());
      }
      expect(order).toEqual(['Description 1', 'Qty 1', 'Unit price 1', 'Remove line 1']);
      // Shift+Tab walks back the same way.
      await page.keyboard.press('Shift+Tab');
      expect(await focused()).toBe('Unit price 1');
      // Drawn where it was: top right of the line, level with the description, not over it.
      const box = async (name: string) => (await page.getByLabel(name, { exact: true }).boundingBox())!;
      const [d, q, r] = [await box('Description 1'), await box('Qty 1'), await box('Remove line 1')];
      expect(r.x).toBeGreaterThanOrEqual(d.x + d.width);
      expect(r.y).toBeLessThan(q.y);
      expect(Math.abs(r.y + r.height / 2 - (d.y + d.height / 2))).toBeLessThan(12);
      await shot(page, 'line');
    } finally {
      await context.close();
    }
  });
});
