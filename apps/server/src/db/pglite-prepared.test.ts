import { existsSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareRepeatedStatements, REPLAN_AFTER } from './pglite-prepared';
import { SEEN_BEFORE_NAMING } from './prepared';

interface Prepared {
  name: string;
  statement: string;
  generic_plans: number;
  custom_plans: number;
}

const replanAfter = 12;

describe('PGlite named statements', () => {
  let client: PGlite;
  const named = async () => (await client.query<Prepared>('select * from pg_prepared_statements order by name')).rows;

  beforeAll(async () => {
    const template = process.env.DUKA_PGLITE_TEMPLATE;
    client = new PGlite(template && existsSync(template) ? { loadDataDir: new Blob([readFileSync(template)]) } : {});
    await client.waitReady;
    await client.exec('create table t (id int primary key, name text not null, data jsonb, at timestamptz, ok boolean)');
    prepareRepeatedStatements(client, { replanAfter });
  });
  afterAll(() => client.close());

  it('answers a statement run often as PGlite answers it unnamed, and names it once', async () => {
    const insert = 'insert into t (id, name, data, at, ok) values ($1, $2, $3, $4, $5)';
    const results = [];
    for (let i = 0; i < SEEN_BEFORE_NAMING + 2; i++)
      results.push(await client.query(insert, [i, `n${i}`, { i, list: [1, 'a'] }, new Date(Date.UTC(2026, 10, 27, 5, i)), i % 2 === 0]));
    for (const r of results) expect(r).toEqual(results[0]);
    expect(results[0].affectedRows).toBe(1);

    const select = 'select id, name, data, at, ok, null::text as nothing from t where id >= $1 order by id';
    const rows = [];
    for (let i = 0; i < SEEN_BEFORE_NAMING + 2; i++) rows.push(await client.query(select, [1]));
    for (const r of rows) expect(r).toEqual(rows[0]);
    expect(rows[0].rows[0]).toEqual({
      id: 1,
      name: 'n1',
      data: { i: 1, list: [1, 'a'] },
      at: new Date(Date.UTC(2026, 10, 27, 5, 1)),
      ok: false,
      nothing: null,
    });
    expect(rows[0].fields.map((f) => f.name)).toEqual(['id', 'name', 'data', 'at', 'ok', 'nothing']);

    // Drizzle's way: rows as arrays, with its own parsers.
    const asArrays = [];
    for (let i = 0; i < SEEN_BEFORE_NAMING + 2; i++)
      asArrays.push(await client.query(select, [3], { rowMode: 'array', parsers: { 1184: (v: string) => `at ${v}` } }));
    for (const r of asArrays) expect(r).toEqual(asArrays[0]);
    expect(asArrays[0].rows[0]).toEqual([3, 'n3', { i: 3, list: [1, 'a'] }, 'at 2026-11-27 05:03:00+00', false, null]);

    const statements = (await named()).map((s) => s.statement);
    expect(statements).toContain(insert);
    expect(statements).toContain(select);
    expect(statements.filter((s) => s === select)).toHaveLength(1);
  });

  it('fails a named statement with the database error PGlite gives, and runs it again after', async () => {
    const insert = 'insert into t (id, name) values ($1, $2)';
    for (let i = 0; i < SEEN_BEFORE_NAMING; i++) await client.query(insert, [100 + i, 'x']);
    expect((await named()).map((s) => s.statement)).toContain(insert);
    const err = await client.query(insert, [100, 'again']).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', query: insert, params: [100, 'again'] });
    await expect(client.query(insert, [200, 'y'])).resolves.toMatchObject({ affectedRows: 1 });
  });

  it('names the statements of a transaction too; a rollback undoes their writes and keeps the statement', async () => {
    const update = 'update t set name = $2 where id = $1 returning id, name';
    for (let i = 0; i < SEEN_BEFORE_NAMING + 1; i++) {
      const committed = await client.transaction(async (tx) => (await tx.query(update, [1, `c${i}`])).rows);
      expect(committed).toEqual([{ id: 1, name: `c${i}` }]);
    }
    expect((await named()).map((s) => s.statement)).toContain(update);
    await expect(
      client.transaction(async (tx) => {
        expect((await tx.query(update, [1, 'rolled back'])).rows).toEqual([{ id: 1, name: 'rolled back' }]);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect((await client.query('select name from t where id = 1')).rows).toEqual([{ name: `c${SEEN_BEFORE_NAMING}` }]);
    await client.transaction(async (tx) => {
      await tx.query(update, [1, 'after']);
      await tx.rollback();
    });
    expect((await client.query(update, [1, 'last'])).rows).toEqual([{ id: 1, name: 'last' }]);
  });

  it('keeps a generic plan, and plans a statement afresh every replanAfter runs (no autovacuum invalidates it)', async () => {
    expect(REPLAN_AFTER).toBeGreaterThanOrEqual(1_000);
    const select = 'select name from t where id = $1';
    const plans = async () => (await named()).filter((s) => s.statement === select);
    for (let i = 0; i < SEEN_BEFORE_NAMING - 1 + replanAfter; i++) await client.query(select, [1]);
    const [first] = await plans();
    expect(first.custom_plans + first.generic_plans).toBe(replanAfter);
    expect(first.generic_plans).toBeGreaterThan(0);
    await client.query(select, [1]);
    const again = await plans();
    expect(again).toHaveLength(1);
    expect(again[0].custom_plans + again[0].generic_plans).toBe(1);
    expect(again[0].name).toBe(first.name);
  });
});
