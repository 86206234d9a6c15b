// Reminders: 10,000 due reminders scheduled and sent as SMS to a local server speaking Africa's Talking's API
// (issue 18 target: under 60 s). The server's own modules run in this process on an in-memory PGlite (bundled
// with esbuild from apps/server/src); 10,000 sent invoices of one owner on a paid plan, due today, are seeded
// through the sync engine first (not timed), then one run of the reminders job is timed. Writes
// bench/results/reminders.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withServerEntry } from './lib/server-entry.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const N = Number(process.env.BENCH_REMINDERS ?? 10_000);

const entry = `
import { randomUUID } from 'node:crypto';
import { buildApp } from './src/app';
import { loadConfig } from './src/config';
import { startAtServer } from './src/test/at-server';
import { runDueReminders } from './src/modules/reminders/service';
export async function main(n) {
  const at = await startAtServer({ username: 'bench', apiKey: 'atsk_bench' });
  const config = loadConfig({ ...process.env, DATABASE_URL: 'memory://', NODE_ENV: 'test', JOBS: 'off', RATE_LIMITS: 'off', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/duka-bench-reminders' },
    { jwtSecret: 'bench-secret-bench-secret-bench-secret', logLevel: 'silent', atUsername: 'bench', atApiKey: 'atsk_bench', atApiBase: at.base });
  const { app, ctx } = await buildApp(config);
  await app.ready();
  const reg = await app.inject({ method: 'POST', url: '/api/users', payload: { user: { name: 'Bench', username: 'bench_rem', email: 'bench@example.com', password: 'correct horse battery', company_name: 'Bench Shop', country: 'Kenya' } } });
  const token = reg.json().token;
  const userId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
  const auth = { authorization: 'Bearer ' + token };
  await ctx.database.execute("insert into subscriptions (user_id, plan, status, provider, current_period_end, amount, currency, months, last_event_at) values ($1, 'ng-yearly', 'active', 'test', '2032-01-01T00:00:00Z', 1400000, 'NGN', 1, now())", [userId]);
  await app.inject({ method: 'PUT', url: '/api/reminders/settings', headers: auth, payload: { enabled: true, before_days: null, on_due: true, overdue_every_days: null, overdue_limit: 1, channels: ['sms'] } });
  const due = '2031-05-01';
  const t0 = performance.now();
  for (let i = 0; i < n; i += 250) {
    const batch = [];
    for (let j = i; j < Math.min(n, i + 250); j++) {
      const contact = randomUUID();
      batch.push({ mutation_id: randomUUID(), collection: 'contacts', op: 'upsert', id: contact, data: { name: 'Client ' + j, phone: '+2547' + String(10000001 + j * 10) } });
      batch.push({ mutation_id: randomUUID(), collection: 'invoices', op: 'upsert', id: randomUUID(), data: { contact_id: contact, currency: 'KES', issue_date: '2031-04-15', due_date: due, sent_at: '2031-04-15T08:00:00Z', lines: [{ id: randomUUID(), description: 'Service', quantity: 1, unit_price: 150000 + j, fee_ids: [] }] } });
    }
    const r = await app.inject({ method: 'POST', url: '/api/sync/push', headers: auth, payload: { mutations: batch } });
    if (r.statusCode !== 200 || r.json().results.some((x) => x.status !== 'applied')) throw new Error('seed failed: ' + r.body.slice(0, 300));
  }
  const seedMs = performance.now() - t0;
  const t1 = performance.now();
  const counts = await runDueReminders(ctx, new Date(due + 'T08:00:00Z'), { concurrency: 32 });
  const runMs = performance.now() - t1;
  const again = await runDueReminders(ctx, new Date(due + 'T09:00:00Z'));
  await app.close();
  await at.close();
  return { seedMs, runMs, counts, again, received: at.received.length };
}
`;

await withServerEntry('reminders', entry, async ({ main }) => {
  const r = await main(N);
  const results = {
    reminders: N,
    seed_s: Number((r.seedMs / 1000).toFixed(1)),
    send_s: Number((r.runMs / 1000).toFixed(2)),
    per_second: Math.round(N / (r.runMs / 1000)),
    sent: r.counts.sent,
    failed: r.counts.failed,
    received_by_sms_server: r.received,
    second_run_sent: r.again.sent,
    target_s: 60,
    machine: { cpus: cpus().length, load: loadavg().map((x) => Number(x.toFixed(2))) },
  };
  console.log(results);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'reminders.json'), JSON.stringify(results, null, 2));
  if (r.counts.sent !== N || r.received !== N || r.again.sent !== 0) process.exitCode = 1;
});
