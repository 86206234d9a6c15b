import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from '../../db/connect';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { jobsOf } from './queue';
import { AFTER_WRITES_STATISTICS_TARGET, ANALYZE_JOB, analyzeAfterWrites, analyzeStale } from './analyze';

/**
 * Issue 22: PGlite has no autovacuum, so without this its tables never get planner statistics. After a bulk import
 * the app analyzes what changed (autovacuum's rule), without being asked; PostgreSQL is left to its autovacuum.
 */
const { app, ctx } = await openTestApp();
const pglite = ctx.database.kind === 'pglite';

/** pg_stats rows and the planner's row estimate of a table. */
async function statsOf(table: string) {
  const { rows } = await ctx.database.execute(
    `select (select count(*) from pg_stats where schemaname = 'public' and tablename = $1)::int as columns,
            (select reltuples from pg_class where oid = ('public.' || $1)::regclass)::float8 as estimate`,
    [table],
  );
  return { columns: Number(rows[0]!.columns), estimate: Number(rows[0]!.estimate) };
}

/** How many histogram bounds ANALYZE kept for a column: at most the statistics target it ran with, + 1. */
async function histogramBounds(table: string, column: string) {
  const { rows } = await ctx.database.execute(
    `select coalesce(array_length(histogram_bounds::text::text[], 1), 0)::int as n from pg_stats
      where schemaname = 'public' and tablename = $1 and attname = $2`,
    [table, column],
  );
  return Number(rows[0]!.n);
}

/** A table's counters as autovacuum reads them (published now: PGlite publishes them lazily). */
async function countersOf(table: string) {
  await ctx.database.execute('select pg_stat_force_next_flush()');
  await ctx.database.execute('select 1');
  const { rows } = await ctx.database.execute(
    `select n_live_tup, n_dead_tup, n_mod_since_analyze, coalesce(extract(epoch from last_analyze), 0)::float8 as analyzed,
            coalesce(extract(epoch from last_vacuum), 0)::float8 as vacuumed
       from pg_stat_user_tables where schemaname = 'public' and relname = $1`,
    [table],
  );
  const r = rows[0]!;
  return {
    live: Number(r.n_live_tup),
    dead: Number(r.n_dead_tup),
    changed: Number(r.n_mod_since_analyze),
    analyzed: Number(r.analyzed),
    vacuumed: Number(r.vacuumed),
  };
}

describe('planner statistics and dead rows on PGlite (issue 22)', () => {
  // First in this file, before any sync push: nothing else (the after-writes analyze runs only after a push) can do
  // the job's work here, so this fails if the job does nothing.
  it.skipIf(!pglite)('the periodic job itself analyzes a table changed behind the after-writes path (more than 50 + 10% of its rows)', async () => {
    const user = await signUp(app, { country: 'Kenya' });
    // Written straight into the table (as a script or a data migration would): no push, so no after-writes analyze.
    await ctx.database.execute(
      `insert into contacts (id, user_id, version, name, permalink)
       select gen_random_uuid(), $1::uuid, g, 'Shop ' || g, md5(random()::text) from generate_series(1, 400) g`,
      [user.userId],
    );
    const before = await countersOf('contacts');
    expect(before.changed).toBeGreaterThan(50 + 0.1 * before.live);
    await jobsOf(ctx).runNow(ANALYZE_JOB);
    const after = await countersOf('contacts');
    expect(after.changed).toBe(0);
    expect(after.analyzed).toBeGreaterThan(before.analyzed);
    expect((await statsOf('contacts')).estimate).toBeGreaterThanOrEqual(400);
    // At PostgreSQL's default statistics target (100): 400 different names give a histogram of 101 bounds.
    expect(await histogramBounds('contacts', 'name')).toBeGreaterThan(AFTER_WRITES_STATISTICS_TARGET + 1);
  });

  it.skipIf(!pglite)(
    'the periodic job reclaims the dead rows updates leave (VACUUM past 50 + 20% of the rows), the after-writes path does not',
    async () => {
      const user = await signUp(app, { country: 'Kenya' });
      const ids = Array.from({ length: 300 }, () => randomUUID());
      const push = async (label: string) => {
        const mutations = ids.map((id, i) => ({ mutation_id: randomUUID(), collection: 'contacts', op: 'upsert', id, data: { name: `${label} ${i}` } }));
        const res = await app.inject({ method: 'POST', url: '/api/sync/push', headers: user.auth, payload: { mutations } });
        expect(res.statusCode).toBe(200);
        expect(res.json().results.every((r: { status: string }) => r.status === 'applied')).toBe(true);
      };
      await push('Shop');
      // Every client renamed twice through the app: each update leaves the old row version dead.
      await push('Shop renamed');
      await push('Shop renamed again');
      const before = await countersOf('contacts');
      expect(before.dead).toBeGreaterThanOrEqual(600);
      expect(before.dead).toBeGreaterThan(50 + 0.2 * before.live);
      // The after-writes analyze (at most every 10 s) leaves dead rows alone.
      expect((await analyzeStale(ctx.database)).every((a) => a.action === 'analyze')).toBe(true);
      expect((await countersOf('contacts')).dead).toBeGreaterThanOrEqual(600);

      await jobsOf(ctx).runNow(ANALYZE_JOB);
      const after = await countersOf('contacts');
      expect(after.vacuumed).toBeGreaterThan(before.vacuumed);
      expect(after.dead).toBeLessThan(50);
      // The clients are all there, as last written.
      const names = await ctx.database.execute(`select count(*)::int as n from contacts where user_id = $1 and name like 'Shop renamed again %'`, [
        user.userId,
      ]);
      expect(Number(names.rows[0]!.n)).toBe(300);
    },
    120_000,
  );

  it.skipIf(!pglite)(
    'exist after a bulk import of 2,000 clients, made by the app itself; nothing is analyzed again when nothing changed',
    async () => {
      const user = await signUp(app, { country: 'Kenya' });
      for (let batch = 0; batch < 4; batch++) {
        const mutations = Array.from({ length: 500 }, (_, i) => ({
          mutation_id: randomUUID(),
          collection: 'contacts',
          op: 'upsert',
          id: randomUUID(),
          data: { name: `Client ${batch * 500 + i}` },
        }));
        const res = await app.inject({ method: 'POST', url: '/api/sync/push', headers: user.auth, payload: { mutations } });
        expect(res.statusCode).toBe(200);
        expect(res.json().results.every((r: { status: string }) => r.status === 'applied')).toBe(true);
      }
      // The analyze the import started runs in the background, again once the import's last batches are in (at most
      // every 10 s): wait for statistics that count the whole import.
      await expect.poll(async () => (await statsOf('contacts')).estimate, { timeout: 60_000, interval: 250 }).toBeGreaterThanOrEqual(2_000);
      expect((await statsOf('contacts')).columns).toBeGreaterThan(0);
      // The after-writes run sampled less (issue 27: PGlite's ANALYZE holds the server's thread): its histograms have
      // at most AFTER_WRITES_STATISTICS_TARGET + 1 bounds, and the connection's own setting is back to the default.
      const bounds = await histogramBounds('contacts', 'name');
      expect(bounds).toBeGreaterThan(10);
      expect(bounds).toBeLessThanOrEqual(AFTER_WRITES_STATISTICS_TARGET + 1);
      expect((await ctx.database.execute('show default_statistics_target')).rows[0]).toEqual({ default_statistics_target: '100' });
      // Bounded: with nothing changed since, the next run analyzes nothing of it.
      expect((await analyzeStale(ctx.database)).map((a) => a.table)).not.toContain('public.contacts');
    },
    120_000,
  );

  it.skipIf(!pglite)('an after-writes run waiting for its turn does not start once stopped (the app closing)', async () => {
    // Each run begins by asking PGlite to publish its counters: that statement counts the runs.
    let runs = 0;
    const execute: typeof ctx.database.execute = (text, params) => {
      if (text.startsWith('select pg_stat_force_next_flush()')) runs++;
      return ctx.database.execute(text, params);
    };
    const errors: unknown[] = [];
    const afterWrites = analyzeAfterWrites({ ...ctx, database: { ...ctx.database, execute } }, { info: () => undefined, error: (e) => errors.push(e) }, 100);
    afterWrites();
    await expect.poll(() => runs, { timeout: 5_000, interval: 10 }).toBe(1);
    // A second write while the first run is on or resting: a run is set for later (within 100 ms + 20 × a run's time).
    afterWrites();
    afterWrites.stop();
    afterWrites();
    await new Promise((r) => setTimeout(r, 3_000));
    expect(runs).toBe(1);
    expect(errors).toEqual([]);
  });

  it.skipIf(!pglite)(
    'after a restart the dead rows the last run left are vacuumed once, and new rows once 1,000 + 20% are inserted (index-only scans need it)',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'duka-vacuum-'));
      try {
        let database = await connect({ dataDir: dir });
        await database.execute(`create table big (id int primary key, body text)`);
        await database.execute(`insert into big select g, repeat('x', 200) from generate_series(1, 20000) g`);
        await database.execute(`update big set body = body || 'y'`);
        await database.close();
        // PGlite's counters start again at each open: the 20,000 dead rows are not counted any more.
        database = await connect({ dataDir: dir });
        const counters = async () => {
          await database.execute('select pg_stat_force_next_flush()');
          await database.execute('select 1');
          return (await database.execute(`select n_dead_tup, n_ins_since_vacuum from pg_stat_user_tables where relname = 'big'`)).rows[0]!;
        };
        expect(await counters()).toEqual({ n_dead_tup: 0, n_ins_since_vacuum: 0 });
        const visible = async () =>
          (await database.execute(`select relpages, relallvisible from pg_class where relname = 'big'`)).rows[0] as { relpages: number; relallvisible: number };
        const first = await analyzeStale(database, { vacuum: true });
        expect(first.find((a) => a.table === 'public.big')?.action).toMatch(/^vacuum/);
        const after = await visible();
        expect(after.relpages).toBeGreaterThan(100);
        expect(after.relallvisible).toBe(after.relpages);
        // Once per open: not again while nothing changed.
        expect((await analyzeStale(database, { vacuum: true })).map((a) => a.table)).not.toContain('public.big');
        // New rows: vacuumed once more than 1,000 + 20% of the rows were inserted since (autovacuum's insert rule).
        await database.execute(`insert into big select g, repeat('z', 200) from generate_series(20001, 20500) g`);
        expect((await analyzeStale(database, { vacuum: true })).map((a) => a.table)).not.toContain('public.big');
        await database.execute(`insert into big select g, repeat('z', 200) from generate_series(20501, 28000) g`);
        expect((await analyzeStale(database, { vacuum: true })).find((a) => a.table === 'public.big')?.action).toMatch(/^vacuum/);
        const grown = await visible();
        expect(grown.relallvisible).toBe(grown.relpages);
        await database.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it.skipIf(pglite)('PostgreSQL: nothing is done (autovacuum keeps its statistics)', async () => {
    expect(await analyzeStale(ctx.database, { vacuum: true })).toEqual([]);
  });
});
