import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { PHONE } from '../support/browser';
import { layoutProblems } from '../support/layout';
import { seedOwner, signedInDevice } from '../support/owner';

/**
 * Issue 29 end to end at 360 px: an order typed offline on the invoices tab is read on the device (timed at 4× CPU
 * slowdown), reviewed, saved as a draft invoice, and the draft reaches the server once the phone is back online.
 */
const shot = shooter('orders');

interface Listed {
  records: Array<{
    id: string;
    status: string;
    contact_id: string;
    total_due: number;
    due_date: string;
    lines: Array<{ description: string; quantity: number; unit_price: number }>;
  }>;
}

describe('an order in words (issue 29)', () => {
  it('types an order offline, reviews the draft, saves it, and it syncs', async () => {
    const owner = await seedOwner('ord', 'o', { name: 'Ngozi', company: 'Ngozi Fashion', country: 'Nigeria' });
    const token = owner.token;
    await apiJson('/catalogs', { token, body: { name: 'Agbada', unit_price: 2_500_000 } });
    await apiJson('/catalogs', { token, body: { name: 'Cap', unit_price: 300_000 } });
    await apiJson('/fees', { token, body: { name: 'Delivery', kind: 'fee', calculation: 'fixed', amount: 150_000 } });
    const client = await apiJson<{ id: string }>('/contacts', { token, body: { name: 'Chinedu Okafor', phone: '+2348031234567' } });
    const fees = await apiJson<{ records: Array<{ kind: string; percentage_bps: number; default_on: boolean; inclusive: boolean }> }>('/fees', { token });
    const bps = fees.records.filter((f) => f.kind === 'tax' && f.default_on && !f.inclusive).reduce((n, f) => n + f.percentage_bps, 0);
    // 2 × 25,000 + 3 × 3,000, the default taxes on each line, and the delivery at the 3,000 written (not the fee's 1,500).
    const total = 5_900_000 + Math.round((5_000_000 * bps) / 10_000) + Math.round((900_000 * bps) / 10_000) + 300_000;

    const { context, page } = await signedInDevice(PHONE, owner, { swNow: true });
    const status = page.getByTestId('sync-status');
    try {
      await page.goto('/tabs/invoice');
      await status.getByText('All changes saved').waitFor({ timeout: 30_000 });
      // The order is read against what this device holds: wait until the catalog, the client and every fee are on it.
      const onDevice = (store: string) =>
        page.evaluate(
          (name) =>
            new Promise<number>((resolve) => {
              const open = indexedDB.open('duka');
              open.onsuccess = () => {
                const req = open.result.transaction(name).objectStore(name).count();
                req.onsuccess = () => resolve(req.result);
                req.onerror = () => resolve(-1);
              };
              open.onerror = () => resolve(-1);
            }),
          store,
        );
      await expect.poll(() => onDevice('fees'), { timeout: 30_000 }).toBe(fees.records.length);
      await expect.poll(() => onDevice('catalogs'), { timeout: 30_000 }).toBe(2);
      await expect.poll(() => onDevice('contacts'), { timeout: 30_000 }).toBe(1);
      const read = page.getByRole('button', { name: 'Read the order', exact: true });
      await expect.poll(() => read.isEnabled(), { timeout: 20_000 }).toBe(true);
      // The app has loaded for offline use: its service worker holds the code (the editor included), whether or not
      // the idle fetch-ahead has run yet (it waits for the first sync to settle, issue 30).
      await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker?.controller), { timeout: 60_000 }).toBe(true);

      await context.setOffline(true);
      await status.getByText('Offline').waitFor();
      await page.getByLabel('Type or say the order').fill('2 agbada 25k each for Chinedu, 3 caps, delivery 3k, due in 2 weeks, abeg wrap am well');
      // The parse time on the device at 4× CPU slowdown: three readings (the machine running the tests is shared), the median.
      const review = page.getByRole('region', { name: 'Check the draft invoice', exact: true });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        if (i) await review.getByRole('button', { name: 'Change the text', exact: true }).click();
        await read.click();
        await review.waitFor();
        times.push(Number(await review.getAttribute('data-parse-ms')));
      }
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      const ms = [...times].sort((a, b) => a - b)[1];
      console.log(`order parse time on the device at 4x CPU slowdown: median ${ms.toFixed(2)} ms (readings ${times.join(', ')} ms)`);
      // A figure, not a pass mark (load on a shared CI moves it); bench measures it on a quiet machine.
      expect(Number.isFinite(ms)).toBe(true);

      await review.getByTestId('order-client').getByText('Chinedu Okafor', { exact: false }).waitFor();
      expect(await review.getByTestId('order-line').count()).toBe(2);
      await review.getByTestId('order-fee').getByText('Delivery', { exact: true }).waitFor();
      expect(await review.getByTestId('order-total').textContent()).toBe(`₦${(total / 100).toLocaleString('en')}`);
      await review.getByTestId('order-remainder').getByText('wrap am well', { exact: false }).waitFor();
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, 'review');

      await review.getByRole('button', { name: 'Create draft invoice', exact: true }).click();
      await page.getByRole('heading', { name: /^Edit invoice · / }).waitFor();
      await page.getByText('Chinedu Okafor', { exact: true }).first().waitFor();

      await context.setOffline(false);
      await status.getByText('All changes saved').waitFor({ timeout: 30_000 });
      await expect
        .poll(async () => (await apiJson<Listed>('/invoices', { token })).records.find((r) => r.contact_id === client.id), { timeout: 30_000, interval: 500 })
        .toBeTruthy();
      const saved = (await apiJson<Listed>('/invoices', { token })).records.find((r) => r.contact_id === client.id);
      expect(saved?.status).toBe('draft');
      expect(saved?.lines.map((l) => [l.description, l.quantity, l.unit_price])).toEqual([
        ['Agbada', 2, 2_500_000],
        ['Cap', 3, 300_000],
      ]);
      expect(saved?.total_due).toBe(total);
    } finally {
      await context.close();
    }
  }, 180_000);

  it("opens the editor offline though its code was never fetched before the signal went (the service worker's copy), in Swahili", async () => {
    // t14 D7: offline, "Create draft invoice" opened "This page could not be opened" (in English) when the editor's code
    // had not been fetched ahead. Here the page never asks for it before going offline: it must come from the precache.
    const owner = await seedOwner('ord', 'tz', { name: 'Zawadi', company: 'Zawadi Vitenge', country: 'Tanzania', language: 'sw' });
    const token = owner.token;
    await apiJson('/catalogs', { token, body: { name: 'Kitenge', unit_price: 1_500_000 } });
    const { context, page } = await signedInDevice(PHONE, owner, { swNow: true });
    const editorAsked: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/NewInvoicePage-[\w-]+\.js/.test(r.url())) editorAsked.push(r.url());
    });
    try {
      // The client list, not the invoices tab (which fetches the editor ahead when the link is idle).
      await page.goto('/tabs/home');
      await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker?.controller), { timeout: 60_000 }).toBe(true);
      await expect
        .poll(
          () =>
            page.evaluate(
              () =>
                new Promise<number>((resolve) => {
                  const open = indexedDB.open('duka');
                  open.onsuccess = () => {
                    const req = open.result.transaction('catalogs').objectStore('catalogs').count();
                    req.onsuccess = () => resolve(req.result);
                    req.onerror = () => resolve(-1);
                  };
                  open.onerror = () => resolve(-1);
                }),
            ),
          { timeout: 30_000 },
        )
        .toBe(1);
      expect(editorAsked).toEqual([]);

      await context.setOffline(true);
      await page.evaluate(() => {
        history.pushState({}, '', '/tabs/invoice');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      const read = page.getByRole('button', { name: 'Soma oda', exact: true });
      await expect.poll(() => read.isEnabled(), { timeout: 20_000 }).toBe(true);
      await page.getByLabel('Andika au sema oda').fill('vitenge 2 elfu 15 kila moja kwa Mama Zawadi, usafirishaji 3000, kesho');
      await read.click();
      const review = page.getByRole('region', { name: 'Kagua rasimu ya ankara', exact: true });
      await review.getByRole('button', { name: 'Unda rasimu ya ankara', exact: true }).click();
      await page.getByRole('heading', { name: /^Hariri ankara · / }).waitFor({ timeout: 20_000 });
      expect(await page.getByRole('alert').filter({ hasText: 'This page could not be opened' }).count()).toBe(0);
      // The editor's code did come, from the service worker (the network was off).
      expect(editorAsked.length).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  }, 180_000);
});
