import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, PHONE } from '../support/browser';

describe('the product starts and serves the app', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`loads the app shell at ${name} size`, async () => {
      const { page, context } = await newPage(viewport);
      await page.goto('/');
      await expect(page.title()).resolves.toBe('Duka');
      await context.close();
    });
  }
});
