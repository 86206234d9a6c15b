// Fiscalisation (issue 26): 1,000 queued invoices of a Kenyan business sent to a local server speaking KRA eTIMS
// OSCU's API, answering each sale in 300 ms (BENCH_FISCAL_DELAY_MS). The server's modules run in this process on an
// in-memory PGlite (bundled with esbuild from apps/server/src); the invoices are pushed through the sync engine
// first (queued by the fiscal outbox, not timed), then the fiscal job's processing is timed until none is due.
// Also: the invoice PDF with the fiscal block and QR code (build time). Writes bench/results/fiscal.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withServerEntry } from './lib/server-entry.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const N = Number(process.env.BENCH_FISCAL ?? 1000);
const DELAY = Number(process.env.BENCH_FISCAL_DELAY_MS ?? 300);

const entry = `
import { randomUUID } from 'node:crypto';
import { buildApp } from './src/app';
import { loadConfig } from './src/config';
import { startOscuServer } from './src/test/oscu-server';
import { processDue } from './src/modules/fiscal/service';
export async function main(n, delay) {
  const oscu = await startOscuServer();
  oscu.delayMs = delay;
  const config = loadConfig({ ...process.env, DATABASE_URL: 'memory://', NODE_ENV: 'test', JOBS: 'off', RATE_LIMITS: 'off', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/duka-bench-fiscal' },
    { jwtSecret: 'bench-secret-bench-secret-bench-secret', logLevel: 'silent',
      etims: { apiBase: oscu.base, tin: oscu.device.tin, branchId: oscu.device.bhfId, deviceSerial: oscu.device.dvcSrlNo, timeoutMs: 15000, accounts: ['bench_fis'] } });
  const { app, ctx } = await buildApp(config);
  await app.ready();
  const reg = await app.inject({ method: 'POST', url: '/api/users', payload: { user: { name: 'Bench', username: 'bench_fis', email: 'bench@example.com', password: 'correct horse battery', company_name: 'Bench Shop', country: 'Kenya' } } });
  const token = reg.json().token;
  const userId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
  const auth = { authorization: 'Bearer ' + token };
  const vat = { id: randomUUID(), name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 1600, amount: 0, inclusive: true };
  const contact = randomUUID();
  await app.inject({ method: 'POST', url: '/api/sync/push', headers: auth, payload: { mutations: [{ mutation_id: randomUUID(), collection: 'contacts', op: 'upsert', id: contact, data: { name: 'Otieno Builders', tax_id: 'P051234567Q' } }] } });
  const t0 = performance.now();
  for (let i = 0; i < n; i += 250) {
    const batch = [];
    for (let j = i; j < Math.min(n, i + 250); j++)
      batch.push({ mutation_id: randomUUID(), collection: 'invoices', op: 'upsert', id: randomUUID(), data: { contact_id: contact, currency: 'KES', issue_date: '2026-11-25', finished_at: '2026-11-25T08:00:00Z', lines: [{ id: randomUUID(), description: 'Cement', quantity: 1 + (j % 3), unit_price: 116000 + j, fee_ids: [vat.id] }], fees: [vat], fee_ids: [] } });
    const r = await app.inject({ method: 'POST', url: '/api/sync/push', headers: auth, payload: { mutations: batch } });
    if (r.statusCode !== 200 || r.json().results.some((x) => x.status !== 'applied')) throw new Error('seed failed: ' + r.body.slice(0, 300));
  }
  const seedMs = performance.now() - t0;
  const t1 = performance.now();
  const counts = await processDue(ctx, { userId, limit: n * 2, concurrency: 16 });
  const runMs = performance.now() - t1;
  const again = await processDue(ctx, { userId });
  const rows = (await ctx.database.execute('select fiscal_sequence from fiscal_documents where user_id = $1 and state = $2 order by 1', [userId, 'fiscalised'])).rows.map((r) => Number(r.fiscal_sequence));
  const gapless = rows.length === n && rows.every((s, i) => s === i + 1);
  const [one] = (await ctx.database.execute('select invoice_id from fiscal_documents where user_id = $1 limit 1', [userId])).rows;
  const pdfMs = [];
  for (let i = 0; i < 5; i++) {
    const p0 = performance.now();
    const pdf = await app.inject({ method: 'GET', url: '/api/invoices/' + one.invoice_id + '/pdf', headers: auth });
    if (pdf.statusCode !== 200) throw new Error('pdf ' + pdf.statusCode);
    pdfMs.push(performance.now() - p0);
  }
  await app.close();
  await oscu.close();
  return { seedMs, runMs, counts, again, gapless, sales: oscu.sales.size, saleCalls: oscu.saleCalls, pdfMs };
}
`;

await withServerEntry('fiscal', entry, async ({ main }) => {
  const r = await main(N, DELAY);
  const results = {
    invoices: N,
    authority_ms: DELAY,
    seed_s: Number((r.seedMs / 1000).toFixed(1)),
    fiscalise_s: Number((r.runMs / 1000).toFixed(2)),
    per_second: Math.round(N / (r.runMs / 1000)),
    fiscalised: r.counts.fiscalised,
    retrying: r.counts.retrying,
    failed: r.counts.failed,
    second_run_fiscalised: r.again.fiscalised,
    numbers_gapless: r.gapless,
    sales_at_authority: r.sales,
    sale_calls: r.saleCalls,
    pdf_with_fiscal_block_ms: Math.round(r.pdfMs.slice(1).reduce((a, b) => a + b, 0) / (r.pdfMs.length - 1)),
    machine: { cpus: cpus().length, load: loadavg().map((x) => Number(x.toFixed(2))) },
  };
  console.log(results);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'fiscal.json'), JSON.stringify(results, null, 2));
  if (r.counts.fiscalised !== N || !r.gapless || r.sales !== N || r.saleCalls !== N) process.exitCode = 1;
});
