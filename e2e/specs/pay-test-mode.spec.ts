import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { newPage, PHONE } from '../support/browser';
import { layoutProblems } from '../support/layout';
import { seedOwner } from '../support/owner';

/**
 * Issue 25, TEST MODE for every rail: on the public invoice page of each of the eleven countries, at 360 px and in
 * English, French and Swahili, every way to pay that would not move real money (no provider settings: the test
 * provider) says TEST MODE on its button, and none that would (M-Pesa against the local Daraja, Flutterwave against
 * the local Flutterwave) does. Nothing is cut and axe finds nothing serious.
 */
const shot = shooter('pay-test-mode');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAG = { en: 'TEST MODE', fr: 'MODE TEST', sw: 'HALI YA MAJARIBIO' } as const;

const COUNTRIES = [
  ['Nigeria', 'NGN'],
  ['Kenya', 'KES'],
  ['Ghana', 'GHS'],
  ['Uganda', 'UGX'],
  ['Rwanda', 'RWF'],
  ['Zambia', 'ZMW'],
  ['Cameroon', 'XAF'],
  ['Tanzania', 'TZS'],
  ['South Africa', 'ZAR'],
  ['Ethiopia', 'ETB'],
  ['Zimbabwe', 'USD'],
] as const;

interface Answer {
  pay_provider: string | null;
  pay_checkout?: boolean;
  pay_test_mode?: boolean;
  rails: Array<{ id: string; test_mode: boolean; network?: string }>;
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: unknown[] }> }> };
      }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length}): ${JSON.stringify(v.nodes[0]).slice(0, 300)}`);
}

describe('every pay button that moves no real money says TEST MODE (issue 25)', () => {
  it.each(COUNTRIES)(
    '%s (%s): en/fr/sw at 360 px, tags where no money moves, nothing cut, axe-clean',
    async (country, currency) => {
      const owner = await seedOwner('paytm', country.slice(0, 3).toLowerCase(), { name: 'Owner', company: `${country} Traders`, country });
      const token = owner.token;
      const contact = await apiJson<{ id: string }>('/contacts', { token, body: { name: `${country} Client` } });
      const inv = await apiJson<{ public_id: string; number: string }>('/invoices', {
        token,
        body: {
          contact_id: contact.id,
          currency,
          status: 'sent',
          lines: [{ id: crypto.randomUUID(), description: 'Goods', quantity: 2, unit_price: 150_000, fee_ids: [] }],
        },
      });
      const answer = await apiJson<Answer>(`/invoices/public/${inv.public_id}`);
      // Every country offers something to pay with.
      const buttons: Array<{ testId: string; test: boolean }> = answer.rails.map((r) => ({
        // One button per network where the page offers one per network (Ghana): its key names the network.
        testId: `rail-${r.network ? `${r.id}-${r.network}` : r.id}-open`,
        test: r.test_mode,
      }));
      if (answer.pay_provider) buttons.push({ testId: answer.pay_checkout ? 'paystack-pay-button' : 'public-pay-card', test: !!answer.pay_test_mode });
      expect(buttons.length).toBeGreaterThan(0);
      console.info(`${country}: ${buttons.map((b) => `${b.testId}${b.test ? ' (TEST)' : ''}`).join(', ')}`);

      const { context, page } = await newPage(PHONE);
      try {
        for (const language of ['en', 'fr', 'sw'] as const) {
          await page.goto(`/invoice/link/${inv.public_id}?lang=${language}`);
          for (const b of buttons) {
            const button = page.getByTestId(b.testId);
            await button.waitFor({ timeout: 20_000 });
            // The Paystack button names its amount once the fee quote came.
            if (b.testId === 'paystack-pay-button')
              await page.waitForFunction((id) => !document.querySelector(`[data-testid=${id}]`)?.hasAttribute('disabled'), b.testId);
            const text = (await button.textContent()) ?? '';
            expect(`${country} ${language} ${b.testId}: ${text.includes(TAG[language])}`).toBe(`${country} ${language} ${b.testId}: ${b.test}`);
            // What a screen reader and axe read holds the tag too.
            if (b.test)
              expect(
                await page
                  .getByRole('button', { name: new RegExp(TAG[language]) })
                  .filter({ has: page.getByText(TAG[language]) })
                  .count(),
              ).toBeGreaterThan(0);
          }
          expect(await layoutProblems(page)).toEqual([]);
          expect(await seriousViolations(page)).toEqual([]);
          await page.getByTestId(buttons[0].testId).scrollIntoViewIfNeeded();
          await shot(page, `${country.replace(' ', '-')}-${language}`);
        }
      } finally {
        await context.close();
      }
    },
    240_000,
  );
});
