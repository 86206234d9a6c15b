import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer, type ServerProcess, startServerProcess } from '../../test/server-process';

/**
 * Issue 27: `npm run worker` (main.js --worker) runs the job queue alone and an API process with JOBS=off serves
 * requests only, on one PostgreSQL (TEST_DATABASE_URL; skipped without it). A job made ready in the database is
 * run by the worker, not by the API process; with the worker gone, the API's health shows the lag growing.
 */
const url = process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
let bundle: Awaited<ReturnType<typeof bundleServer>> | undefined;
let worker: ChildProcess | undefined;
let api: ServerProcess | undefined;
let db: pg.Client | undefined;

const env = (dir: string) => ({
  DATABASE_URL: url ?? '',
  DATA_DIR: dir,
  JWT_SECRET: 'worker-secret-worker-secret-worker',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
});
const dataDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'duka-worker-'));
  dirs.push(d);
  return d;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read().catch(() => undefined as T);
    if (v !== undefined && ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await sleep(500);
  }
}

beforeAll(async () => {
  if (!url) return;
  bundle = await bundleServer('worker');
  db = new pg.Client({ connectionString: url });
  await db.connect();
  worker = spawn(process.execPath, [bundle.file, '--worker'], {
    env: { ...process.env, ...env(dataDir()), JOBS: 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // The worker made the queue's tables (and its queues) in the database.
  await until(
    'the worker to start the queue',
    async () => (await db!.query(`select count(*)::int as n from pgboss.queue where name = 'reminders-due'`)).rows[0].n,
    (n) => n === 1,
    90_000,
  );
  api = await startServerProcess(bundle.file, { ...env(dataDir()), JOBS: 'off' });
}, 180_000);
afterAll(async () => {
  worker?.kill('SIGKILL');
  await api?.kill();
  await db?.end();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  bundle?.remove();
});

const health = async () =>
  (await (await fetch(`${api!.base}/health`)).json()) as { jobs: { running_here: boolean; lag_seconds: number | null; waiting: number } };
const readyJob = () =>
  db!.query(`insert into pgboss.job (name, data, start_after) values ('reminders-due', '{}'::jsonb, now() - interval '3 seconds') returning id`);
const stateOf = async (id: string) => (await db!.query(`select state from pgboss.job where id = $1`, [id])).rows[0]?.state as string | undefined;

describe.skipIf(!url)('npm run worker and JOBS=off (issue 27)', () => {
  it('the worker runs the jobs; the JOBS=off API process only serves, and its health shows the lag', async () => {
    expect((await health()).jobs.running_here).toBe(false);
    const first = (await readyJob()).rows[0].id as string;
    await until(
      'the worker to run the job',
      () => stateOf(first),
      (s) => s === 'completed',
      30_000,
    );

    // Without the worker nobody takes jobs: the API's health shows one waiting, and its wait growing.
    const exited = new Promise((r) => worker!.once('exit', r));
    worker!.kill('SIGKILL');
    await exited;
    const second = (await readyJob()).rows[0].id as string;
    await sleep(6_000);
    expect(await stateOf(second)).toBe('created');
    const h = await until('health to show the waiting job', health, (v) => v.jobs.waiting >= 1, 15_000);
    expect(h.jobs.lag_seconds).toBeGreaterThanOrEqual(6);
  }, 120_000);
});
