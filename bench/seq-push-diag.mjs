// Server CPU per push, with nothing else running (issue 27): one Duka process on PostgreSQL (BENCH_DATABASE_URL, a
// role that may create databases), 4 devices (SEQ_DEVICES) of one account pushing in turn batches of N changes (half clients, half
// invoices numbered offline from each device's counter, as sync-load.bench) with the pull carried, one at a time.
// Prints the server's and PostgreSQL's CPU per push and per change. For comparing a change on the push path, not a
// bench:  BENCH_DATABASE_URL=… node bench/seq-push-diag.mjs [pushes=400] [changes=10]
// SEQ_KIND=contacts|invoices: changes of one kind only; SEQ_NOPULL=1: no pull carried; SEQ_PLAIN=1: uncompressed
// answers; SEQ_SYS=1: system CPU only; SEQ_SQL: SQL run on the new database first (e.g. an index dropped);
// SEQ_SQL_AFTER at warm-up push SEQ_SQL_AT (e.g. `analyze` while the tables are small); BENCH_CPU_PROF=<dir>,
// BENCH_HEAP_PROF=<dir>: the server's V8 profiles; BENCH_ALLOC_PROF=<file>: every allocation sampled over the measured
// pushes, collected or not (bench/lib/alloc-profile.mjs).
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import pg from 'pg';
import { loadChanges } from './lib/load-changes.mjs';
import { allocationSampler } from './lib/alloc-profile.mjs';
import { freePort, signUp, startServer } from './lib/server.mjs';

const PUSHES = Number(process.argv[2] ?? 400);
const N = Number(process.argv[3] ?? 10);
// SEQ_DEVICES: how many devices of the account push in turn (default 4; 1 is a shop with one phone).
const DEVICES = Number(process.env.SEQ_DEVICES ?? 4);
const admin = process.env.BENCH_DATABASE_URL;
if (!admin) throw new Error('BENCH_DATABASE_URL is needed');
const c = new pg.Client({ connectionString: admin });
await c.connect();
const db = `seq_${Date.now()}`;
await c.query(`create database ${db}`);
const url = new URL(admin);
url.pathname = `/${db}`;
const ticks = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  if (process.env.SEQ_SYS) return Number(f[12]);
  return Number(f[11]) + Number(f[12]);
};
const { rows } = await c.query('select pg_backend_pid() as pid');
const postmaster = Number(readFileSync(`/proc/${rows[0].pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
const dbTicks = () => {
  let t = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const f = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(f[1]) === postmaster) t += Number(f[11]) + Number(f[12]);
    } catch {
      // exited meanwhile
    }
  }
  return t;
};
const inspectPort = process.env.BENCH_ALLOC_PROF ? await freePort() : null;
const server = await startServer({
  name: 'seq',
  env: { DATABASE_URL: url.href, LOG_LEVEL: 'warn', JWT_SECRET: 'seq-push-diag-secret-seq-push-diag-secret' },
  nodeArgs: [
    ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ...(process.env.BENCH_HEAP_PROF ? ['--heap-prof', '--heap-prof-interval=32768', `--heap-prof-dir=${process.env.BENCH_HEAP_PROF}`] : []),
    ...(inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : []),
  ],
});
try {
  if (process.env.SEQ_SQL) {
    // An experiment on the database before the pushes (e.g. dropping an index to see what it costs).
    const e = new pg.Client({ connectionString: url.href });
    await e.connect();
    await e.query(process.env.SEQ_SQL);
    await e.end();
  }
  const headers = await signUp(server.base);
  const contactId = randomUUID();
  await fetch(`${server.base}/sync/push`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ mutations: [{ mutation_id: randomUUID(), collection: 'contacts', op: 'upsert', id: contactId, data: { name: 'Shared' } }] }),
  });
  const devices = Array.from({ length: DEVICES }, () => ({ n: 0, since: 0 }));
  const push = async (d) => {
    const kind = process.env.SEQ_KIND ?? 'mixed';
    const muts = loadChanges(N, contactId, d, kind).map((c) => ({ mutation_id: randomUUID(), op: 'upsert', ...c }));
    const r = await fetch(`${server.base}/sync/push`, {
      method: 'POST',
      headers: process.env.SEQ_PLAIN ? headers : { ...headers, 'accept-encoding': 'gzip' },
      body: JSON.stringify({
        mutations: muts,
        pull: process.env.SEQ_NOPULL ? undefined : { collections: ['contacts', 'invoices'], since: d.since, limit: 500 },
      }),
    });
    const body = await r.json();
    if (r.status !== 200 || body.results.some((x) => x.status !== 'applied')) throw new Error(`push: ${r.status} ${JSON.stringify(body).slice(0, 300)}`);
    d.since = body.pull?.version ?? 0;
  };
  for (let i = 0; i < 60; i++) {
    // SEQ_SQL_AFTER at warm-up push SEQ_SQL_AT (e.g. an ANALYZE while the tables are small, as autovacuum may run one).
    if (process.env.SEQ_SQL_AFTER && i === Number(process.env.SEQ_SQL_AT ?? 0)) {
      const e = new pg.Client({ connectionString: url.href });
      await e.connect();
      await e.query(process.env.SEQ_SQL_AFTER);
      await e.end();
    }
    await push(devices[i % DEVICES]);
  }
  const sampler = inspectPort ? await allocationSampler(inspectPort) : null;
  await sampler?.start();
  const s0 = ticks(server.child.pid);
  const d0 = dbTicks();
  const t0 = performance.now();
  for (let i = 0; i < PUSHES; i++) await push(devices[i % DEVICES]);
  const ms = performance.now() - t0;
  const s = (ticks(server.child.pid) - s0) * 10;
  const d = (dbTicks() - d0) * 10;
  await sampler?.stop(process.env.BENCH_ALLOC_PROF);
  console.log(
    JSON.stringify({
      pushes: PUSHES,
      changes_per_push: N,
      wall_ms_per_push: +(ms / PUSHES).toFixed(2),
      server_cpu_ms_per_push: +(s / PUSHES).toFixed(2),
      db_cpu_ms_per_push: +(d / PUSHES).toFixed(2),
      server_cpu_ms_per_change: +(s / PUSHES / N).toFixed(3),
      db_cpu_ms_per_change: +(d / PUSHES / N).toFixed(3),
    }),
  );
} finally {
  server.stop();
  await c.end();
}
