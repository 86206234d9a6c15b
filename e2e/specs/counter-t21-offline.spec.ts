import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { PHONE } from '../support/browser';
import { layoutProblems } from '../support/layout';
import { seedOwner, signedInDevice } from '../support/owner';

/**
 * t21 P3 at 360 px: a phone offline sells and shows receipt SAL-0001 while another device of the owner takes SAL-0001
 * on the server. Back online, the receipt still on screen takes the number the server gave the sale (SAL-0002), so
 * Print and Share give the right one, and says why (not printed).
 */
const shot = shooter('counter-t21-offline');

describe('the receipt of a sale renumbered after sync (t21 P3)', () => {
  it('a receipt made offline follows the number the server gives the sale, and says so', async () => {
    const owner = await seedOwner('ct21', 'n', { name: 'Mwila', company: 'Mwila Eats', country: 'Zambia' });
    const { token } = owner;
    await apiJson('/catalogs', { token, body: { name: 'Nshima meal', unit_price: 3_500 } });
    const client = await apiJson<{ id: string }>('/contacts', { token, body: { name: 'Walk-in', phone: '' } });
    const { context, page } = await signedInDevice(PHONE, owner);
    const status = page.getByTestId('sync-status');
    try {
      await page.goto('/tabs/home');
      await status.getByText('All changes saved').waitFor({ timeout: 30_000 });
      await page.getByTestId('sell').click();
      await page.getByRole('button', { name: /^Nshima meal, / }).waitFor({ timeout: 20_000 });
      // This phone, offline, sells and hands over receipt SAL-0001.
      await context.setOffline(true);
      await status.getByText('Offline').waitFor();
      await page.getByRole('button', { name: /^Nshima meal, / }).click();
      await page.getByTestId('pay-cash').click();
      const receipt = page.getByTestId('sale-receipt');
      await receipt.getByRole('heading', { name: 'Receipt SAL-0001', exact: true }).waitFor();
      // Meanwhile another device of the owner takes SAL-0001 on the server.
      const at = new Date().toISOString();
      const { results } = await apiJson<{ results: Array<{ status: string }> }>('/sync/push', {
        token,
        body: {
          mutations: [
            {
              mutation_id: crypto.randomUUID(),
              collection: 'invoices',
              op: 'upsert',
              id: crypto.randomUUID(),
              data: {
                kind: 'sale',
                contact_id: client.id,
                issue_date: at.slice(0, 10),
                due_date: at.slice(0, 10),
                currency: 'ZMW',
                lines: [{ id: crypto.randomUUID(), description: 'Talk time', quantity: 1, unit_price: 1_000, fee_ids: [] }],
                sent_at: at,
                finished_at: at,
              },
            },
          ],
        },
      });
      expect(results.map((r) => r.status)).toEqual(['applied']);

      // Back online: the receipt on screen takes the sale's new number (print and share it again) and says why.
      await context.setOffline(false);
      await receipt.getByRole('heading', { name: 'Receipt SAL-0002', exact: true }).waitFor({ timeout: 60_000 });
      const notice = page.getByTestId('renumber-notice');
      await notice.getByText('New number: SAL-0002', { exact: true }).waitFor({ timeout: 30_000 });
      expect(await page.getByRole('link', { name: 'Share', exact: true }).getAttribute('href')).toContain(encodeURIComponent('SAL-0002'));
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, 'renumbered');
      // The notice is for the screen, not the paper.
      await page.emulateMedia({ media: 'print' });
      expect(await notice.isVisible()).toBe(false);
      await page.emulateMedia({ media: 'screen' });
    } finally {
      await context.close();
    }
  });
});
