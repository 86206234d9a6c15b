import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pgTable, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { permalinkHolders } from '../contacts';
import { numberHolders, publicIdLookup, seriesMaxSql } from '../invoices';
import { eachId, eachSeek, selectJson } from './bulk';

/**
 * Issue 27: a push reads the applied mutation ids, clients and invoice numbers it names. Written as
 * `user_id = $1 and key = any(…)`, the generic plan of a named statement on PostgreSQL (and PGlite, which has no
 * statistics) read every row of the user through the (user_id, …) index and filtered the keys: the push's read grew
 * with the account's history. eachSeek makes it one index seek per key, whatever the plan cache decides.
 */
const { app, ctx } = await openTestApp();
const ROWS = 3_000;

type Plan = { 'Node Type'?: string; 'Relation Name'?: string; 'Index Cond'?: string; Filter?: string; Plans?: Plan[] };
const nodes = (p: Plan): Plan[] => [p, ...(p.Plans ?? []).flatMap(nodes)];

/** The plan PostgreSQL keeps for a named statement (generic), with `schema`'s tables found first when given. */
async function genericPlan(query: ReturnType<typeof sql>, schema?: string): Promise<Plan[]> {
  return ctx.db.transaction(async (tx) => {
    if (schema) await tx.execute(sql.raw(`set local search_path = ${schema}, public`));
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    const res = (await tx.execute(sql`explain (format json) ${query}`)) as unknown as { rows: Array<Record<string, unknown>> };
    const cell = Object.values(res.rows[0] ?? {})[0];
    const json = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: Plan }>;
    return nodes(json[0].Plan);
  });
}

describe('eachSeek: rows by key among many rows of one user', () => {
  it('finds the applied mutation ids and clients asked (each once, never another user’s) by one index seek per key', async () => {
    const user = await signUp(app);
    const other = await signUp(app);
    await ctx.db.execute(sql`insert into sync_mutations (user_id, mutation_id, version)
      select ${user.userId}::uuid, gen_random_uuid(), g from generate_series(1, ${ROWS}) g`);
    await ctx.db.execute(sql`insert into contacts (id, user_id, version, name, permalink)
      select gen_random_uuid(), ${user.userId}::uuid, g, 'Client ' || g, 'client-' || g from generate_series(1, ${ROWS}) g`);
    const theirs = randomUUID();
    await ctx.db.execute(sql`insert into sync_mutations (user_id, mutation_id, version)
      values (${other.userId}::uuid, ${theirs}::uuid, 7)`);
    const picked = (await ctx.db.execute(
      sql`select mutation_id from sync_mutations where user_id = ${user.userId}::uuid order by random() limit 5`,
    )) as unknown as { rows: Array<{ mutation_id: string }> };
    const want = picked.rows.map((r) => String(r.mutation_id));
    const unknown = randomUUID();

    const applied = (ids: string[]) =>
      eachSeek(ids, 'mutation_id', sql`select mutation_id, version from sync_mutations where user_id = ${user.userId}`, 'uuid');
    const rows = await selectJson(ctx.db, applied([...want, want[0], unknown, theirs]));
    expect(rows.map((r) => String(r.mutation_id)).sort()).toEqual([...want].sort());

    const clientsOf = (permalinks: string[]) => eachSeek(permalinks, 'permalink', sql`select id, permalink from contacts where user_id = ${user.userId}`);
    const clients = await selectJson(ctx.db, clientsOf(['client-7', 'client-2999', 'client-7', 'nobody', 'client-2999a']));
    expect(clients.map((r) => r.permalink).sort()).toEqual(['client-2999', 'client-7']);

    // The plan PostgreSQL keeps for a named statement (generic): each table is read by an index condition on the key.
    for (const [query, table, key] of [
      [applied(want), 'sync_mutations', 'mutation_id'],
      [clientsOf(['client-7']), 'contacts', 'permalink'],
    ] as const) {
      const reads = (await genericPlan(query)).filter((n) => n['Relation Name'] === table);
      expect(reads.length).toBe(1);
      expect(reads[0]['Node Type']).toMatch(/Index/);
      expect(reads[0]['Index Cond'] ?? '').toContain(key);
      expect(reads[0].Filter ?? '').not.toContain(key);
    }
  }, 120_000);
});

/** A table made by the test, small and never analyzed (as every table of a new database, and PGlite's always). */
const probeTable = pgTable('each_id_probe', { id: uuid('id').primaryKey(), userId: uuid('user_id').notNull() });

describe('eachId: rows by primary key, the owner checked outside the probe', () => {
  it('reads by the primary key even when a small table makes every index look equally cheap', async () => {
    await ctx.db.execute(sql`drop table if exists each_id_probe`);
    // A new, small, never analyzed copy of the clients' table with its indexes: PostgreSQL then finds the probe by id as
    // cheap through a (user_id, …) index as through the primary key, and the old form (user_id = $1 inside) took one.
    await ctx.db.execute(sql`create table each_id_probe (like contacts including all)`);
    const [mine, gone, theirs] = [randomUUID(), randomUUID(), randomUUID()];
    const [me, other] = [randomUUID(), randomUUID()];
    await ctx.db.execute(sql`insert into each_id_probe (id, user_id, version, name, permalink, deleted_at)
      values (${mine}, ${me}, 1, 'A', 'a', null), (${gone}, ${me}, 2, 'B', 'b', now()), (${theirs}, ${other}, 3, 'C', 'c', null)`);
    try {
      const ids = [mine, gone, theirs, mine, randomUUID()];
      const ofMe = await selectJson(ctx.db, eachId(probeTable, ids, me));
      expect(ofMe.map((r) => String(r.id)).sort()).toEqual([mine, gone].sort());
      expect((await selectJson(ctx.db, eachId(probeTable, ids, me, { live: true }))).map((r) => String(r.id))).toEqual([mine]);
      expect((await selectJson(ctx.db, eachId(probeTable, ids, me, { columns: ['id'] })))[0]).toEqual({ id: mine });
      expect((await selectJson(ctx.db, eachId(probeTable, ids))).map((r) => String(r.id)).sort()).toEqual([mine, gone, theirs].sort());

      const reads = (await genericPlan(eachId(probeTable, ids, me, { live: true }))).filter((n) => n['Relation Name'] === 'each_id_probe');
      expect(reads.length).toBe(1);
      expect(reads[0]['Node Type']).toMatch(/Index/);
      expect(reads[0]['Index Cond'] ?? '').toContain('id >=');
      expect(reads[0]['Index Cond'] ?? '').not.toContain('user_id');
    } finally {
      await ctx.db.execute(sql`drop table if exists each_id_probe`);
    }
  });
});

describe('the lookups by two columns a push makes: plan-proof while the tables are small and never analysed', () => {
  it('seeks clients by permalink, invoices by number and by public id through their unique index in a generic plan', async () => {
    // New, small, never analysed copies of the clients' and invoices' tables with their indexes, found first by name
    // (search_path): a new database's first minutes, and PGlite always. There every (user_id, …) index looks as cheap
    // as the unique one, and the old forms' generic plans filtered every row of the user (or hashed every invoice).
    await ctx.db.execute(sql`drop schema if exists small_probe cascade`);
    await ctx.db.execute(sql`create schema small_probe`);
    await ctx.db.execute(sql`create table small_probe.contacts (like public.contacts including all)`);
    await ctx.db.execute(sql`create table small_probe.invoices (like public.invoices including all)`);
    const me = randomUUID();
    try {
      const plan = (query: ReturnType<typeof sql>) => genericPlan(query, 'small_probe');
      const cases = [
        [permalinkHolders(me, ['client-1', 'client-2']), 'contacts', 'permalink'],
        [numberHolders(me, JSON.stringify([{ kind: 'invoice', number: 'INV-0007' }])), 'invoices', 'number'],
        [publicIdLookup(['abc', 'def']), 'invoices', 'public_id'],
      ] as const;
      for (const [query, table, key] of cases) {
        const reads = (await plan(query)).filter((n) => n['Relation Name'] === table);
        expect(reads.length).toBe(1);
        expect(reads[0]['Node Type']).toMatch(/Index/);
        expect(reads[0]['Index Cond'] ?? '').toContain(key);
        expect(reads[0].Filter ?? '').not.toContain(key);
      }
      // Same answers: the key itself, never the next one in order.
      await ctx.db.execute(sql`insert into small_probe.contacts (id, user_id, version, name, permalink)
        values (gen_random_uuid(), ${me}, 1, 'A', 'client-1'), (gen_random_uuid(), ${me}, 2, 'B', 'client-20')`);
      const found = await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local search_path = small_probe, public`);
        return selectJson(tx, permalinkHolders(me, ['client-1', 'client-2', 'client-1']));
      });
      expect(found.map((r) => r.permalink)).toEqual(['client-1']);
    } finally {
      await ctx.db.execute(sql`drop schema if exists small_probe cascade`);
    }
  });
});

describe('the push’s lookups after an ANALYZE of small tables (an autovacuum in a new database’s first minute)', () => {
  it('stay index seeks in a generic plan, where an equality probe became a sequential scan of the whole table', async () => {
    // Statistics of a table of a few pages make a sequential scan the cheapest way to find one row by an equality, and
    // a named statement's generic plan made then kept it while the table grew (issue 27: a push's read took 68 ms on
    // average in one bench run, up to 1 s). A seek must sort what a sequential scan reads: the index stays cheaper.
    await ctx.db.execute(sql`drop schema if exists analysed_probe cascade`);
    await ctx.db.execute(sql`create schema analysed_probe`);
    for (const t of ['contacts', 'invoices', 'sync_mutations'])
      await ctx.db.execute(sql.raw(`create table analysed_probe.${t} (like public.${t} including all)`));
    const me = randomUUID();
    await ctx.db.execute(sql`insert into analysed_probe.contacts (id, user_id, version, name, permalink)
      select gen_random_uuid(), ${me}::uuid, g, 'Client ' || g, 'client-' || g from generate_series(1, 40) g`);
    await ctx.db.execute(sql`insert into analysed_probe.sync_mutations (user_id, mutation_id, version)
      select ${me}::uuid, gen_random_uuid(), g from generate_series(1, 40) g`);
    await ctx.db.execute(sql`insert into analysed_probe.invoices (id, user_id, version, kind, number, contact_id, issue_date, currency, public_id)
      select gen_random_uuid(), ${me}::uuid, g, 'invoice', 'INV-' || g, gen_random_uuid(), '2026-11-01', 'NGN', 'public-id-of-invoice-number-' || g
      from generate_series(1, 40) g`);
    await ctx.db.execute(sql`analyze analysed_probe.contacts, analysed_probe.invoices, analysed_probe.sync_mutations`);
    try {
      const plan = (query: ReturnType<typeof sql>) => genericPlan(query, 'analysed_probe');
      const probeTable = pgTable('contacts', { id: uuid('id').primaryKey(), userId: uuid('user_id').notNull() });
      const cases = [
        [eachId(probeTable, [randomUUID(), randomUUID()], me, { live: true }), 'contacts', 'id'],
        [
          eachSeek([randomUUID()], 'mutation_id', sql`select mutation_id, version from sync_mutations where user_id = ${me}`, 'uuid'),
          'sync_mutations',
          'mutation_id',
        ],
        [publicIdLookup(['abc', 'def']), 'invoices', 'public_id'],
        [permalinkHolders(me, ['client-1', 'client-2']), 'contacts', 'permalink'],
        [seriesMaxSql(me, 'invoice', 'INV-'), 'invoices', 'regexp_replace'],
      ] as const;
      for (const [query, table, key] of cases) {
        const reads = (await plan(query)).filter((n) => n['Relation Name'] === table);
        expect(reads.length, `${table}.${key}`).toBe(1);
        expect(reads[0]['Node Type'], `${table}.${key}`).toMatch(/Index/);
        expect(reads[0]['Index Cond'] ?? '', `${table}.${key}`).toContain(key);
      }
    } finally {
      await ctx.db.execute(sql`drop schema if exists analysed_probe cascade`);
    }
  });
});
