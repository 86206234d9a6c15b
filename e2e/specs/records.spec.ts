import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { controlledByServiceWorker, DESKTOP, PHONE } from '../support/browser';
import { type Owner, seedOwner, signedInDevice } from '../support/owner';
import { solidPng } from '../support/png';

/** Issue 4 end to end: records made with no network survive a reload offline and reach the server; two devices converge. */

const shot = shooter('records');

const list = <T>(body: T[] | { records?: T[]; data?: T[] }): T[] => (Array.isArray(body) ? body : (body.records ?? body.data ?? []));

const seedRecordsOwner = (tag: string) => seedOwner('rec', tag, { name: 'Wanjiru', company: 'Wanjiru Shop' });
const device = (viewport: typeof PHONE, owner: Owner) => signedInDevice(viewport, owner, { swNow: true });

const status = (page: Page) => page.getByTestId('sync-status');
async function waitSynced(page: Page) {
  await status(page).getByText('All changes saved').waitFor({ timeout: 30_000 });
}

describe('local-first records (issue 4)', () => {
  it('creates clients, notes, expenses with a receipt, catalog items and fees offline; they survive an offline reload and reach the server', async () => {
    const owner = await seedRecordsOwner('off');
    const { context, page } = await device(PHONE, owner);
    try {
      await page.goto('/tabs/home');
      await page.getByRole('heading', { name: 'Clients', exact: true }).waitFor();
      await controlledByServiceWorker(page);
      await waitSynced(page);

      await context.setOffline(true);
      await status(page).getByText('Offline').waitFor();

      // A client, then a note on its page.
      await page.getByRole('button', { name: 'Add client' }).first().click();
      await page.getByLabel('Name').fill('Baraka Hardware');
      await page.getByLabel('E-mail').fill('baraka@example.com');
      // The phone is typed as people dial it (issue 14: kept in E.164, shown in national form).
      await expect(page.getByLabel('Phone').inputValue()).resolves.toBe('');
      await page.getByLabel('Phone').fill('0700 111222');
      await page.getByLabel('City').fill('Nakuru');
      await shot(page, 'phone-client-form');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL('**/contacts/baraka-hardware');
      await page.getByRole('heading', { name: 'Baraka Hardware' }).waitFor();
      await page.getByText('0700 111 222', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Add note' }).click();
      await page.getByRole('textbox', { name: 'Note' }).fill('**Pays** on Fridays');
      await page.getByRole('button', { name: 'Save note' }).click();
      await page.getByTestId('note').getByText('Pays').waitFor();
      await shot(page, 'phone-contact');

      // An expense with a receipt photo (camera/file input).
      await page.goto('/expense?new=1');
      await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('1500.5');
      await expect(page.getByRole('textbox', { name: 'Amount', exact: true }).inputValue()).resolves.toBe('1,500.5');
      await page.getByRole('combobox', { name: 'Category' }).fill('Transport');
      await page.keyboard.press('Escape');
      await page.getByLabel('Paid to (vendor)').fill('Matatu');
      await page
        .locator('input[type=file][accept="image/*"]:not([capture])')
        .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: solidPng(64, 48) });
      await page.getByRole('img', { name: 'Receipt' }).waitFor();
      await shot(page, 'phone-expense-form');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL('**/tabs/expense');
      await page.getByText('Transport · Matatu').waitFor();
      await shot(page, 'phone-expenses');

      // A catalog item and a fee.
      await page.goto('/tabs/catalog');
      await page.getByRole('button', { name: 'Add item' }).first().click();
      await page.getByLabel('Name').fill('Cement 50kg');
      await page.getByLabel('Unit price').fill('950');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Cement 50kg').waitFor();
      await page.goto('/tabs/fee');
      await page.getByRole('button', { name: 'Add tax or fee' }).first().click();
      await page.getByLabel('Name').fill('County levy');
      await page.getByLabel('Rate (%)').fill('2.5');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('County levy').waitFor();
      await page.getByText('2.5%').waitFor();
      await shot(page, 'phone-fees');
      await status(page)
        .getByText(/Offline · \d+ waiting/)
        .waitFor();

      // Reload with no network: the service worker opens the app and the local data is there.
      await page.reload();
      await page.getByText('County levy').waitFor();
      await page.goto('/tabs/home');
      await page.getByText('Baraka Hardware').waitFor();
      await page.goto('/tabs/search');
      await page.getByLabel('Search everything').fill('baraka');
      await page.getByTestId('search-group-contacts').getByText('Baraka Hardware').waitFor();
      await page.getByTestId('search-group-notes').waitFor();
      await shot(page, 'phone-search');

      // Back online: everything reaches the server once, the receipt photo too.
      await context.setOffline(false);
      await waitSynced(page);
      const contacts = list(await apiJson<{ id: string; name: string; city: string }[]>('/contacts?q=baraka', { token: owner.token }));
      expect(contacts).toHaveLength(1);
      expect(contacts[0]).toMatchObject({ name: 'Baraka Hardware', city: 'Nakuru', phone: '+254700111222' });
      const notes = list(await apiJson<{ contact_id: string; body: string }[]>('/notes', { token: owner.token }));
      expect(notes).toEqual([expect.objectContaining({ contact_id: contacts[0].id, body: '**Pays** on Fridays' })]);
      const catalogs = list(await apiJson<{ name: string; unit_price: number }[]>('/catalogs', { token: owner.token }));
      expect(catalogs.find((c) => c.name === 'Cement 50kg')?.unit_price).toBe(95_000);
      const fees = list(await apiJson<{ name: string; percentage_bps: number }[]>('/fees', { token: owner.token }));
      expect(fees.find((f) => f.name === 'County levy')?.percentage_bps).toBe(250);
      await expect
        .poll(async () => list(await apiJson<{ amount: number; category: string; receipt_url: string | null }[]>('/expenses', { token: owner.token })), {
          timeout: 20_000,
        })
        .toEqual([expect.objectContaining({ amount: 150_050, category: 'Transport', receipt_url: expect.any(String) })]);
    } finally {
      await context.close();
    }
  });

  it('two devices edit the same client offline: both converge and the losing edit is kept in history', async () => {
    const owner = await seedRecordsOwner('two');
    const created = await apiJson<{ id: string; permalink: string }>('/contacts', { token: owner.token, body: { name: 'Shared Client', city: 'Kisumu' } });
    const a = await device(DESKTOP, owner);
    const b = await device(DESKTOP, owner);
    try {
      for (const d of [a, b]) {
        await d.page.goto(`/contacts/${created.permalink}`);
        await d.page.getByRole('heading', { name: 'Shared Client' }).waitFor();
        await waitSynced(d.page);
        await d.context.setOffline(true);
      }
      const edit = async (page: Page, city: string) => {
        await page.getByRole('button', { name: 'Edit' }).click();
        await page.getByLabel('City').fill(city);
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText(city).first().waitFor();
      };
      await edit(a.page, 'Nairobi');
      await edit(b.page, 'Mombasa');

      await a.context.setOffline(false);
      await waitSynced(a.page);
      await b.context.setOffline(false);
      await waitSynced(b.page);
      // Device A hears about B's later edit on its next sync (here: coming back to the window).
      await a.page.evaluate(() => window.dispatchEvent(new Event('focus')));

      for (const d of [a, b]) await d.page.getByText('Kisumu').or(d.page.getByText('Mombasa')).first().waitFor();
      for (const d of [a, b]) await d.page.getByTestId('conflict-notice').getByText('Nairobi').waitFor({ timeout: 20_000 });
      await shot(a.page, 'desktop-conflict');
      const server = await apiJson<{ city: string }>(`/contacts/${created.id}`, { token: owner.token });
      expect(server.city).toBe('Mombasa');
      const body = await apiJson<{ history: { data: Record<string, unknown> }[] } | { data: Record<string, unknown> }[]>(
        `/sync/history?collection=contacts&id=${created.id}`,
        { token: owner.token },
      );
      const history = Array.isArray(body) ? body : body.history;
      expect(history.some((h) => h.data.city === 'Nairobi')).toBe(true);
      await expect(a.page.locator('text=Mombasa').first().isVisible()).resolves.toBe(true);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});
