// Analytics and CSV figures in a real browser (Chromium) against the built product:
// - the report over 5,000 invoices and 5,000 expenses computed on the device (target < 300 ms): the maths
//   (core reportFromRecords) and reading the device database, per period switch (performance.measure marks
//   of the page), and from choosing a period to the figures on screen;
// - importing 5,000 clients from a CSV (target < 5 s): preview (parse, map, validate, duplicates) + import
//   (one IndexedDB transaction with the upload queue), from the Preview click to the success toast.
// Writes bench/results/reports-web.json.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countStored, median, round, sleep, startWebBench } from './lib/web.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const INVOICES = Number(process.env.BENCH_INVOICES ?? 5000);
const EXPENSES = Number(process.env.BENCH_EXPENSES ?? 5000);
const CSV_ROWS = Number(process.env.BENCH_CSV_ROWS ?? 5000);

const bench = await startWebBench('reports');
try {
  // 200 clients, INVOICES invoices over two years (60% with a payment, 80% with a due date, 10% USD), EXPENSES expenses.
  let seed = 42;
  const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const start = Date.UTC(new Date().getUTCFullYear() - 1, 0, 1);
  const day = () => new Date(start + Math.floor(rnd() * 700) * 86_400_000).toISOString().slice(0, 10);
  const clients = Array.from({ length: 200 }, () => randomUUID());
  const mutations = clients.map((id, i) => ({ mutation_id: randomUUID(), collection: 'contacts', op: 'upsert', id, data: { name: `Client ${i + 1}` } }));
  for (let i = 0; i < INVOICES; i++) {
    const issue = day();
    const total = 1000 + Math.floor(rnd() * 500_000);
    const paid = rnd() < 0.6 ? 1 + Math.floor((total - 1) * rnd()) : 0;
    mutations.push({
      mutation_id: randomUUID(),
      collection: 'invoices',
      op: 'upsert',
      id: randomUUID(),
      data: {
        kind: 'invoice',
        contact_id: clients[i % clients.length],
        issue_date: issue,
        due_date: rnd() < 0.8 ? issue : null,
        currency: rnd() < 0.9 ? 'NGN' : 'USD',
        lines: [{ id: randomUUID(), description: `Goods ${i}`, quantity: 1, unit_price: total, fee_ids: [] }],
        sent_at: `${issue}T09:00:00.000Z`,
        payments: paid ? [{ id: randomUUID(), amount: paid, method: 'cash', date: issue, reference: '' }] : [],
      },
    });
  }
  const categories = ['Rent', 'Transport', 'Stock', 'Salaries', 'Utilities', 'Other'];
  for (let i = 0; i < EXPENSES; i++) {
    mutations.push({
      mutation_id: randomUUID(),
      collection: 'expenses',
      op: 'upsert',
      id: randomUUID(),
      data: { amount: 100 + Math.floor(rnd() * 100_000), currency: rnd() < 0.9 ? 'NGN' : 'USD', date: day(), category: categories[i % 6] },
    });
  }
  await bench.seed(mutations);
  console.log(`seeded ${INVOICES} invoices and ${EXPENSES} expenses`);

  const page = await bench.openPage();
  await page.goto('/report');
  const count = (store) => countStored(page, [store]);
  for (let i = 0; ; i++) {
    if ((await count('invoices')) >= INVOICES && (await count('expenses')) >= EXPENSES) break;
    if (i > 2400) throw new Error('the device did not sync the records in 120 s');
    await sleep(50);
  }
  await page.getByTestId('figure-invoiced').waitFor();
  await sleep(1500);

  // Switch periods; each switch re-reads the device database and recomputes (marks from the page).
  const presets = ['This year', 'Last month', 'This quarter', 'This month', 'This year', 'Last month', 'This quarter', 'This month'];
  const screen = [];
  for (const label of presets) {
    await page.evaluate(() => performance.clearMeasures());
    const t0 = Date.now();
    await page.getByLabel('Period').selectOption({ label });
    await page.waitForFunction(() => performance.getEntriesByName('duka:report-compute').length > 0);
    await page.getByTestId('figure-invoiced').waitFor();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    screen.push(Date.now() - t0);
    await sleep(300);
  }
  // The marks of every run (the last measure of each name per switch was cleared above: gather again by re-running).
  const compute = [];
  const read = [];
  for (const label of presets) {
    await page.evaluate(() => performance.clearMeasures());
    await page.getByLabel('Period').selectOption({ label });
    await page.waitForFunction(() => performance.getEntriesByName('duka:report-compute').length > 0);
    const m = await page.evaluate(() => ({
      c: performance.getEntriesByName('duka:report-compute')[0].duration,
      r: performance.getEntriesByName('duka:report-read')[0].duration,
    }));
    compute.push(m.c);
    read.push(m.r);
    await sleep(200);
  }
  console.log('compute ms', compute.map(round), 'read ms', read.map(round), 'screen ms', screen);

  // CSV import of CSV_ROWS clients.
  const lines = ['name,email,phone,city'];
  for (let i = 0; i < CSV_ROWS; i++) lines.push(`Imported ${i},imp${i}@example.com,+234 800 ${String(i).padStart(6, '0')},Lagos`);
  await page.getByRole('button', { name: 'CSV' }).click();
  await page.getByRole('menuitem', { name: 'Import clients' }).click();
  await page
    .locator('input[type=file][accept=".csv,text/csv"]')
    .setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
  await page.getByRole('button', { name: 'Preview' }).waitFor();
  const p0 = Date.now();
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: `Import ${CSV_ROWS} rows` }).waitFor({ timeout: 60_000 });
  const previewMs = Date.now() - p0;
  const i0 = Date.now();
  await page.getByRole('button', { name: `Import ${CSV_ROWS} rows` }).click();
  await page.getByText(`${CSV_ROWS} clients imported`).waitFor({ timeout: 60_000 });
  const importMs = Date.now() - i0;
  console.log(`CSV ${CSV_ROWS} rows: preview ${previewMs} ms, import ${importMs} ms`);

  const results = {
    invoices: INVOICES,
    expenses: EXPENSES,
    report_compute_median_ms: round(median(compute)),
    report_compute_max_ms: round(Math.max(...compute)),
    report_read_median_ms: round(median(read)),
    report_read_and_compute_max_ms: round(Math.max(...compute.map((c, i) => c + read[i]))),
    report_period_switch_to_screen_median_ms: median(screen),
    report_target_ms: 300,
    csv_rows: CSV_ROWS,
    csv_preview_ms: previewMs,
    csv_import_ms: importMs,
    csv_total_ms: previewMs + importMs,
    csv_target_ms: 5000,
    note: 'compute = core reportFromRecords over every record of the device; read = loading invoices, expenses and clients from IndexedDB; screen = from choosing a period to the figures rendered',
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'reports-web.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(results);
} finally {
  await bench.close();
}
