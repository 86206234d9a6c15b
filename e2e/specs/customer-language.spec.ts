import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { baseUrl, DESKTOP, newPage, PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

const shot = shooter('customer-language');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page, one line each (evaluated over DevTools: the CSP forbids inline script). */
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

/** The text drawn in a PDF (pdf-lib writes each string as <hex> Tj inside Flate streams). */
function pdfText(bytes: Buffer): string {
  const out: string[] = [];
  const latin = bytes.toString('latin1');
  for (const m of latin.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = latin.indexOf('endstream', start);
    try {
      const body = inflateSync(bytes.subarray(start, end)).toString('latin1');
      for (const t of body.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) out.push(Buffer.from(t[1], 'hex').toString('latin1'));
    } catch {
      // an image or a stream that is not Flate
    }
  }
  return out.join('\n');
}

async function pdfFromLink(page: Page): Promise<string> {
  const href = await page.getByRole('link', { name: /PDF/ }).getAttribute('href');
  const res = await fetch(new URL(href ?? '', baseUrl()));
  expect(res.status).toBe(200);
  return pdfText(Buffer.from(await res.arrayBuffer()));
}

describe("what the customer reads is in the client's language (issue 19)", () => {
  it('a client set to French in the client form gets a French public page and PDF; the switch turns it to Swahili without a reload', async () => {
    const owner = await seedOwner('custlang', 'fr', { name: 'Wanjiru', company: 'Wanjiru Tailors', country: 'Kenya' });
    const token = owner.token;

    // The owner sets the client's language in the client form (Language: Français); it reaches the server by sync.
    const device = await signedInDevice(DESKTOP, owner);
    try {
      await device.page.goto('/tabs/home');
      await device.page.getByRole('button', { name: 'Add client' }).first().click();
      await device.page.getByLabel('Name').fill('Mme Ebogo');
      await device.page.getByRole('combobox', { name: 'Language' }).click();
      await device.page.getByRole('option', { name: 'Français' }).click();
      await shot(device.page, 'client-form');
      await device.page.getByRole('button', { name: 'Save' }).click();
      await device.page.getByRole('heading', { name: 'Mme Ebogo' }).waitFor();
      await device.page.getByText('Français').waitFor();
      // The client reaches the server by sync before this device closes.
      await device.page.getByTestId('sync-status').getByText('All changes saved').waitFor({ timeout: 60_000 });
    } finally {
      await device.context.close();
    }
    let contact: { id: string; language: string | null } | undefined;
    for (let i = 0; i < 120 && !contact; i++) {
      const list = await apiJson<{ records: Array<{ id: string; name: string; language: string | null }> }>('/contacts', { token });
      contact = list.records.find((c) => c.name === 'Mme Ebogo');
      if (!contact) await new Promise((r) => setTimeout(r, 500));
    }
    expect(contact?.language).toBe('fr');

    const inv = await apiJson<{ id: string; number: string; public_id: string }>('/invoices', {
      token,
      body: {
        contact_id: contact!.id,
        currency: 'KES',
        status: 'sent',
        issue_date: '2026-03-05',
        due_date: '2026-08-20',
        lines: [{ id: crypto.randomUUID(), description: 'Robe brodée', quantity: 1, unit_price: 1_250_000, fee_ids: [] }],
      },
    });
    expect((await apiJson<{ language: string }>(`/invoices/public/${inv.public_id}`)).language).toBe('fr');

    // The first paint (HTML from the server, before any JavaScript) is already French.
    const html = await (await fetch(`${baseUrl()}/invoice/link/${inv.public_id}`)).text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain(`Facture ${inv.number}`);

    const { context, page } = await newPage(PHONE);
    try {
      await page.goto(`/invoice/link/${inv.public_id}`);
      await page.getByRole('heading', { level: 1, name: `Facture ${inv.number}` }).waitFor();
      const switcher = page.getByRole('group', { name: 'Langue' });
      await switcher.waitFor();
      expect(await page.getByRole('button', { name: 'Français' }).getAttribute('aria-pressed')).toBe('true');
      await page.getByText('5 mars 26').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
      await shot(page, 'public-fr');
      expect(await seriousViolations(page)).toEqual([]);
      // The card form's × is read out in French too (the public page's theme follows its language), not 'Dismiss'.
      await page
        .getByRole('button', { name: /^Payer / })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
      await page.getByRole('button', { name: 'Fermer la fenêtre' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      const fr = await pdfFromLink(page);
      expect(fr).toContain('FACTURE');
      expect(fr).toContain('VOIR ET PAYER EN LIGNE');
      expect(fr).toContain('20 août 26');

      // Switch to Kiswahili: same page (no navigation, no reload), Swahili words, dates and PDF.
      await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
      await page.getByRole('button', { name: 'Kiswahili' }).click();
      await page.getByRole('heading', { level: 1, name: `Ankara ${inv.number}` }).waitFor();
      await page.getByText('5 Mac 26').waitFor();
      expect(await page.getByRole('button', { name: 'Kiswahili' }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw');
      await page.getByRole('group', { name: 'Lugha' }).waitFor();
      await shot(page, 'public-sw');
      expect(await seriousViolations(page)).toEqual([]);
      const sw = await pdfFromLink(page);
      expect(sw).toContain('ANKARA');
      expect(sw).toContain('20 Ago 26');

      // With the keyboard alone: Tab to English, Enter.
      await page.getByRole('button', { name: 'English' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: `Invoice ${inv.number}` }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
      // No sideways scroll at 360 px in any of the three.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } finally {
      await context.close();
    }

    // On a weak link, the spinner shown while the invoice is on its way is already labelled in the client's language
    // (the page starts in the <html lang> the server wrote), not 'Loading'.
    const slow = await newPage(PHONE);
    try {
      let release = () => undefined as void;
      const held = new Promise<void>((r) => (release = r));
      await slow.page.route(new RegExp(`/invoices/public/${inv.public_id}$`), async (route) => {
        await held;
        await route.continue();
      });
      await slow.page.goto(`/invoice/link/${inv.public_id}`);
      await slow.page.locator('#root [aria-busy="true"][aria-label="Chargement"]').waitFor({ state: 'attached' });
      release();
      await slow.page.getByRole('heading', { level: 1, name: `Facture ${inv.number}` }).waitFor();
    } finally {
      await slow.context.close();
    }
  });
});
