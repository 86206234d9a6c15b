// Fiscalisation latency (issue 26): the time from a device's push of a finished Kenyan invoice to its fiscal record
// being 'fiscalised', with the job queue running as in production (pg-boss on the embedded PGlite) and a local server
// speaking KRA eTIMS OSCU's API answering each sale in 300 ms (BENCH_FISCAL_DELAY_MS). Invoices are pushed one at a
// time (BENCH_FISCAL_LATENCY, default 40), each timed until fiscalised. Writes bench/results/fiscal-latency.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withServerEntry } from './lib/server-entry.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const N = Number(process.env.BENCH_FISCAL_LATENCY ?? 40);
const DELAY = Number(process.env.BENCH_FISCAL_DELAY_MS ?? 300);

const entry = `
import { randomUUID } from 'node:crypto';
import { buildApp } from './src/app';
import { loadConfig } from './src/config';
import { startOscuServer } from './src/test/oscu-server';
export async function main(n, delay) {
  const oscu = await startOscuServer();
  oscu.delayMs = delay;
  const config = loadConfig({ ...process.env, DATABASE_URL: 'memory://', NODE_ENV: 'test', JOBS: 'on', RATE_LIMITS: 'off', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/duka-bench-fiscal-latency' },
    { jwtSecret: 'bench-secret-bench-secret-bench-secret', logLevel: 'silent',
      etims: { apiBase: oscu.base, tin: oscu.device.tin, branchId: oscu.device.bhfId, deviceSerial: oscu.device.dvcSrlNo, timeoutMs: 15000, accounts: ['bench_lat'] } });
  const { app, ctx } = await buildApp(config);
  await app.ready();
  const reg = await app.inject({ method: 'POST', url: '/api/users', payload: { user: { name: 'Bench', username: 'bench_lat', email: 'lat@example.com', password: 'correct horse battery', company_name: 'Bench Shop', country: 'Kenya' } } });
  const token = reg.json().token;
  const userId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
  const auth = { authorization: 'Bearer ' + token };
  const vat = { id: randomUUID(), name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 1600, amount: 0, inclusive: true };
  const contact = randomUUID();
  await app.inject({ method: 'POST', url: '/api/sync/push', headers: auth, payload: { mutations: [{ mutation_id: randomUUID(), collection: 'contacts', op: 'upsert', id: contact, data: { name: 'Otieno Builders', tax_id: 'P051234567Q' } }] } });
  const state = async (id) => (await ctx.database.execute('select state from fiscal_documents where invoice_id = $1', [id])).rows[0]?.state;
  const ms = [];
  for (let i = 0; i < n + 1; i++) {
    const id = randomUUID();
    const t0 = performance.now();
    const r = await app.inject({ method: 'POST', url: '/api/sync/push', headers: auth, payload: { mutations: [{ mutation_id: randomUUID(), collection: 'invoices', op: 'upsert', id, data: { contact_id: contact, currency: 'KES', issue_date: '2026-11-25', finished_at: new Date().toISOString(), lines: [{ id: randomUUID(), description: 'Cement', quantity: 1, unit_price: 116000 + i, fee_ids: [vat.id] }], fees: [vat], fee_ids: [] } }] } });
    if (r.statusCode !== 200 || r.json().results.some((x) => x.status !== 'applied')) throw new Error('push failed: ' + r.body.slice(0, 300));
    let s;
    while ((s = await state(id)) !== 'fiscalised') {
      if (performance.now() - t0 > 60000) throw new Error('not fiscalised within 60 s: ' + s);
      await new Promise((ok) => setTimeout(ok, 20));
    }
    // The first one also registers the device and the item: not counted.
    if (i > 0) ms.push(performance.now() - t0);
  }
  await app.close();
  await oscu.close();
  return { ms, sales: oscu.sales.size };
}
`;

await withServerEntry('fiscal-latency', entry, async ({ main }) => {
  const r = await main(N, DELAY);
  const sorted = [...r.ms].sort((a, b) => a - b);
  const at = (q) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]);
  const results = {
    invoices: N,
    authority_ms: DELAY,
    sync_to_fiscalised_ms: { p50: at(0.5), p95: at(0.95), max: Math.round(sorted[sorted.length - 1]) },
    sales_at_authority: r.sales,
    machine: { cpus: cpus().length, load: loadavg().map((x) => Number(x.toFixed(2))) },
  };
  console.log(results);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'fiscal-latency.json'), JSON.stringify(results, null, 2));
  if (r.sales !== N + 1) process.exitCode = 1;
});
