import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson } from '../support/api';
import { PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

/**
 * Issue 27: a device past its first sync pulls every collection in one request (GET /sync/pull?collections=…), not
 * one per collection: on a weak link that is fewer round trips after every change, and one request on the server
 * instead of seven. A change made in the app on one phone reaches the other phone's client list with one pull; the
 * phone that made it asks its push's answer to carry its pull (POST /sync/push `pull`).
 */

const COLLECTIONS = ['contacts', 'invoices', 'notes', 'expenses', 'catalogs', 'fees', 'stock_movements'];

/** The device's GET /api/sync/pull requests from now on (their query strings). */
function pullsOf(page: Page): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && url.pathname === '/api/sync/pull') seen.push(url.searchParams);
  });
  return seen;
}

describe('the steady state’s one pull (issue 27)', () => {
  it('a client added on one phone reaches the other phone’s list with one pull for every collection', async () => {
    const owner = await seedOwner('one', 'p', { name: 'Wanjiru', company: 'Wanjiru Greens' });
    await apiJson('/contacts', { token: owner.token, body: { name: 'Akinyi Stores', phone: '' } });
    const a = await signedInDevice(PHONE, owner);
    const b = await signedInDevice(PHONE, owner);
    try {
      // Phone B: its first sync (GET /sync/first's pages, then any collection's rest pulled alone).
      const bPulls = pullsOf(b.page);
      await b.page.goto('/tabs/home');
      await b.page.getByText('Akinyi Stores', { exact: true }).waitFor({ timeout: 30_000 });
      await b.page.getByTestId('sync-status').getByText('All changes saved').waitFor({ timeout: 30_000 });
      // The first sync never asks for several collections at once.
      expect(bPulls.filter((q) => q.has('collections'))).toEqual([]);

      // Phone A adds a client in the app; it reaches the server.
      await a.page.goto('/tabs/home');
      await a.page.getByTestId('sync-status').getByText('All changes saved').waitFor({ timeout: 30_000 });
      // Its push asks the answer to carry the pull (one request for the sync, not a push and a pull).
      const aPushes: Array<{ pull?: { collections: string[] } }> = [];
      a.page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/sync/push') aPushes.push(r.postDataJSON() as { pull?: { collections: string[] } });
      });
      await a.page.getByRole('button', { name: 'Add client' }).first().click();
      await a.page.getByLabel('Name').fill('Baraka Hardware');
      await a.page.getByRole('button', { name: 'Save' }).click();
      await a.page.waitForURL('**/contacts/baraka-hardware');
      await expect
        .poll(async () => (await apiJson<{ records: Array<{ name: string }> }>('/contacts?limit=100', { token: owner.token })).records.map((c) => c.name), {
          timeout: 30_000,
          interval: 500,
        })
        .toContain('Baraka Hardware');
      expect(aPushes.map((p) => p.pull?.collections)).toContainEqual(COLLECTIONS);

      // Phone B syncs (the owner comes back to the app): one pull brings it, naming every collection.
      bPulls.length = 0;
      await b.page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await b.page.getByText('Baraka Hardware', { exact: true }).waitFor({ timeout: 30_000 });
      await b.page.getByTestId('sync-status').getByText('All changes saved').waitFor({ timeout: 30_000 });
      expect(bPulls).toHaveLength(1);
      expect(bPulls[0].get('collections')?.split(',')).toEqual(COLLECTIONS);
      expect(bPulls[0].has('collection')).toBe(false);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});
