import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { baseUrl, getBrowser, PHONE } from '../support/browser';
import { type Owner, seedOwner } from '../support/owner';

/**
 * Issue 13 item 3 end to end: a device holding poisoned changes keeps syncing everything else and shows the
 * bad changes with Fix / Discard. One poisoned change the server refuses (a NUL byte written straight into
 * the device's queue, as an older app version could have), one the server fails on with a 500 every time
 * (a server bug, injected on the push route), and a good client typed in the app, all in one push.
 */
const shot = shooter('sync-poison');

/** A signed-in phone with the service worker blocked, so the test can fail one push route. */
async function device(owner: Owner): Promise<{ context: BrowserContext; page: Page }> {
  const context = await (await getBrowser()).newContext({ viewport: PHONE, baseURL: baseUrl(), serviceWorkers: 'block' });
  await context.addInitScript(
    ([token, user]) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
        localStorage.setItem('welcome', 'true');
      }
    },
    [owner.token, JSON.stringify(owner.user)] as const,
  );
  return { context, page: await context.newPage() };
}

/** Writes a record and its queued change straight into the device database (not through the app). */
function writeToDevice(page: Page, contact: Record<string, unknown>, data: Record<string, unknown>): Promise<void> {
  return page.evaluate(
    ([c, d]) =>
      new Promise<void>((resolve, reject) => {
        const req = indexedDB.open('duka');
        req.onerror = () => reject(new Error('indexedDB could not open'));
        req.onsuccess = () => {
          const db = req.result;
          const tx = db.transaction(['contacts', 'queue'], 'readwrite');
          tx.objectStore('contacts').put(c);
          tx.objectStore('queue').add({
            mutation_id: crypto.randomUUID(),
            collection: 'contacts',
            op: 'upsert',
            id: c.id,
            data: d,
            created_at: new Date().toISOString(),
            status: 'pending',
          });
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    [contact, data] as const,
  );
}

const names = async (owner: Owner) =>
  (await apiJson<{ records: Array<{ name: string }> }>('/contacts?limit=100', { token: owner.token })).records.map((c) => c.name);

describe('one bad record never stops a device syncing (issue 13)', () => {
  it('syncs the good client past two poisoned changes, shows them with Fix / Discard, and Discard removes one', async () => {
    const owner = await seedOwner('poi', 'p', { name: 'Amina', company: 'Amina Fabrics' });
    const { context, page } = await device(owner);
    let failedPushes = 0;
    await page.route('**/api/sync/push', async (route) => {
      if ((route.request().postData() ?? '').includes('Poison 500')) {
        failedPushes += 1;
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong on the server' } }),
        });
      }
      return route.continue();
    });
    const status = page.getByTestId('sync-status');
    try {
      // A client's page is opened once online, so its code is on the device before the Save below opens one offline
      // (service workers are blocked here: a page whose code cannot load offline shows 'This page could not be opened'
      // without the header, and the sync engine stops with it, so the poisoned changes were never set aside).
      const warm = await apiJson<{ permalink: string }>('/contacts', { token: owner.token, body: { name: 'Wanjiru Tailors' } });
      await page.goto(`/contacts/${warm.permalink}`);
      await page.getByRole('heading', { name: 'Wanjiru Tailors' }).first().waitFor();
      await status.getByText('All changes saved').waitFor({ timeout: 30_000 });
      await page.goto('/tabs/home');
      await page.getByRole('heading', { name: 'Clients', exact: true }).waitFor();
      await status.getByText('All changes saved').waitFor({ timeout: 30_000 });

      // Offline, so everything goes up in one push: two poisoned changes first, then a client typed in the app.
      // The form is opened before going offline: in the full suite its code was sometimes not on the device yet
      // (see the session note: a new phone offline before the service worker has cached it is an open defect).
      await page.getByRole('button', { name: 'Add client' }).first().click();
      await page.getByLabel('Name').waitFor();
      await context.setOffline(true);
      await status.getByText('Offline').waitFor();
      const base = {
        email: '',
        phone: '',
        address: '',
        city: '',
        country: '',
        tax_id: '',
        notes: '',
        archived: false,
        created_at: '2026-11-23T00:00:00Z',
        updated_at: '2026-11-23T00:00:00Z',
      };
      const nul = crypto.randomUUID();
      const failing = crypto.randomUUID();
      await writeToDevice(page, { ...base, id: nul, name: 'Nul\u0000Stores', permalink: 'nul-stores' }, { ...base, name: 'Nul\u0000Stores' });
      await writeToDevice(page, { ...base, id: failing, name: 'Poison 500 Traders', permalink: 'poison-500-traders' }, { ...base, name: 'Poison 500 Traders' });
      await page.getByLabel('Name').fill('Good Client');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL('**/contacts/good-client');
      await context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));

      // The good client reaches the server although its push carried both poisoned changes.
      await expect.poll(() => names(owner), { timeout: 30_000, interval: 500 }).toContain('Good Client');
      expect(failedPushes).toBeGreaterThan(0);
      // The change the server fails on is retried alone on later syncs (focus), then set aside.
      await expect
        .poll(
          async () => {
            await page.evaluate(() => window.dispatchEvent(new Event('focus')));
            return status.getByRole('button', { name: '2 changes to fix' }).isVisible();
          },
          { timeout: 90_000, interval: 2_000 },
        )
        .toBe(true);
      const names1 = await names(owner);
      expect(names1.some((n) => n.includes('Poison') || n.includes('Nul'))).toBe(false);

      await status.getByRole('button', { name: '2 changes to fix' }).click();
      const dialog = page.getByRole('dialog', { name: 'Changes the server refused' });
      await dialog.getByText('Client · Save: Poison 500 Traders').waitFor();
      await dialog.getByText(/The server failed on this change several times \(Something went wrong on the server\)/).waitFor();
      await dialog.getByText(/Client · Save: Nul/).waitFor();
      await dialog
        .getByText(/broken character|control characters|characters that cannot be saved/)
        .first()
        .waitFor();
      expect(await dialog.getByRole('button', { name: 'Fix' }).count()).toBe(2);
      expect(await dialog.getByRole('button', { name: 'Discard' }).count()).toBe(2);
      await shot(page, 'phone-changes-to-fix');

      // Fix opens the client's edit form with what was typed.
      const cards = dialog.locator('.mantine-Paper-root');
      await cards.filter({ hasText: 'Poison 500 Traders' }).getByRole('button', { name: 'Fix' }).click();
      await page.waitForURL('**/contacts/poison-500-traders?edit=1');
      await expect.poll(() => page.getByLabel('Name').inputValue(), { timeout: 10_000 }).toBe('Poison 500 Traders');
      await shot(page, 'phone-fix-form');
      await page.keyboard.press('Escape');

      // Discard asks first, then drops the change; the server never had this client, so it goes from the device.
      await status.getByRole('button', { name: '2 changes to fix' }).click();
      await cards.filter({ hasText: 'Nul' }).getByRole('button', { name: 'Discard' }).click();
      await dialog.getByText('Discard this change? What you typed for this record will be replaced by the server’s copy.').waitFor();
      await cards.filter({ hasText: 'Nul' }).getByRole('button', { name: 'Discard' }).click();
      await dialog.getByText(/Client · Save: Nul/).waitFor({ state: 'detached' });
      await status.getByRole('button', { name: '1 change to fix' }).waitFor();

      // The device keeps syncing: a later client goes up while the held change stays set aside.
      await page.keyboard.press('Escape');
      await page.goto('/tabs/home');
      await page.getByRole('button', { name: 'Add client' }).first().click();
      await page.getByLabel('Name').fill('Later Client');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL('**/contacts/later-client');
      await expect.poll(() => names(owner), { timeout: 30_000, interval: 500 }).toContain('Later Client');
      await status.getByRole('button', { name: '1 change to fix' }).waitFor();
    } finally {
      await context.close();
    }
  }, 180_000);
});
