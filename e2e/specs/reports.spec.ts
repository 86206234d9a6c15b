import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { controlledByServiceWorker, DESKTOP, PHONE } from '../support/browser';
import { type Owner, seedOwner, signedInDevice } from '../support/owner';
import { layoutProblems } from '../support/layout';

/** Issue 17 end to end: Analytics with charts at 360 and 1280 px and offline; a CSV of clients imported with a fix in the preview. */

const shot = shooter('reports');

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const thisMonth = `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
const daysAgo = (n: number) => {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - n);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** Two clients, three invoices (one part-paid this month, one 45 days overdue, one open) and expenses, through sync. */
async function seedBooks(owner: Owner) {
  const ada = randomUUID();
  const bola = randomUUID();
  const line = (price: number) => [{ id: randomUUID(), description: 'Cement 50kg', quantity: 1, unit_price: price, fee_ids: [] }];
  const invoice = (contact: string, issue: string, due: string | null, price: number, pays: Array<[number, string]> = []) => ({
    mutation_id: randomUUID(),
    collection: 'invoices',
    op: 'upsert',
    id: randomUUID(),
    data: {
      kind: 'invoice',
      contact_id: contact,
      issue_date: issue,
      due_date: due,
      currency: 'KES',
      lines: line(price),
      fees: [],
      fee_ids: [],
      sent_at: `${issue}T08:00:00.000Z`,
      payments: pays.map(([amount, date]) => ({ id: randomUUID(), amount, method: 'cash', date, reference: '' })),
    },
  });
  const expense = (amount: number, category: string) => ({
    mutation_id: randomUUID(),
    collection: 'expenses',
    op: 'upsert',
    id: randomUUID(),
    data: { amount, currency: 'KES', date: `${thisMonth}-01`, category, vendor: 'Shop' },
  });
  const mutations = [
    { mutation_id: randomUUID(), collection: 'contacts', op: 'upsert', id: ada, data: { name: 'Ada Hardware' } },
    { mutation_id: randomUUID(), collection: 'contacts', op: 'upsert', id: bola, data: { name: 'Bola Foods' } },
    invoice(ada, `${thisMonth}-01`, `${thisMonth}-01`, 1_200_000, [[500_000, `${thisMonth}-01`]]),
    invoice(bola, daysAgo(48), daysAgo(45), 800_000),
    invoice(bola, `${thisMonth}-01`, null, 300_000),
    expense(150_000, 'Rent'),
    expense(45_000, 'Transport'),
  ];
  const { results } = await apiJson<{ results: Array<{ status: string }> }>('/sync/push', { body: { mutations }, token: owner.token });
  expect(results.every((r) => r.status === 'applied')).toBe(true);
}

async function waitFigures(page: Page) {
  await page.getByRole('heading', { name: 'Analytics' }).waitFor();
  await page.getByTestId('figure-invoiced').getByText('KSh15,000').waitFor({ timeout: 30_000 });
}

describe('Analytics (issue 17)', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows figures and four charts at ${viewport.width} px, opens the invoices behind an aging bar, and works offline`, async () => {
      const owner = await seedOwner('rep', size.slice(0, 1), { name: 'Wanjiru', company: 'Wanjiru Shop' });
      await seedBooks(owner);
      const { context, page } = await signedInDevice(viewport, owner, { swNow: true });
      try {
        await page.goto('/report');
        await waitFigures(page);
        // Invoices and expenses arrive from sync one collection after another; each figure settles on its own.
        await page.getByTestId('figure-collected').getByText('KSh5,000').waitFor({ timeout: 30_000 });
        await page.getByTestId('figure-expenses').getByText('KSh1,950').waitFor({ timeout: 30_000 });
        await page.getByTestId('figure-outstanding').getByText('KSh18,000').waitFor({ timeout: 30_000 });
        // Four charts drawn on canvases, each labelled for screen readers.
        await page.locator('canvas[role=img]').nth(3).waitFor();
        expect(await page.locator('canvas[role=img]').count()).toBe(4);
        const drawn = await page
          .locator('canvas')
          .first()
          .evaluate((c: HTMLCanvasElement) => c.width > 0 && c.height > 0);
        expect(drawn).toBe(true);
        await shot(page, `${size}-report`);
        // The page never scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
        await page.getByTestId('chart-aging').scrollIntoViewIfNeeded();
        await shot(page, `${size}-charts`);

        // The 31–60 bar (the invoice 45 days overdue) opens the invoice behind it.
        await page.getByRole('button', { name: 'Show the invoice of 31–60 days' }).first().click();
        await page.getByTestId('aging-invoices').getByText('Bola Foods').waitFor();
        await shot(page, `${size}-aging`);
        await page.getByRole('button', { name: 'Close', exact: true }).click();

        // The same figures as tables for screen readers.
        await page.getByLabel('Show as tables').check();
        await page.getByRole('table', { name: 'Expenses by category' }).getByText('Rent').waitFor();
        await page.getByLabel('Show as tables').uncheck();

        // Offline: the page opens again from the device (service worker + local records).
        await controlledByServiceWorker(page);
        await context.setOffline(true);
        await page.reload();
        await waitFigures(page);
        await page.locator('canvas[role=img]').nth(3).waitFor();
        await shot(page, `${size}-offline`);
      } finally {
        await context.close();
      }
    });
  }

  it('imports a CSV of clients: one bad row is fixed in the preview, then all reach the server', async () => {
    const owner = await seedOwner('rep', 'csv', { name: 'Kofi', company: 'Kofi Traders' });
    const { context, page } = await signedInDevice(PHONE, owner);
    try {
      await page.goto('/report');
      await page.getByRole('heading', { name: 'Analytics' }).waitFor();
      await page.getByRole('button', { name: 'CSV' }).click();
      await page.getByRole('menuitem', { name: 'Import clients' }).click();
      const csv =
        '\uFEFFCustomer Name,E-mail,Phone Number,Town\nAma Mensah,ama@example.com,+233 20 111 2222,Accra\nYaw Boateng,yaw@,+233 20 333 4444,Kumasi\n"Esi, Ltd",esi@example.com,,Tema\n';
      await page.locator('input[type=file][accept=".csv,text/csv"]').setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByText('Which column holds what?').waitFor();
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByTestId('import-summary').getByText('3 rows: 2 ready, 1 with problems, 0 duplicates').waitFor();
      await page.getByText('E-mail: Not a valid e-mail address').waitFor();
      expect(await page.getByRole('button', { name: 'Fix or remove row 3 first' }).isDisabled()).toBe(true);
      await shot(page, 'import-bad-row');
      await page.getByLabel('E-mail (Row 3)').fill('yaw@example.com');
      await page.getByTestId('import-summary').getByText('3 rows: 3 ready, 0 with problems, 0 duplicates').waitFor();
      await page.getByRole('button', { name: 'Import 3 rows' }).click();
      await page.getByText('3 clients imported').waitFor();
      await page.goto('/tabs/home');
      await page.getByText('Esi, Ltd').waitFor();
      await page.getByText('Yaw Boateng').waitFor();
      // They reach the server once, through the sync queue.
      let names: string[] = [];
      for (let i = 0; i < 60 && names.length < 3; i++) {
        const body = await apiJson<unknown>('/contacts', { token: owner.token });
        const list = (
          Array.isArray(body) ? body : ((body as { records?: unknown[]; data?: unknown[] }).records ?? (body as { data?: unknown[] }).data ?? [])
        ) as Array<{ name: string; email: string }>;
        names = list.map((c) => c.name).sort();
        if (names.length < 3) await page.waitForTimeout(500);
      }
      expect(names).toEqual(['Ama Mensah', 'Esi, Ltd', 'Yaw Boateng']);
    } finally {
      await context.close();
    }
  });

  it('imports expenses whose dates are month first: the order is read from the file, said in the preview, and can be switched (t16)', async () => {
    const owner = await seedOwner('rep', 'mdy', { name: 'Wanjiru', company: 'Wanjiru Stores', country: 'Kenya' });
    const { context, page } = await signedInDevice(PHONE, owner);
    type Kept = { date: string; amount: number; vendor: string };
    try {
      await page.goto('/tabs/expense');
      await page.getByRole('button', { name: 'CSV of Expenses: export or import' }).click();
      await page.getByRole('menuitem', { name: 'Import expenses' }).click();
      const csv = 'date,amount,category,vendor\n12/15/2026,1500,Rent,Landlord\n01/02/2026,300,Transport,Matatu\n';
      await page.locator('input[type=file][accept=".csv,text/csv"]').setInputFiles({ name: 'expenses.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByText('Which column holds what?').waitFor();
      await page.getByRole('button', { name: 'Preview' }).click();
      const order = page.getByTestId('import-date-order');
      await order.getByText('Dates are read month first: the file has 12/15/2026, which can only be read that way.', { exact: true }).waitFor();
      const choice = page.getByRole('combobox', { name: 'Dates in this file' });
      expect(await choice.inputValue()).toBe('mdy');
      await page.getByTestId('import-summary').getByText('2 rows: 2 ready, 0 with problems, 0 duplicates', { exact: true }).waitFor();
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, 'import-dates-month-first');
      // Switched to day first: 12/15/2026 cannot be, and its row says how a date is written that way.
      await choice.selectOption('dmy');
      await page.getByTestId('import-summary').getByText('2 rows: 1 ready, 1 with problems, 0 duplicates', { exact: true }).waitFor();
      await page.getByText('Date: "12/15/2026" is not a date (use 2026-03-05 or 05/03/2026)', { exact: true }).waitFor();
      await choice.selectOption('mdy');
      await page.getByTestId('import-summary').getByText('2 rows: 2 ready, 0 with problems, 0 duplicates', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Import 2 rows' }).click();
      await page.getByText('2 expenses imported', { exact: true }).waitFor();
      const onServer = async () => {
        const body = await apiJson<Kept[] | { records: Kept[] }>('/expenses', { token: owner.token });
        return (Array.isArray(body) ? body : body.records).map((e) => `${e.date} ${e.vendor}`).sort();
      };
      await expect.poll(onServer, { timeout: 30_000 }).toEqual(['2026-01-02 Matatu', '2026-12-15 Landlord']);

      // A file whose dates read both ways follows Kenya's order, day first, and says so.
      await page.getByRole('button', { name: 'CSV of Expenses: export or import' }).click();
      await page.getByRole('menuitem', { name: 'Import expenses' }).click();
      await page
        .locator('input[type=file][accept=".csv,text/csv"]')
        .setInputFiles({ name: 'more.csv', mimeType: 'text/csv', buffer: Buffer.from('date,amount,category,vendor\n05/03/2026,700,Rent,Caretaker\n') });
      await page.getByRole('button', { name: 'Preview' }).click();
      await page
        .getByTestId('import-date-order')
        .getByText('Dates such as 05/03/2026 are read day first, the usual way in your country. Change it if this file puts the month first.', { exact: true })
        .waitFor();
      expect(await page.getByRole('combobox', { name: 'Dates in this file' }).inputValue()).toBe('dmy');
    } finally {
      await context.close();
    }
  });

  it('exports the clients list as CSV from the list itself, offline: BOM, header, escaped formula cell', async () => {
    const owner = await seedOwner('rep', 'exp', { name: 'Amina', company: 'Amina Fabrics' });
    const mutations = [
      {
        mutation_id: randomUUID(),
        collection: 'contacts',
        op: 'upsert',
        id: randomUUID(),
        data: { name: 'Zainab Textiles', email: 'z@example.com', notes: '=HYPERLINK("http://evil")' },
      },
      { mutation_id: randomUUID(), collection: 'contacts', op: 'upsert', id: randomUUID(), data: { name: 'Chinedu Café', city: 'Enugu' } },
    ];
    const { results } = await apiJson<{ results: Array<{ status: string }> }>('/sync/push', { body: { mutations }, token: owner.token });
    expect(results.every((r) => r.status === 'applied')).toBe(true);
    const { context, page } = await signedInDevice(PHONE, owner, { swNow: true });
    try {
      await page.goto('/tabs/home');
      await page.getByText('Zainab Textiles').waitFor({ timeout: 30_000 });
      // Offline: the file is made from the records on the device (the CSV code comes from the service worker's cache).
      await controlledByServiceWorker(page);
      await page.getByText('Zainab Textiles').waitFor({ timeout: 30_000 });
      await context.setOffline(true);
      // Keyboard: the menu button has a name for screen readers and opens with Enter.
      const menu = page.getByRole('button', { name: 'CSV of Clients: export or import' });
      await menu.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'Import clients' }).waitFor();
      await shot(page, 'clients-csv-menu');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Clients', exact: true }).click()]);
      expect(download.suggestedFilename()).toMatch(/^duka-clients-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = readFileSync((await download.path())!, 'utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const lines = text.slice(1).split('\r\n');
      expect(lines[0]).toBe('name,email,phone,address,city,country,tax_id,notes');
      expect(lines).toContain(`Zainab Textiles,z@example.com,,,,,,"'=HYPERLINK(""http://evil"")"`);
      expect(lines).toContain('Chinedu Café,,,,Enugu,,,');
      await page.getByText('2 rows exported').waitFor();
      // The other lists have their own menu, which fits at 360 px too.
      for (const [path, name, items] of [
        ['/tabs/invoice', 'CSV of Invoices: export', ['Invoices, summary', 'Invoices, one row per line', 'Payments']],
        ['/tabs/expense', 'CSV of Expenses: export or import', ['Expenses', 'Import expenses']],
        ['/tabs/catalog', 'CSV of Catalog: export or import', ['Catalog', 'Import catalog items']],
      ] as const) {
        await page.locator(`a[href="${path}"]:visible`).first().click();
        await page.getByRole('button', { name }).click();
        for (const item of items) await page.getByRole('menuitem', { name: item, exact: true }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
        await shot(page, `csv-menu-${path.split('/').pop()}`);
        await page.keyboard.press('Escape');
      }
    } finally {
      await context.close();
    }
  });
  it('a Rwandan business owed nothing: Receivables aging says so at 1280 px, and a FRw 3 month draws whole francs (t17 R1)', async () => {
    const owner = await seedOwner('rep', 'rw', { name: 'Aline', company: 'Aline Cement', country: 'Rwanda' });
    const expense = { amount: 3, currency: 'RWF', date: `${thisMonth}-01`, category: 'Transport', vendor: 'Moto' };
    const mutation = { mutation_id: randomUUID(), collection: 'expenses', op: 'upsert', id: randomUUID(), data: expense };
    await apiJson('/sync/push', { body: { mutations: [mutation] }, token: owner.token });
    const { context, page } = await signedInDevice(DESKTOP, owner);
    try {
      await page.goto('/report');
      await page.getByRole('heading', { name: 'Analytics' }).waitFor();
      const aging = page.getByTestId('chart-aging');
      await aging.getByText('Nothing is owed to you: no invoice is unpaid.', { exact: true }).waitFor({ timeout: 30_000 });
      expect(await aging.locator('canvas').count()).toBe(0);
      expect(await aging.getByRole('button').count()).toBe(0);
      // The month and category charts are still drawn for the FRw 3 spent.
      await page.getByTestId('chart-months').locator('canvas').waitFor({ timeout: 30_000 });
      await page.getByTestId('chart-categories').locator('canvas').waitFor({ timeout: 30_000 });
      await page.getByTestId('chart-months').scrollIntoViewIfNeeded();
      await shot(page, 'rw-nothing-owed-1280');
    } finally {
      await context.close();
    }
  });
});
