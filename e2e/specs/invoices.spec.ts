import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { baseUrl, DESKTOP, getBrowser, PHONE } from '../support/browser';
import { type Owner, seedOwner, signedInDevice } from '../support/owner';
import { previewPdfText } from '../support/pdf';

const shot = shooter('invoices');

/** A fresh shop owner with a catalog and an exclusive, default-on VAT, all seeded through the API. */
async function seedInvoicesOwner(tag: string): Promise<Owner> {
  const owner = await seedOwner('inv', tag, { name: 'Musa', company: 'Musa Traders' });
  const jwt = owner.token;
  await apiJson('/catalogs', { token: jwt, body: { name: 'Rice 50kg', unit_price: 4_500_000, unit: 'piece' } });
  await apiJson('/catalogs', { token: jwt, body: { name: 'Cooking oil 5L', unit_price: 1_250_050, unit: 'piece' } });
  // Only our VAT is on by default, whatever the country seeded.
  const fees = await apiJson<{ records: Array<{ id: string; default_on: boolean }> }>('/fees', { token: jwt });
  for (const f of fees.records) if (f.default_on) await apiJson(`/fees/${f.id}`, { method: 'PATCH', token: jwt, body: { default_on: false } });
  await apiJson('/fees', {
    token: jwt,
    body: { name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 1600, amount: 0, inclusive: false, default_on: true },
  });
  return owner;
}

const signedIn = (viewport: typeof PHONE, owner: Owner) => signedInDevice(viewport, owner);

/** Number of records in a store of the device database (0 while the app has not created it). */
function localCount(page: Page, table: string): Promise<number> {
  return page.evaluate(
    (t) =>
      new Promise<number>((resolve) => {
        // Never create the database here (the app's first open must see a new one), and always close the
        // connection: a connection left open blocks the app's own opening or upgrading of the database.
        const req = indexedDB.open('duka');
        req.onupgradeneeded = () => req.transaction?.abort();
        req.onerror = () => resolve(0);
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains(t)) {
            db.close();
            return resolve(0);
          }
          const c = db.transaction(t).objectStore(t).count();
          c.onsuccess = () => {
            db.close(); // closes once the transaction is done
            resolve(c.result);
          };
          c.onerror = () => {
            db.close();
            resolve(0);
          };
        };
      }),
    table,
  );
}

/** Waits until the device database holds what the server has (catalog items pulled by sync). page.waitForFunction
 *  cannot do this: it takes the Promise an async predicate returns as truthy and returns at once. */
async function waitForLocal(page: Page, table: string, count: number) {
  await expect.poll(() => localCount(page, table), { timeout: 30_000, interval: 300 }).toBeGreaterThanOrEqual(count);
}

/** Navigations, console lines and failed requests of a page, printed when the flow fails. */
function traceOf(page: Page): string[] {
  const lines: string[] = [];
  const t0 = Date.now();
  const at = () => `+${((Date.now() - t0) / 1000).toFixed(1)}s`;
  page.on('framenavigated', (f) => f === page.mainFrame() && lines.push(`${at()} navigated ${f.url()}`));
  page.on('console', (m) => lines.push(`${at()} console.${m.type()} ${m.text()}`));
  page.on('requestfailed', (r) => lines.push(`${at()} failed ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => r.status() >= 400 && lines.push(`${at()} ${r.status()} ${r.request().method()} ${r.url()}`));
  return lines;
}

/** Record counts of the device database and the session keys, for a failure report. */
async function deviceState(page: Page): Promise<string> {
  return page
    .evaluate(
      () =>
        new Promise<string>((resolve) => {
          const req = indexedDB.open('duka');
          req.onupgradeneeded = () => req.transaction?.abort();
          req.onsuccess = () => {
            const db = req.result;
            const names = Array.from(db.objectStoreNames);
            const out: string[] = [`localStorage keys: ${Object.keys(localStorage).join(', ')}`];
            let left = names.length;
            if (!left) {
              db.close();
              resolve(out.join('\n'));
            }
            for (const n of names) {
              const all = db.transaction(n).objectStore(n).getAll();
              all.onsuccess = () => {
                out.push(`${n}: ${all.result.length} ${n === 'meta' || n === 'queue' ? JSON.stringify(all.result).slice(0, 600) : ''}`);
                if (--left === 0) {
                  db.close();
                  resolve(out.join('\n'));
                }
              };
            }
          };
          req.onerror = () => resolve('indexedDB could not open');
        }),
    )
    .catch((e: unknown) => `device state unavailable: ${String(e)}`);
}

describe('invoices end to end (issue 5)', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`creates an invoice offline with VAT, shows its PDF, syncs, and the client pays by card (${size})`, async () => {
      const owner = await seedInvoicesOwner(size.slice(0, 1));
      const { context, page } = await signedIn(viewport, owner);
      const trace = traceOf(page);
      try {
        await page.goto('/tabs/invoice');
        await page.getByRole('heading', { name: 'Invoices', exact: true }).waitFor();
        await waitForLocal(page, 'catalogs', 2);
        await waitForLocal(page, 'fees', 1);
        await shot(page, `${size}-empty-list`);
        // The list warms the editor, the invoice view and the PDF maker, so they open offline even before
        // the service worker has installed.
        await page.waitForFunction(() => (window as unknown as { __dukaInvoicesWarm?: boolean }).__dukaInvoicesWarm === true, undefined, {
          timeout: 30_000,
          polling: 250,
        });

        // Offline from here: create the client and the invoice on the device.
        await context.setOffline(true);
        await page.getByRole('link', { name: 'New invoice' }).first().click();
        await page.getByRole('button', { name: 'Choose a client' }).click();
        await page.getByRole('button', { name: 'Add a new customer' }).click();
        await page.getByLabel('Client name').fill('Amina Stores');
        await page.getByRole('button', { name: 'Save client' }).click();
        await page.getByTestId('chosen-client').filter({ hasText: 'Amina Stores' }).waitFor();

        // Validation before saving: a line is needed.
        await page.getByRole('button', { name: 'Finish' }).click();
        await page.getByText('Add at least one item').waitFor();

        for (const item of ['Rice 50kg', 'Cooking oil 5L']) {
          await page.getByRole('button', { name: 'Add from catalog' }).click();
          await page.getByTestId('catalog-option').filter({ hasText: item }).click();
        }
        await page.getByLabel('Qty 1', { exact: true }).fill('2');
        await page.getByLabel('Qty 2', { exact: true }).fill('1.5');
        // 2 × 45,000 + 1.5 × 12,500.50 = 108,750.75; VAT 16% per line: 14,400 + 3,000.12 = 17,400.12 → 126,150.87,
        // shown with the cents (issue 14)
        await page
          .getByTestId('subtotal')
          .filter({ hasText: /^KSh108,750\.75$/ })
          .waitFor();
        await page.getByTestId('totals').getByText('VAT 16% (exclusive)').waitFor();
        await page
          .getByTestId('total-due')
          .filter({ hasText: /^KSh126,150\.87$/ })
          .waitFor();
        // Save and Finish stay on screen while editing (sticky footer).
        const footer = await page.getByTestId('editor-footer').boundingBox();
        expect(footer && footer.y + footer.height).toBeLessThanOrEqual(viewport.height + 1);
        await shot(page, `${size}-editor`);
        await page.getByRole('button', { name: 'Finish' }).click();
        // A KES total with cents that M-Pesa cannot take: Finish offers to round it first (issue 25); kept as it is here.
        await page.getByRole('dialog').getByRole('button', { name: 'Finish at KSh126,150.87', exact: true }).click();
        await page.waitForURL(/\/invoices\/[0-9a-f-]{36}$/);
        // Offline the number is provisional until this device syncs (t20 H3): the title says so.
        const title = page.getByRole('heading', { level: 1, name: /^INV-\d{4} \(provisional\)$/ });
        await title.waitFor();
        const number = ((await title.textContent()) ?? '').replace(/ \(provisional\)$/, '');

        // The PDF is made on the device, offline.
        const pdf = page.getByTestId('pdf-preview');
        await pdf.waitFor({ timeout: 20_000 });
        expect((await previewPdfText(pdf)).slice(0, 5)).toBe('%PDF-');
        // The public link exists offline already (made on the device), and opens once the invoice syncs.
        await page.getByTestId('needs-sync').waitFor();
        const link = (await page.getByTestId('copy-link').getAttribute('data-link')) ?? '';
        expect(link).toMatch(new RegExp(`^${baseUrl()}/invoice/link/[A-Za-z0-9_-]{22}$`));
        await shot(page, `${size}-view-offline`);

        // Online: the invoice syncs.
        await context.setOffline(false);
        await page.getByTestId('needs-sync').waitFor({ state: 'detached', timeout: 30_000 });
        await shot(page, `${size}-view-online`);

        // The client opens the link in a fresh context (no login) and pays by card.
        const client = await (await getBrowser()).newContext({ viewport });
        try {
          const cp = await client.newPage();
          await cp.goto(link);
          await cp.getByRole('heading', { name: `Invoice ${number}` }).waitFor();
          // The visitor got the small public entry (pay.html), not the whole app.
          expect(await cp.title()).toBe('Invoice · Duka');
          await cp
            .getByTestId('public-balance')
            .filter({ hasText: /^KSh126,150\.87$/ })
            .waitFor();
          await shot(cp, `${size}-public`);
          await cp.getByRole('button', { name: 'Pay KSh126,150.87 by card TEST MODE', exact: true }).click();
          const dialog = cp.getByRole('dialog');
          await dialog.getByText('TEST MODE').waitFor();
          // Declined card: the provider's message as a danger toast.
          await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
          await dialog.getByLabel('Expiry (MM/YY)').fill('12/30');
          await dialog.getByLabel('CVC').fill('123');
          await dialog.getByLabel('Name on card').fill('Amina Yusuf');
          await dialog.getByRole('button', { name: 'Pay KSh126,150.87' }).click();
          await cp.locator('.mantine-Notification-description', { hasText: 'Your card was declined.' }).waitFor({ timeout: 10_000 });
          await shot(cp, `${size}-declined`);
          // The usual test card succeeds and lands on the thank-you page.
          await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
          await dialog.getByRole('button', { name: 'Pay KSh126,150.87' }).click();
          await cp.waitForURL('**/thank-you?invoice=*');
          await cp.getByRole('heading', { name: 'Thank you!' }).waitFor();
          await shot(cp, `${size}-thank-you`);
        } finally {
          await client.close();
        }

        // After sync the owner's list shows the test card's payment as a tag, "TEST payment": a test payment is no
        // money (issue 22), so the invoice is still sent and owes its whole balance.
        await page.goto('/tabs/invoice');
        const row = page.locator(`[data-testid="invoice-row"][data-number="${number}"]`);
        const tag = row.getByTestId('test-paid-tag');
        await expect
          .poll(
            async () => {
              if (!(await tag.isVisible().catch(() => false))) {
                await page.evaluate(() => window.dispatchEvent(new Event('focus')));
                await page.waitForTimeout(1000);
              }
              return tag.textContent({ timeout: 1000 }).catch(() => null);
            },
            { timeout: 30_000, interval: 500 },
          )
          .toBe('TEST payment');
        await expect(row.getAttribute('data-status')).resolves.toBe('sent');
        await expect(row.getByTestId('invoice-balance').getAttribute('data-balance')).resolves.toBe('12615087');
        await shot(page, `${size}-list-paid`);
      } catch (e) {
        console.error(`invoices (${size}) failed; what the page did:\n${trace.join('\n')}\n${await deviceState(page)}`);
        throw e;
      } finally {
        await context.close();
      }
    });
  }
});
