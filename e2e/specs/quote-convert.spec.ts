import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { baseUrl, DESKTOP, PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

/**
 * Issue 16: a quote converted on a device offline, then synced, makes exactly one invoice on the server and the
 * device, and the quote reads Converted; converting the same quote on a second device as well still makes one.
 */

const shot = shooter('quote-convert');

interface Rec {
  id: string;
  kind: string;
  number: string;
  quote_id?: string | null;
  converted_invoice_id?: string | null;
  status: string;
}

/** The invoices and quotes in the device database (never creates it; always closes the connection). */
function localInvoices(page: Page): Promise<Rec[]> {
  return page.evaluate(
    () =>
      new Promise<Rec[]>((resolve) => {
        const req = indexedDB.open('duka');
        req.onupgradeneeded = () => req.transaction?.abort();
        req.onerror = () => resolve([]);
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains('invoices')) {
            db.close();
            return resolve([]);
          }
          const all = db.transaction('invoices').objectStore('invoices').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as Rec[]);
          };
          all.onerror = () => {
            db.close();
            resolve([]);
          };
        };
      }),
  );
}

function queueLength(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const req = indexedDB.open('duka');
        req.onupgradeneeded = () => req.transaction?.abort();
        req.onerror = () => resolve(-1);
        req.onsuccess = () => {
          const db = req.result;
          const c = db.transaction('queue').objectStore('queue').count();
          c.onsuccess = () => {
            db.close();
            resolve(c.result);
          };
        };
      }),
  );
}

const invoicesOf = (recs: Rec[]) => recs.filter((r) => r.kind === 'invoice');

/** In-app navigation (works offline, before the service worker is installed). */
async function navigate(page: Page, path: string) {
  await page.evaluate((p) => {
    history.pushState({}, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function openQuote(page: Page, quote: { id: string; number: string }) {
  // The list warms the editor, the invoice view and the PDF maker, so they open offline.
  await page.goto('/tabs/invoice');
  await page.waitForFunction(() => (window as unknown as { __dukaInvoicesWarm?: boolean }).__dukaInvoicesWarm === true, undefined, {
    timeout: 30_000,
    polling: 250,
  });
  await expect.poll(async () => (await localInvoices(page)).some((r) => r.id === quote.id), { timeout: 30_000, interval: 300 }).toBe(true);
  await navigate(page, `/invoices/${quote.id}`);
  await page.getByRole('heading', { level: 1, name: quote.number }).waitFor({ timeout: 30_000 });
}

async function convertOnDevice(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Convert to invoice' }).click();
  await page.waitForURL(/\/invoices\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  // Offline the number shows as provisional until the device syncs (t20 H3).
  await page.getByRole('heading', { level: 1, name: /^INV-\d{4}( \(provisional\))?$/ }).waitFor();
  return page.url().split('/').pop() ?? '';
}

async function seedQuote(tag: string) {
  const owner = await seedOwner('qc', tag, { name: 'Ngozi', company: 'Ngozi Prints', country: 'Nigeria' });
  const contact = await apiJson<{ id: string }>('/contacts', { token: owner.token, body: { name: 'Tunde Bello', email: 'tunde@example.com' } });
  const quote = await apiJson<{ id: string; number: string }>('/invoices', {
    token: owner.token,
    body: {
      kind: 'quote',
      contact_id: contact.id,
      issue_date: '2026-03-01',
      currency: 'NGN',
      status: 'sent',
      lines: [{ id: crypto.randomUUID(), description: 'Wedding cards (200)', quantity: 200, unit_price: 75_000, fee_ids: [] }],
      fees: [],
      fee_ids: [],
    },
  });
  return { owner, quote };
}

const serverInvoices = async (token: string) => (await apiJson<{ records: Rec[] }>('/invoices?kind=invoice', { token })).records;

describe('quote conversion offline then online (issue 16)', () => {
  it('makes exactly one invoice on the server and the device, and the quote reads Converted', async () => {
    const { owner, quote } = await seedQuote('one');
    const { context, page } = await signedInDevice(PHONE, owner);
    try {
      await openQuote(page, quote);
      await context.setOffline(true);
      const invoiceId = await convertOnDevice(page);
      await shot(page, 'phone-converted-offline');
      expect(invoicesOf(await localInvoices(page))).toHaveLength(1);
      // Back on the quote: Converted, no second Convert button.
      await navigate(page, `/invoices/${quote.id}`);
      await page.getByTestId('view-status').filter({ hasText: 'Converted' }).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('button', { name: 'Convert to invoice' }).count()).toBe(0);

      await context.setOffline(false);
      await expect.poll(() => queueLength(page), { timeout: 30_000, interval: 500 }).toBe(0);

      const onServer = await serverInvoices(owner.token);
      expect(onServer).toHaveLength(1);
      expect(onServer[0]).toMatchObject({ id: invoiceId, quote_id: quote.id });
      const q = await apiJson<Rec>(`/invoices/${quote.id}`, { token: owner.token });
      expect(q).toMatchObject({ status: 'converted', converted_invoice_id: invoiceId });
      // Converting again online is refused by the server (409) and never makes another invoice.
      const again = await fetch(`${baseUrl()}/api/invoices/${quote.id}/convert`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` } });
      expect(again.status).toBe(409);
      await page.reload();
      await page.getByTestId('view-status').filter({ hasText: 'Converted' }).waitFor({ timeout: 15_000 });
      expect(invoicesOf(await localInvoices(page))).toHaveLength(1);
      expect((await serverInvoices(owner.token)).length).toBe(1);
      await shot(page, 'phone-quote-converted');
    } finally {
      await context.close();
    }
  });

  it('converting on two devices (one offline) still makes one invoice', async () => {
    const { owner, quote } = await seedQuote('two');
    const a = await signedInDevice(PHONE, owner);
    const b = await signedInDevice(DESKTOP, owner);
    try {
      await openQuote(a.page, quote);
      await openQuote(b.page, quote);
      // A converts offline; B, online, converts the same quote before A is back.
      await a.context.setOffline(true);
      const fromA = await convertOnDevice(a.page);
      const fromB = await convertOnDevice(b.page);
      expect(fromB).toBe(fromA);
      await expect.poll(() => queueLength(b.page), { timeout: 30_000, interval: 500 }).toBe(0);
      await a.context.setOffline(false);
      await expect.poll(() => queueLength(a.page), { timeout: 30_000, interval: 500 }).toBe(0);

      const onServer = await serverInvoices(owner.token);
      expect(onServer).toHaveLength(1);
      expect(onServer[0]).toMatchObject({ id: fromA, quote_id: quote.id });
      expect(await apiJson<Rec>(`/invoices/${quote.id}`, { token: owner.token })).toMatchObject({ status: 'converted', converted_invoice_id: fromA });
      // Both devices end with the one invoice after their next sync.
      for (const d of [a, b]) {
        await d.page.goto(`/invoices/${fromA}`);
        await d.page.getByRole('heading', { level: 1, name: onServer[0].number }).waitFor({ timeout: 30_000 });
        expect(invoicesOf(await localInvoices(d.page))).toHaveLength(1);
      }
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});
