// Costs that must not grow with history (issue 27), one account with 50,000 invoices (BENCH_HISTORY), on the
// default embedded PGlite and, when BENCH_DATABASE_URL is set, on PostgreSQL, against the built server:
// - reports summary (a month, a quarter, a year; targets ≤ 500 ms PGlite, ≤ 200 ms PostgreSQL);
// - a numbered push: a new invoice the server numbers, and one whose number clashes (renumbered; ≤ 30 ms);
// - invoice search by number (GET /api/invoices?q=INV-…; ≤ 50 ms);
// - an idle process with the 50,000 owed invoices (< 1 s of CPU per minute; BENCH_IDLE_MINUTES, 3 unless told; the account is put on a paid plan after the
//   figures above, so the reminders job's first pass over its invoices does not run while they are measured).
// The account is made through the API, then its history is written straight into the database with the
// server stopped (bench/lib/history.mjs). Writes bench/results/history.json.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { givePaidPlan, seedHistory } from './lib/history.mjs';
import { signUp, startServer } from './lib/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const N = Number(process.env.BENCH_HISTORY ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const IDLE_MINUTES = Number(process.env.BENCH_IDLE_MINUTES ?? 3);
/** User + system CPU seconds of a process so far (Linux /proc; clock ticks of 10 ms). */
const cpuSeconds = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x) => Math.round(x * 10) / 10;

async function measure(server, headers) {
  const base = server.base;
  const get = async (url) => {
    const t = performance.now();
    const res = await fetch(`${base}${url}`, { headers });
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    const body = await res.json();
    return { ms: performance.now() - t, body };
  };
  const times = async (fn) => {
    try {
      await fn(); // warm-up
      const xs = [];
      for (let i = 0; i < ROUNDS; i++) xs.push(await fn());
      return round(median(xs));
    } catch (err) {
      return `failed: ${err.message}${err.cause ? ` (${err.cause.code ?? err.cause.message})` : ''}`;
    }
  };
  const out = {};
  for (const [label, q] of [
    ['reports_month_ms', 'from=2026-03-01&to=2026-03-31'],
    ['reports_quarter_ms', 'from=2025-04-01&to=2025-06-30'],
    ['reports_year_ms', 'from=2025-01-01&to=2025-12-31'],
  ])
    console.log(label, (out[label] = await times(async () => (await get(`/reports/summary?${q}`)).ms)));
  const contact = (await get('/contacts?limit=1')).body.records[0].id;
  const push = async (data) => {
    const t = performance.now();
    const res = await fetch(`${base}/sync/push`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ mutations: [{ mutation_id: randomUUID(), collection: 'invoices', op: 'upsert', id: randomUUID(), data }] }),
    });
    const body = await res.json();
    if (res.status !== 200 || body.results[0].status !== 'applied') throw new Error(`push: ${res.status} ${JSON.stringify(body)}`);
    return performance.now() - t;
  };
  const invoice = (extra) => ({
    contact_id: contact,
    issue_date: '2026-11-22',
    currency: 'NGN',
    lines: [{ id: randomUUID(), description: 'Rice', quantity: 1, unit_price: 150_000, fee_ids: [] }],
    fees: [],
    fee_ids: [],
    ...extra,
  });
  console.log('numbered push', (out.numbered_push_ms = await times(() => push(invoice({})))));
  console.log('clash', (out.clashing_number_push_ms = await times(() => push(invoice({ number: 'INV-0042' })))));
  out.search_by_number_ms = await times(async () => {
    const r = await get(`/invoices?q=INV-${String(Math.floor(N / 2)).padStart(4, '0')}`);
    if (r.body.records.length < 1) throw new Error('search found nothing');
    return r.ms;
  });
  out.search_by_word_ms = await times(async () => (await get('/invoices?q=rice')).ms);
  console.log('search', out.search_by_number_ms, out.search_by_word_ms);
  // The VAT return (issue 27: summed in SQL from each document's stored VAT part, which the seed stores as the
  // server does with every save).
  for (const [label, q] of [
    ['vat_month_ms', 'from=2026-03-01&to=2026-03-31'],
    ['vat_year_ms', 'from=2025-01-01&to=2025-12-31'],
  ])
    console.log(label, (out[label] = await times(async () => (await get(`/reports/vat?${q}&currency=NGN`)).ms)));
  return out;
}

/**
 * An idle process holding the owed invoices of an account on a paid plan (target < 1 s of CPU per minute): the
 * server's own CPU over each of the next IDLE_MINUTES minutes, with nobody asking anything. The first minute holds
 * the reminders job's one pass that dates each invoice's next reminder; the later ones are the steady state.
 */
async function idleCpu(server) {
  const minutes = [];
  for (let m = 0; m < IDLE_MINUTES; m++) {
    const c0 = cpuSeconds(server.child.pid);
    await new Promise((r) => setTimeout(r, 60_000));
    minutes.push(round(cpuSeconds(server.child.pid) - c0));
  }
  console.log('idle cpu s per minute', minutes);
  return minutes;
}

const results = { invoices: N, rounds: ROUNDS, load_before: loadavg().map(round) };

// PGlite (default): sign up, stop, seed the data directory, start again. BENCH_HISTORY_PGLITE=off skips it.
if (process.env.BENCH_HISTORY_PGLITE !== 'off') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'duka-bench-history-'));
  let server = await startServer({ name: 'history', dataDir });
  const headers = await signUp(server.base);
  const me = await (await fetch(`${server.base}/state`, { headers })).json();
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  const { PGlite } = await import('@electric-sql/pglite');
  // The server's database has trigram search indexes: writing invoices needs pg_trgm loaded.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pg = new PGlite(path.join(dataDir, 'pg'), { extensions: { pg_trgm } });
  const t = performance.now();
  await seedHistory((text) => pg.exec(text), me.user?.id ?? me.id, N);
  results.pglite_seed_s = round((performance.now() - t) / 1000);
  await pg.close();
  const t0 = performance.now();
  server = await startServer({ name: 'history', dataDir });
  results.pglite_start_s = round((performance.now() - t0) / 1000);
  try {
    results.pglite = await measure(server, headers);
    // The paid plan, written with the server stopped (the embedded database has one process), then idle.
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    const again = new PGlite(path.join(dataDir, 'pg'), { extensions: { pg_trgm } });
    await givePaidPlan((text) => again.exec(text), me.user?.id ?? me.id);
    await again.close();
    server = await startServer({ name: 'history', dataDir });
    results.pglite.idle_cpu_s_per_min = await idleCpu(server);
  } finally {
    server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// PostgreSQL, one process, a fresh database.
if (process.env.BENCH_DATABASE_URL) {
  const { default: pgm } = await import('pg');
  const admin = new pgm.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  const db = `duka_history_${Date.now()}`;
  await admin.query(`create database ${db}`);
  const url = new URL(process.env.BENCH_DATABASE_URL);
  url.pathname = `/${db}`;
  // One data directory across the restart below (it keeps the server's token secret: the session stays valid).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'duka-bench-history-pg-'));
  let server = await startServer({ name: 'history-pg', dataDir, env: { DATABASE_URL: url.href } });
  try {
    const headers = await signUp(server.base);
    const me = await (await fetch(`${server.base}/state`, { headers })).json();
    const client = new pgm.Client({ connectionString: url.href });
    await client.connect();
    const t = performance.now();
    await seedHistory((text) => client.query(text), me.user?.id ?? me.id, N);
    results.postgres_seed_s = round((performance.now() - t) / 1000);
    await client.end();
    // Started again on the seeded database, as after an upgrade (start-up work such as backfills sees the history).
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    const t0 = performance.now();
    server = await startServer({ name: 'history-pg', dataDir, env: { DATABASE_URL: url.href } });
    results.postgres_start_s = round((performance.now() - t0) / 1000);
    results.postgres = await measure(server, headers);
    const paid = new pgm.Client({ connectionString: url.href });
    await paid.connect();
    await givePaidPlan((text) => paid.query(text), me.user?.id ?? me.id);
    await paid.end();
    results.postgres.idle_cpu_s_per_min = await idleCpu(server);
  } finally {
    server.stop();
    await new Promise((r) => server.child.once('exit', r));
    await admin.query(`drop database if exists ${db}`);
    await admin.end();
  }
}
results.load_after = loadavg().map(round);
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', 'history.json'), JSON.stringify(results, null, 2));
console.log(JSON.stringify(results, null, 2));
