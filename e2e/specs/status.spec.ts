import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { DESKTOP } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

/**
 * Issue 14 items 7 and 10: one status everywhere (list, view, Search, client page); Finish makes an invoice
 * Ready, not Sent; sharing it sends it; Search finds line text and payment references.
 */

const shot = shooter('status');

async function statusesOf(page: Page, number: string, clientPermalink: string, searchFor: string) {
  await page.goto('/tabs/invoice');
  const row = page.locator(`[data-testid="invoice-row"][data-number="${number}"]`);
  await row.waitFor();
  const list = await row.getByTestId('invoice-status').textContent();
  await row.click();
  const view = await page.getByTestId('view-status').textContent();
  await page.goto('/tabs/search');
  await page.getByRole('searchbox', { name: 'Search everything' }).fill(searchFor);
  const hit = page.getByTestId('search-group-invoices').getByRole('button').filter({ hasText: number });
  await hit.waitFor();
  const search = await hit.textContent();
  await page.goto(`/contacts/${clientPermalink}`);
  const card = page.getByRole('button').filter({ hasText: number });
  await card.waitFor();
  const client = await card.getByTestId('client-invoice-status').textContent();
  return { list, view, search, client };
}

describe('invoice status (issue 14 item 7)', () => {
  it('an overdue invoice reads Overdue in the list, view, Search and client page; Search finds its line text and payment reference', async () => {
    const owner = await seedOwner('st', 'due', { name: 'Bisi', company: 'Bisi Tailoring', country: 'Nigeria' });
    const contact = await apiJson<{ id: string; permalink: string }>('/contacts', {
      token: owner.token,
      body: { name: 'Kemi Adeyemi', email: 'kemi@example.com' },
    });
    const inv = await apiJson<{ id: string; number: string }>('/invoices', {
      token: owner.token,
      body: {
        contact_id: contact.id,
        issue_date: '2026-01-05',
        due_date: '2026-01-19',
        currency: 'NGN',
        status: 'sent',
        lines: [{ id: crypto.randomUUID(), description: 'Agbada with gold embroidery', quantity: 1, unit_price: 8_000_000, fee_ids: [] }],
        fees: [],
        fee_ids: [],
      },
    });
    await apiJson(`/invoices/${inv.id}/payments`, {
      token: owner.token,
      body: { amount: 2_000_000, method: 'mobile_money', date: '2026-01-10', reference: 'OPay 5521' },
    });
    const { context, page } = await signedInDevice(DESKTOP, owner);
    try {
      await page.goto('/tabs/invoice');
      await page.locator(`[data-testid="invoice-row"][data-number="${inv.number}"]`).waitFor({ timeout: 30_000 });
      const s = await statusesOf(page, inv.number, contact.permalink, 'embroidery');
      expect(s.list).toBe('Overdue');
      expect(s.view).toBe('Overdue');
      expect(s.search).toContain('Overdue');
      expect(s.client).toBe('Overdue');
      // A payment reference finds it too.
      await page.goto('/tabs/search');
      await page.getByRole('searchbox', { name: 'Search everything' }).fill('opay');
      await page.getByTestId('search-group-invoices').getByRole('button').filter({ hasText: inv.number }).waitFor();
      await shot(page, 'desktop-search-opay');
    } finally {
      await context.close();
    }
  });

  it('Finish makes an invoice Ready everywhere (not Sent); copying its link sends it', async () => {
    const owner = await seedOwner('st', 'rdy', { name: 'Wanjiru', company: 'Wanjiru Salon', country: 'Kenya' });
    const contact = await apiJson<{ id: string; permalink: string }>('/contacts', {
      token: owner.token,
      body: { name: 'Achieng Otieno', email: 'achieng@example.com' },
    });
    const { context, page } = await signedInDevice(DESKTOP, owner, { clipboard: true });
    try {
      await page.goto('/tabs/home');
      await page.getByText('Achieng Otieno').waitFor({ timeout: 30_000 });
      await page.goto('/new-invoice');
      await page.getByRole('button', { name: 'Choose a client' }).click();
      await page
        .getByRole('dialog', { name: 'Select A Customer' })
        .getByRole('button', { name: /Achieng Otieno/ })
        .click();
      await page.getByRole('button', { name: 'Add line' }).click();
      await page.getByLabel('Description 1', { exact: true }).fill('Box braids');
      await page.getByLabel('Unit price 1', { exact: true }).fill('3500');
      await page.getByRole('button', { name: 'Finish' }).click();
      await page.waitForURL(/\/invoices\/[0-9a-f-]{36}$/);
      const number = (await page.getByRole('heading', { level: 1, name: /^INV-\d{4}$/ }).textContent()) ?? '';
      await expect(page.getByTestId('view-status').textContent()).resolves.toBe('Ready');
      await shot(page, 'desktop-ready');
      // Not in the drafts, and Ready in every place.
      const s = await statusesOf(page, number, contact.permalink, 'braids');
      expect(s).toMatchObject({ list: 'Ready', view: 'Ready', client: 'Ready' });
      expect(s.search).toContain('Ready');
      await page.goto('/invoices/drafts');
      await page.getByText('No drafts').waitFor();

      // Sharing the link sends it.
      await page.goto('/tabs/invoice');
      await page.locator(`[data-testid="invoice-row"][data-number="${number}"]`).click();
      await page.getByTestId('needs-sync').waitFor({ state: 'detached', timeout: 30_000 });
      await page.getByTestId('copy-link').click();
      await page.getByTestId('view-status').filter({ hasText: 'Sent' }).waitFor();
      // The server agrees once it syncs.
      await expect
        .poll(
          async () =>
            (await apiJson<{ records?: { number: string; status: string }[] }>('/invoices', { token: owner.token })).records?.find((r) => r.number === number)
              ?.status,
          { timeout: 30_000 },
        )
        .toBe('sent');
    } finally {
      await context.close();
    }
  });
});
