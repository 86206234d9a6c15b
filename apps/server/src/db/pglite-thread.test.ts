import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from './connect';

/**
 * The embedded PGlite on its own thread (issue 27, pglite-thread.ts): PostgreSQL's work no longer holds the server's
 * thread, and what the server relies on still holds across the threads — types, PostgreSQL's error fields, transactions
 * with savepoints and rollback, notifications seen before the writing call resolves, transactions that await
 * something else meanwhile. The same checks against DATABASE_THREAD=off (the server's own thread) show the
 * difference in the first test only.
 */
async function ticksDuring(database: Database, statement: string): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  await database.execute(statement);
  clearInterval(timer);
  return ticks;
}

describe.each([
  ['its own thread', true],
  ['the server thread', false],
] as const)('embedded PGlite on %s', (_where, thread) => {
  let database: Database;
  beforeAll(async () => {
    database = await connect({ databaseUrl: 'memory://', dataDir: '/tmp', migrate: false, thread });
    await database.execute('create table t (id int primary key, v text not null, at timestamptz, data bytea, n int8)');
  });
  afterAll(() => database.close());

  it(thread ? 'serves timers while PostgreSQL works' : 'holds the thread while PostgreSQL works', async () => {
    const ticks = await ticksDuring(database, 'select pg_sleep(0.4)');
    if (thread) expect(ticks).toBeGreaterThan(10);
    else expect(ticks).toBeLessThanOrEqual(1);
  });

  it('answers the same types and keeps PostgreSQL error fields', async () => {
    const at = new Date(Date.UTC(2026, 10, 27, 21, 30));
    await database.execute('insert into t values ($1, $2, $3, $4, $5)', [1, 'a', at, new Uint8Array([0, 255]), 9_007_199_254_740_000n]);
    const { rows } = await database.execute('select v, at, data, n from t where id = $1', [1]);
    expect(rows[0]).toEqual({ v: 'a', at, data: new Uint8Array([0, 255]), n: 9_007_199_254_740_000 });
    // Drizzle's date parsers (text) cross too.
    const [row] = ((await database.db.execute(sql`select at from t where id = 1`)) as unknown as { rows: { at: unknown }[] }).rows;
    expect(row.at).toBe('2026-11-27 21:30:00+00');
    const err = await database.execute('insert into t (id, v) values ($1, $2)', [1, 'b']).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', constraint: 't_pkey', detail: 'Key (id)=(1) already exists.', table: 't' });
  });

  it('runs transactions with savepoints, commits, and rolls back on a throw', async () => {
    const inside = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id, v) values (2, 'b')`);
      const clash = await tx
        .transaction(async (sp) => {
          await sp.execute(sql`insert into t (id, v) values (3, 'c')`);
          await sp.execute(sql`insert into t (id, v) values (1, 'again')`);
        })
        .catch((e: { cause?: { code?: string } }) => e.cause?.code);
      const { rows } = (await tx.execute(sql`select count(*)::int as n from t`)) as unknown as { rows: unknown[] };
      return { clash, rows };
    });
    expect(inside).toEqual({ clash: '23505', rows: [{ n: 2 }] });
    const thrown = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into t (id, v) values (4, 'd')`);
        throw new Error('undo');
      })
      .catch((e: Error) => e.message);
    expect(thrown).toBe('undo');
    expect((await database.execute('select id from t order by id')).rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('tells a notification before the writing transaction resolves', async () => {
    await database.execute(`create or replace function t_changed() returns trigger language plpgsql as $$
      begin perform pg_notify('t_changed', new.id::text); return null; end $$;
      create or replace trigger t_changed after update on t for each row execute function t_changed()`);
    const heard: string[] = [];
    const client = (database.db as unknown as { $client: { listen(c: string, f: (p: string) => void): Promise<unknown> } }).$client;
    await client.listen('t_changed', (id) => heard.push(id));
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update t set v = 'z' where id = 2`);
    });
    expect(heard).toEqual(['2']);
    await database.execute('update t set v = $1 where id = $2', ['y', 1]);
    expect(heard).toEqual(['2', '1']);
  });

  it('lets a transaction await something else while others wait their turn', async () => {
    const order: string[] = [];
    const slow = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id, v) values (10, 'slow')`);
      await new Promise((r) => setTimeout(r, 50));
      order.push('slow');
      await tx.execute(sql`update t set v = 'slow!' where id = 10`);
    });
    const quick = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id, v) values (11, 'quick')`);
      order.push('quick');
    });
    await Promise.all([slow, quick]);
    expect(order).toEqual(['slow', 'quick']);
    const { rows } = await database.execute('select v from t where id >= $1 order by id', [10]);
    expect(rows).toEqual([{ v: 'slow!' }, { v: 'quick' }]);
  });
});
