import { describe, expect, it } from 'vitest';
import { apiJson } from '../support/api';
import { DESKTOP } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

/**
 * Issue 22 item 6: a CSV of clients with local phone numbers (a Nigerian business, numbers as people dial them)
 * is checked in the preview with the rules the server applies, and every row reaches the server.
 */

/** E2E_IMPORT_ROWS: more rows to measure the upload rate (the suite runs 1,000). */
const ROWS = Number(process.env.E2E_IMPORT_ROWS || 1000);

/** Every contact the server holds for the owner (pulled page by page, as a device does). */
async function serverContacts(token: string): Promise<Array<{ name: string; phone: string }>> {
  const out: Array<{ name: string; phone: string }> = [];
  let since = 0;
  for (;;) {
    const page = await apiJson<{ records: Array<{ name: string; phone: string }>; has_more: boolean; version: number }>(
      `/sync/pull?collection=contacts&since=${since}&limit=500`,
      { token },
    );
    out.push(...page.records);
    if (!page.has_more || page.version <= since) return out;
    since = page.version;
  }
}

describe('CSV import (issue 22)', () => {
  it(`imports ${ROWS} clients with local phone numbers: the preview flags what the server would refuse, and all rows reach the server`, async () => {
    const owner = await seedOwner('csv', 'ng', { name: 'Bayo', company: 'Bayo Stores', country: 'Nigeria' });
    const lines = ['Name,Phone,City'];
    for (let i = 0; i < ROWS; i++) {
      const d = String(i).padStart(7, '0');
      lines.push(`Client ${i},0701 ${d.slice(0, 3)} ${d.slice(3)},Lagos`);
    }
    // Ten digits: a Kenyan-looking number, not a valid Nigerian one. The server refuses it, so must the preview.
    lines.push('Wrong Number,0710000000,Lagos');
    const { context, page } = await signedInDevice(DESKTOP, owner);
    try {
      await page.goto('/tabs/home');
      await page.getByRole('heading', { name: 'Clients', exact: true }).waitFor();
      await page.getByTestId('sync-status').getByText('All changes saved').waitFor({ timeout: 30_000 });
      await page.getByTestId('csv-menu').click();
      await page.getByRole('menuitem', { name: 'Import clients' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[type=file]').setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n')) });
      await dialog.getByRole('button', { name: 'Preview' }).click();
      await dialog
        .getByTestId('import-summary')
        .getByText(`${ROWS + 1} rows: ${ROWS} ready, 1 with problems, 0 duplicates`)
        .waitFor();
      await dialog.getByText('Phone: This is not a valid Nigeria phone number.', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: `Remove row ${ROWS + 2}`, exact: true }).click();
      const pushes: Array<{ at: number; ms: number }> = [];
      page.on('requestfinished', (req) => {
        if (!req.url().includes('/api/sync/push')) return;
        const t = req.timing();
        pushes.push({ at: Date.now(), ms: Math.round(t.responseEnd - t.requestStart) });
      });
      const started = Date.now();
      await dialog.getByRole('button', { name: `Import ${ROWS} rows` }).click();
      await page.getByText(`${ROWS} clients imported`).waitFor();
      // Uploaded: the device's queue of changes is empty (read from IndexedDB), then the status says so.
      const queued = () =>
        page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const req = indexedDB.open('duka');
              req.onerror = () => resolve(-1);
              req.onsuccess = () => {
                const count = req.result.transaction('queue').objectStore('queue').count();
                count.onsuccess = () => {
                  resolve(count.result);
                  req.result.close();
                };
              };
            }),
        );
      expect(await queued()).not.toBe(-1);
      while ((await queued()) !== 0) {
        if (Date.now() - started > 1_200_000) throw new Error(`${await queued()} changes still waiting after 20 minutes`);
        await page.waitForTimeout(250);
      }
      const seconds = (Date.now() - started) / 1000;
      console.log(`csv import: ${ROWS} rows on the server in ${seconds.toFixed(1)} s (${Math.round(ROWS / seconds)} rows/s)`);
      // Then the run's pull ends and the status says so.
      await page.getByTestId('sync-status').getByText('All changes saved').waitFor({ timeout: 600_000 });
      if (process.env.E2E_IMPORT_ROWS) console.log(`csv import: sync run over after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (process.env.E2E_IMPORT_ROWS) console.log(pushes.map((p) => `${p.at - started}:${p.ms}`).join(' '));

      const contacts = await serverContacts(owner.token);
      expect(contacts).toHaveLength(ROWS);
      // Stored as the server stores phones: E.164, read with the business's country.
      expect(contacts.find((c) => c.name === 'Client 7')?.phone).toBe('+2347010000007');
      expect(contacts.every((c) => /^\+234701\d{7}$/.test(c.phone))).toBe(true);
      // Nothing waits or was refused on the device.
      expect(await page.evaluate(() => document.body.innerText.includes('Changes to fix'))).toBe(false);
    } finally {
      await context.close();
    }
  }, 1_500_000);
});
