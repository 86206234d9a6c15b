import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { controlledByServiceWorker, PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

/**
 * t20 H3 (issue 27's "renumbering with a notice"): this phone, offline, finishes INV-0001 while another device of the
 * owner takes INV-0001 on the server. Back online the server renumbers this phone's invoice to INV-0002; the owner is
 * told in a toast and on the invoice, and OK dismisses the notice on the server.
 */

const shot = shooter('invoice-renumber');
const status = (page: Page) => page.getByTestId('sync-status');
type Inv = { id: string; number: string; notice: string | null };
const list = <T>(body: T[] | { records?: T[] }): T[] => (Array.isArray(body) ? body : (body.records ?? []));

describe('an invoice renumbered after sync (t20 H3)', () => {
  it('says "INV-0001 is now INV-0002" in a toast and on the invoice, and OK dismisses it', async () => {
    const owner = await seedOwner('irn', 'zw', { name: 'Tendai', company: 'Tendai Hardware', country: 'Zimbabwe' });
    const token = owner.token;
    const client = await apiJson<{ id: string }>('/contacts', { token, body: { name: 'Tendai Moyo', phone: '' } });
    const { context, page } = await signedInDevice(PHONE, owner, { swNow: true, aiBannerDismissed: true });
    try {
      await page.goto('/tabs/home');
      await page.getByText('Tendai Moyo').waitFor({ timeout: 30_000 });
      await controlledByServiceWorker(page);
      await status(page).getByText('All changes saved').waitFor({ timeout: 30_000 });

      // Offline, this phone finishes an invoice: it shows INV-0001.
      await context.setOffline(true);
      await status(page).getByText('Offline').waitFor();
      await page.goto('/new-invoice');
      await page.getByRole('button', { name: 'Choose a client' }).click();
      await page
        .getByRole('dialog', { name: 'Select A Customer' })
        .getByRole('button', { name: /Tendai Moyo/ })
        .click();
      await page.getByRole('button', { name: 'Add line' }).click();
      await page.getByLabel('Description 1', { exact: true }).fill('Cement');
      await page.getByLabel('Unit price 1', { exact: true }).fill('25');
      await page.getByRole('button', { name: 'Finish', exact: true }).click();
      await page.waitForURL(/\/invoices\/[0-9a-f-]{36}$/, { timeout: 30_000 });
      // Offline the number is provisional (another device may take it): the page, the WhatsApp text and the PDF say so.
      await page.getByRole('heading', { name: 'INV-0001 (provisional)', exact: true }).waitFor({ timeout: 30_000 });
      await page
        .getByTestId('provisional-number')
        .getByText(/^You are offline: INV-0001 is provisional\./)
        .waitFor();
      const whatsapp = page.getByRole('link', { name: 'WhatsApp' });
      expect(decodeURIComponent((await whatsapp.getAttribute('href')) ?? '')).toContain('here is invoice INV-0001 (provisional number) from Tendai Hardware');
      const download = page.getByTestId('download-pdf');
      await download.waitFor({ timeout: 60_000 });
      expect(await download.getAttribute('download')).toBe('INV-0001 (provisional).pdf');
      await shot(page, 'provisional-offline');

      // Meanwhile another device of the owner takes INV-0001 on the server.
      const other = await apiJson<Inv>('/invoices', {
        token,
        body: { contact_id: client.id, lines: [{ id: crypto.randomUUID(), description: 'Paint', quantity: 1, unit_price: 500, fee_ids: [] }] },
      });
      expect(other.number).toBe('INV-0001');

      // Back online: the server keeps numbers unique and this phone is told.
      await context.setOffline(false);
      await page.getByText('INV-0001 is now INV-0002 (another device used that number)', { exact: true }).waitFor({ timeout: 60_000 });
      const notice = page.getByTestId('renumber-notice');
      await notice.getByText('New number: INV-0002', { exact: true }).waitFor({ timeout: 30_000 });
      await page.getByRole('heading', { name: 'INV-0002', exact: true }).waitFor();
      // Online and on the server, the number is final: shared as it is.
      await expect.poll(async () => decodeURIComponent((await whatsapp.getAttribute('href')) ?? '')).toContain('here is invoice INV-0002 from Tendai Hardware');
      expect(await page.getByTestId('provisional-number').count()).toBe(0);
      await expect.poll(() => download.getAttribute('download'), { timeout: 60_000 }).toBe('INV-0002.pdf');
      await shot(page, 'told');

      const mine = list(await apiJson<Inv[] | { records: Inv[] }>('/invoices', { token })).find((i) => i.number === 'INV-0002');
      expect(mine?.notice).toMatch(/^Renumbered from INV-0001 to INV-0002/);
      await notice.getByRole('button', { name: 'OK', exact: true }).click();
      await notice.waitFor({ state: 'detached' });
      await expect.poll(async () => (await apiJson<Inv>(`/invoices/${mine!.id}`, { token })).notice, { timeout: 60_000 }).toBeNull();
    } finally {
      await context.close();
    }
  });
});
