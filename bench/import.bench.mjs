// A large CSV import as the device uploads it (issue 22 item 6): BENCH_IMPORT_ROWS clients (default 100,000)
// pushed through POST /sync/push in full batches of core's SYNC_LIMITS push size, one batch after another as
// the sync engine does, against the built server (PGlite; PostgreSQL with BENCH_DATABASE_URL). Reports rows per second, total seconds, batch p95,
// the median batch of the first and last fifth (a flat import has them close),
// and checks that every row was applied and the server holds them all. Writes bench/results/import.json.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signUp, startServer } from './lib/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const BATCH = 500; // core SYNC_LIMITS.pushBatch: what the device sends per request

const server = await startServer({ name: 'import', env: process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {} });
try {
  const headers = await signUp(server.base);
  // What the server holds: GET /state's live-record counts (the same count the app's own state uses).
  const stored = async () => {
    const res = await fetch(`${server.base}/state`, { headers });
    if (!res.ok) throw new Error(`state: ${res.status} ${await res.text()}`);
    return (await res.json()).counts.contacts;
  };
  const before = await stored();
  const times = [];
  let applied = 0;
  let refused = 0;
  const started = performance.now();
  for (let done = 0; done < ROWS; done += BATCH) {
    const n = Math.min(BATCH, ROWS - done);
    const mutations = Array.from({ length: n }, (_, i) => ({
      mutation_id: randomUUID(),
      collection: 'contacts',
      op: 'upsert',
      id: randomUUID(),
      data: { name: `Client ${done + i + 1}`, phone: `+23480${String(10_000_000 + done + i).slice(-8)}`, email: `c${done + i}@example.com` },
    }));
    const t0 = performance.now();
    const res = await fetch(`${server.base}/sync/push`, { method: 'POST', headers, body: JSON.stringify({ mutations }) });
    if (!res.ok) throw new Error(`push ${done}: ${res.status} ${await res.text()}`);
    const body = await res.json();
    times.push(performance.now() - t0);
    if (process.env.BENCH_VERBOSE && (done / BATCH) % 10 === 0) console.log(`${done + n} rows: batch ${Math.round(times.at(-1))} ms`);
    for (const r of body.results) {
      if (r.status === 'applied') applied++;
      else refused++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = Math.round(sorted[Math.floor(0.95 * (sorted.length - 1))]);
  // Flat or not (issue 22: PGlite went from ~150 ms to 10–15 s a batch after ~20,000 rows): the median batch of
  // the first and of the last fifth of the import.
  const median = (xs) => Math.round([...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0);
  const fifth = Math.max(1, Math.floor(times.length / 5));
  const total = await stored();
  const result = {
    rows: ROWS,
    batch: BATCH,
    seconds: Math.round(seconds * 10) / 10,
    rows_per_second: Math.round(ROWS / seconds),
    batch_p95_ms: p95,
    batch_median_first_fifth_ms: median(times.slice(0, fifth)),
    batch_median_last_fifth_ms: median(times.slice(-fifth)),
    applied,
    refused,
    server_total: total,
    // Every row applied and stored: what the server holds now less what it held before the import.
    all_stored: applied === ROWS && total - before === ROWS,
    load_average: loadavg()[0],
  };
  console.log(result);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'import.json'), JSON.stringify(result, null, 2));
  if (!result.all_stored) {
    console.error(`only ${total - before} of ${ROWS} rows are on the server (${applied} applied, ${refused} refused)`);
    process.exitCode = 1;
  }
} finally {
  server.stop();
}
