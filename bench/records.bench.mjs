// Local-first records, server side: pull of 10,000 contacts in pages of 500 (target < 1.5 s) and push of
// 1,000 queued changes (target < 2 s), against the built server (apps/server/dist/main.js; `npm run build`
// or `node apps/server/build.mjs` first) on PGlite in a temp DATA_DIR. Writes bench/results/records.json.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signUp, startServer } from './lib/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const server = await startServer({ name: 'records' });
const { base, child, stop } = server;

try {
  const headers = await signUp(base);

  const push = async (mutations) => {
    const res = await fetch(`${base}/sync/push`, { method: 'POST', headers, body: JSON.stringify({ mutations }) });
    if (res.status !== 200) throw new Error(`push answered ${res.status}: ${await res.text()}`);
    const { results } = await res.json();
    const bad = results.filter((r) => r.status !== 'applied');
    if (bad.length) throw new Error(`push: ${bad.length} not applied: ${JSON.stringify(bad[0])}`);
  };
  // Server CPU time (user + system, from /proc) next to wall time: on a shared, loaded machine wall time
  // mostly measures waiting for a core; CPU time is what the work costs.
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  const serverCpuMs = () => {
    try {
      const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(f[11]) + Number(f[12])) * tick;
    } catch {
      return NaN;
    }
  };
  const cpu = {};
  const timed = async (fn, label) => {
    const c0 = serverCpuMs();
    const t = performance.now();
    await fn();
    if (label) cpu[label] = Math.round(serverCpuMs() - c0);
    return Math.round(performance.now() - t);
  };

  // Seed 10,000 contacts (20 pushes of 500): also a figure.
  const contactIds = Array.from({ length: 10_000 }, () => randomUUID());
  const seedMs = await timed(async () => {
    for (let i = 0; i < contactIds.length; i += 500) {
      await push(
        contactIds.slice(i, i + 500).map((id, j) => ({
          mutation_id: randomUUID(),
          collection: 'contacts',
          op: 'upsert',
          id,
          data: {
            name: `Customer ${i + j}`,
            email: `customer${i + j}@example.com`,
            phone: `+234 803${String(i + j).padStart(7, '0')}`,
            city: 'Lagos',
            address: `${i + j} Market Road`,
          },
        })),
      );
    }
  });

  // Pull all 10,000 in pages of 500, as a fresh device does.
  const pullOnce = async () => {
    let since = 0;
    let n = 0;
    let pages = 0;
    for (;;) {
      const res = await fetch(`${base}/sync/pull?collection=contacts&since=${since}&limit=500`, { headers });
      const page = await res.json();
      n += page.records.length;
      pages += 1;
      since = page.version;
      if (!page.has_more) break;
    }
    if (n !== 10_000) throw new Error(`pulled ${n} contacts`);
    return pages;
  };
  await pullOnce(); // warm-up (JIT, PGlite caches)
  const pullRuns = [];
  let pages = 0;
  for (let r = 0; r < 3; r++) pullRuns.push(await timed(async () => (pages = await pullOnce()), `pull_run_${r}`));

  // 1,000 queued changes: 400 contact edits, 300 new notes, 300 new expenses (some on those contacts).
  const queue = (round) => [
    ...Array.from({ length: 400 }, (_, i) => ({
      mutation_id: randomUUID(),
      collection: 'contacts',
      op: 'upsert',
      id: contactIds[i * 7 + round],
      data: { phone: `+234 81${round}${String(i).padStart(7, '0')}` },
      base_version: 1,
    })),
    ...Array.from({ length: 300 }, (_, i) => ({
      mutation_id: randomUUID(),
      collection: 'notes',
      op: 'upsert',
      id: randomUUID(),
      data: { body: `Called about order ${i}`, contact_id: contactIds[i] },
    })),
    ...Array.from({ length: 300 }, (_, i) => ({
      mutation_id: randomUUID(),
      collection: 'expenses',
      op: 'upsert',
      id: randomUUID(),
      data: { amount: 1000 + i, currency: 'NGN', date: '2026-11-20', category: 'Transport', vendor: 'Bolt', contact_id: i % 3 ? null : contactIds[i] },
    })),
  ];
  const pushInBatches = async (mutations, size) => {
    for (let i = 0; i < mutations.length; i += size) await push(mutations.slice(i, i + size));
  };
  await pushInBatches(queue(0), 500); // warm-up
  const push500 = await timed(() => pushInBatches(queue(1), 500), 'push500');
  const push100 = await timed(() => pushInBatches(queue(2), 100), 'push100');

  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const results = {
    pull_10000_contacts_ms: median(pullRuns),
    pull_runs_ms: pullRuns,
    pull_pages: pages,
    pull_target_ms: 1500,
    push_1000_changes_batches_of_500_ms: push500,
    push_1000_changes_batches_of_100_ms: push100,
    push_target_ms: 2000,
    server_cpu_ms: {
      pull_10000_contacts: median([cpu.pull_run_0, cpu.pull_run_1, cpu.pull_run_2]),
      push_1000_changes_batches_of_500: cpu.push500,
      push_1000_changes_batches_of_100: cpu.push100,
    },
    seed_10000_contacts_push_ms: seedMs,
    load_average_1m: Math.round(loadavg()[0] * 10) / 10,
    cores: (await import('node:os')).cpus().length,
    engine: 'PGlite on disk (default), one process',
  };
  console.log(results);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'records.json'), JSON.stringify(results, null, 2));
} finally {
  stop();
}
