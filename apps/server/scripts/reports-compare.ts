// Times the reports summary SQL before issue 27 (legacy.test-utils.ts) and now on one account with a long
// history (bench/lib/history.mjs), in one process on the same database: `npx tsx scripts/reports-compare.ts`
// with DATABASE_URL (PostgreSQL) or none (in-memory PGlite). BENCH_HISTORY invoices (default 50,000).
import { randomUUID } from 'node:crypto';
import { connect } from '../src/db/connect';
import { legacyReportSummary } from '../src/modules/reports/legacy.test-utils';
import { reportSummary } from '../src/modules/reports/service';
// @ts-expect-error plain ESM helper of the bench
import { seedHistory } from '../../../bench/lib/history.mjs';

const n = Number(process.env.BENCH_HISTORY ?? 50_000);
const database = await connect({ databaseUrl: process.env.DATABASE_URL || 'memory://', dataDir: '' });
const id = randomUUID();
await database.execute(
  `insert into users (id, name, username, email, password_hash) values ('${id}', 'R', 'r_${id.slice(0, 8)}', 'r.${id.slice(0, 8)}@example.com', 'x')`,
);
let t = performance.now();
await (seedHistory as (e: (s: string) => Promise<unknown>, u: string, n: number) => Promise<void>)((s) => database.execute(s), id, n);
console.log(`seeded ${n} invoices in ${Math.round(performance.now() - t)} ms (${database.kind})`);
const periods = [
  { from: '2026-03-01', to: '2026-03-31' },
  { from: '2025-04-01', to: '2025-06-30' },
  { from: '2025-01-01', to: '2025-12-31' },
];
for (const p of periods) {
  // Median wall time, and this process's CPU time (all of it with PGlite; Node's share with PostgreSQL).
  const time = async (fn: () => Promise<unknown>) => {
    await fn();
    const xs: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < 5; i++) {
      t = performance.now();
      const c = process.cpuUsage();
      await fn();
      const d = process.cpuUsage(c);
      cpu.push((d.user + d.system) / 1000);
      xs.push(performance.now() - t);
    }
    const mid = (v: number[]) => Math.round(v.sort((a, b) => a - b)[2]!);
    return `${mid(xs)} ms (cpu ${mid(cpu)} ms)`;
  };
  const before = await time(() => legacyReportSummary(database.db, id, p, '2026-11-25'));
  const after = await time(() => reportSummary(database.db, id, p, '2026-11-25'));
  const same =
    JSON.stringify(await legacyReportSummary(database.db, id, p, '2026-11-25')) === JSON.stringify(await reportSummary(database.db, id, p, '2026-11-25'));
  console.log(`${p.from}..${p.to}: before ${before}, after ${after}, same figures: ${same}`);
}
await database.close();
