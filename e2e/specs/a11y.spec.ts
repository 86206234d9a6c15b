import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, newPage, PHONE } from '../support/browser';
import { type Owner, seedOwner, signedInDevice } from '../support/owner';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** Runs axe-core in the page; returns the serious and critical violations, one readable line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated over the DevTools protocol: an inline <script> tag would be (rightly) refused by the page's CSP.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length}): ${v.help} — e.g. ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.failureSummary?.split('\n')[1]?.trim() ?? ''}`);
}

async function settle(page: Page, path: string) {
  await page.goto(path);
  await page.locator('main, form').first().waitFor();
  await page.waitForTimeout(400);
}

describe('accessibility: no serious or critical axe-core violations', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await seedOwner('a11y', 'x', { name: 'Amina Bello', company: 'Amina Fabrics', country: 'Nigeria' });
  });

  it('signed out: login, register and forgot password', async () => {
    const { context, page } = await newPage(PHONE);
    for (const path of ['/login', '/register', '/forgot-password']) {
      await settle(page, path);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await context.close();
  });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`signed in (${name}): the tabs, settings and AI writer pages, and the result modal`, async () => {
      const { context, page } = await signedInDevice(viewport, owner, { aiBannerDismissed: true });
      const paths = [
        '/tabs/home',
        '/tabs/invoice',
        '/new-invoice',
        '/tabs/expense',
        '/tabs/catalog',
        '/tabs/fee',
        '/settings/account',
        '/settings/security',
        '/tabs/ai',
        '/ai/business-plan',
        '/ai/birthday-wishes',
        '/ai/user-persona',
        '/settings/billing',
        '/plan/portal',
        '/plan/subscribe',
        '/report',
        '/announcement',
        '/affiliate',
      ];
      for (const path of paths) {
        await settle(page, path);
        expect(await seriousViolations(page), path).toEqual([]);
      }
      await settle(page, '/ai/newsletter');
      await page.getByLabel('Describe Your Update').fill('We moved to a bigger shop on Broad Street');
      expect(await seriousViolations(page), 'newsletter form, Generate enabled').toEqual([]);
      await page.getByRole('button', { name: 'See Sample' }).click();
      await page.getByRole('dialog').getByRole('textbox').locator('p').first().waitFor();
      expect(await seriousViolations(page), 'result modal').toEqual([]);
      await context.close();
    });
  }
});
