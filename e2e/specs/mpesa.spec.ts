import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { newPage, PHONE } from '../support/browser';
import { seedOwner } from '../support/owner';

const shot = shooter('mpesa');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's colour-contrast rule on one element (evaluated over DevTools: the page's CSP refuses inline scripts). */
async function contrastViolations(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run: (ctx: object, opts: object) => Promise<{ violations: Array<{ nodes: Array<{ html: string }> }> }> } }).axe;
    const r = await axe.run({ include: [sel] }, { runOnly: ['color-contrast'], resultTypes: ['violations'] });
    return r.violations.flatMap((v) => v.nodes.map((n) => n.html));
  }, selector);
}

describe('M-Pesa', () => {
  it('a customer pays a Kenyan invoice by M-Pesa (local Daraja) and the invoice shows paid with a receipt', async () => {
    const owner = await seedOwner('mpesa', 'k', { name: 'Wanjiru', company: 'Wanjiru Greens', country: 'Kenya' });
    const token = owner.token;
    const contact = await apiJson<{ id: string }>('/contacts', { token, body: { name: 'Otieno Hardware', phone: '+254712345678' } });
    const inv = await apiJson<{ id: string; number: string; public_id: string }>('/invoices', {
      token,
      body: {
        contact_id: contact.id,
        currency: 'KES',
        status: 'sent',
        lines: [{ id: crypto.randomUUID(), description: 'Sukuma wiki, 20 bunches', quantity: 20, unit_price: 5_000, fee_ids: [] }],
      },
    });
    const { context, page } = await newPage(PHONE);
    try {
      await page.goto(`/invoice/link/${inv.public_id}`);
      await page.getByRole('button', { name: /^Pay KSh[\d,.]+ with M-Pesa$/ }).click();
      // A bad number is refused in plain words and what was typed stays.
      const phone = page.getByLabel('M-Pesa phone number');
      await phone.fill('12345');
      await page.getByRole('button', { name: 'Send the prompt to my phone' }).click();
      await page.getByText('Enter a Kenyan M-Pesa number, for example 0712 345 678').waitFor();
      expect(await phone.inputValue()).toBe('12345');
      await phone.fill('0712 345 678');
      // White on the M-Pesa green meets WCAG AA (it was white on #2f9e44, 3.4:1).
      expect(await contrastViolations(page, '[data-testid="mpesa-send"]')).toEqual([]);
      await shot(page, 'form');
      await page.getByRole('button', { name: 'Send the prompt to my phone' }).click();
      await page.getByText('Check your phone').waitFor();
      await shot(page, 'check-phone');
      // The local Daraja accepts the prompt and calls the product back; the page moves on to the thank-you page.
      await page.waitForURL(/\/thank-you\?invoice=/, { timeout: 30_000 });
      const saved = await apiJson<{ status: string; balance: number; payments: Array<{ id: string; method: string; reference: string }> }>(
        `/invoices/${inv.id}`,
        { token },
      );
      expect(saved.status).toBe('paid');
      expect(saved.balance).toBe(0);
      expect(saved.payments).toHaveLength(1);
      expect(saved.payments[0].method).toBe('mobile_money');
      expect(saved.payments[0].reference).toMatch(/^NLJ7RT/);
      const receipts = await apiJson<{ receipts: Array<{ number: string }> }>(`/invoices/${inv.id}/receipts`, { token });
      expect(receipts.receipts).toHaveLength(1);
      await page.goto(`/invoice/link/${inv.public_id}`);
      await page.getByTestId('public-status').filter({ hasText: /paid/i }).waitFor();
      expect(await page.getByRole('button', { name: /^Pay KSh[\d,.]+ with M-Pesa$/ }).count()).toBe(0);
      await shot(page, 'paid');
    } finally {
      await context.close();
    }
  });

  it('a cancelled prompt says so and offers a readable "Try again"', async () => {
    const owner = await seedOwner('mpesa', 'c', { name: 'Wanjiru', company: 'Wanjiru Greens', country: 'Kenya' });
    const contact = await apiJson<{ id: string }>('/contacts', { token: owner.token, body: { name: 'Otieno Hardware' } });
    const inv = await apiJson<{ public_id: string }>('/invoices', {
      token: owner.token,
      body: {
        contact_id: contact.id,
        currency: 'KES',
        status: 'sent',
        lines: [{ id: crypto.randomUUID(), description: 'Sukuma wiki', quantity: 1, unit_price: 5_000, fee_ids: [] }],
      },
    });
    const { context, page } = await newPage(PHONE);
    try {
      // The customer cancels on the phone: Daraja's answer (here given by the page's network) is "cancelled".
      await page.route(`**/api/invoices/link/${inv.public_id}/mpesa`, (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ json: { checkout_request_id: 'ws_CO_cancelled', amount: 5_000, currency: 'KES' } })
          : route.fallback(),
      );
      await page.route(`**/api/invoices/link/${inv.public_id}/mpesa/ws_CO_cancelled`, (route) =>
        route.fulfill({ json: { status: 'cancelled', message: 'Request cancelled by user', balance: 5_000 } }),
      );
      await page.goto(`/invoice/link/${inv.public_id}`);
      await page.getByRole('button', { name: /^Pay KSh[\d,.]+ with M-Pesa$/ }).click();
      await page.getByLabel('M-Pesa phone number').fill('0712 345 678');
      await page.getByRole('button', { name: 'Send the prompt to my phone' }).click();
      await page.getByTestId('mpesa-retry').waitFor();
      expect(await contrastViolations(page, '[data-testid="mpesa-retry"]')).toEqual([]);
      await shot(page, 'cancelled');
    } finally {
      await context.close();
    }
  });
});
