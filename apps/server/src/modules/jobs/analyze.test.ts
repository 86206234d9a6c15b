import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { jobsOf } from './queue';
import { ANALYZE_JOB, analyzeStale } from './analyze';

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

describe('planner statistics on PGlite (issue 22)', () => {
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
      // Bounded: with nothing changed since, the next run analyzes nothing of it.
      expect((await analyzeStale(ctx.database)).map((a) => a.table)).not.toContain('public.contacts');
    },
    120_000,
  );

  it.skipIf(!pglite)(
    'the periodic job analyzes a table that changed by more than 50 + 10% of its rows',
    async () => {
      const user = await signUp(app, { country: 'Kenya' });
      const mutations = Array.from({ length: 300 }, (_, i) => ({
        mutation_id: randomUUID(),
        collection: 'contacts',
        op: 'upsert',
        id: randomUUID(),
        data: { name: `Shop ${i}` },
      }));
      const before = (await statsOf('contacts')).estimate;
      // Straight into the table through the sync engine's path, then the job (as its 5-minute tick would).
      expect((await app.inject({ method: 'POST', url: '/api/sync/push', headers: user.auth, payload: { mutations } })).statusCode).toBe(200);
      await jobsOf(ctx).runNow(ANALYZE_JOB);
      await expect.poll(async () => (await statsOf('contacts')).estimate, { timeout: 60_000, interval: 200 }).toBeGreaterThan(before);
    },
    120_000,
  );

  it.skipIf(pglite)('PostgreSQL: nothing is done (autovacuum keeps its statistics)', async () => {
    expect(await analyzeStale(ctx.database)).toEqual([]);
  });
});
