import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts } from '../../db/schema';
import { openTestApp, signUp } from '../../test/harness';
import { inIds, selectRows } from './bulk';
import { client, upsert } from './test-utils';

/**
 * Issue 22: a CSV import of 100,000 clients slowed from ~150 ms a batch to 10–15 s after ~20,000 rows on PGlite.
 * PGlite has no autovacuum, so its tables never get statistics; reading "the user's rows with these 500 ids" as
 * `user_id = $1 and id in (select … from json)` made its planner walk every row of the user and unpack the JSON
 * again for each (45–52 s per push answer at 16,000 clients). inIds now hands the ids over as one array.
 */
const { app, ctx } = await openTestApp();
const ROWS = 20_000;

describe('reading a batch of ids among many rows of one user (PGlite, no statistics)', () => {
  it('finds 500 of 20,000 clients through the key, in well under a second of work', async () => {
    const user = await signUp(app);
    await ctx.db.execute(sql`insert into contacts (id, user_id, version, name, permalink)
      select gen_random_uuid(), ${user.userId}::uuid, g, 'Client ' || g, 'client-' || g from generate_series(1, ${ROWS}) g`);
    const ids = (await ctx.db.execute(sql`select id from contacts where user_id = ${user.userId}::uuid order by random() limit 500`)) as unknown as {
      rows: Array<{ id: string }>;
    };
    const want = ids.rows.map((r) => String(r.id));
    const where = sql`${contacts.userId} = ${user.userId} and ${inIds(contacts.id, want)} and ${contacts.deletedAt} is null`;

    const plan = (await ctx.db.execute(sql`explain (format json) select * from ${contacts} where ${where}`)) as unknown as {
      rows: Array<Record<string, unknown>>;
    };
    const text = JSON.stringify(plan.rows);
    // The JSON is unpacked once (an InitPlan), and the clients are found by their key, not by reading the user's rows.
    expect(text).toContain('InitPlan');
    expect(text).toContain('contacts_pkey');
    expect(text).not.toContain('Nested Loop');

    const t0 = performance.now();
    const rows = await selectRows(ctx.db, contacts, where);
    const ms = performance.now() - t0;
    expect(rows.map((r) => r.id).sort()).toEqual([...want].sort());
    // Before: tens of seconds on this table. Generous for a loaded 2-core machine.
    expect(ms).toBeLessThan(5_000);
  }, 120_000);

  it('a full push (499 new clients and one of another user) next to 20,000 answers every record, and another user’s ids are never read', async () => {
    const user = await signUp(app);
    await ctx.db.execute(sql`insert into contacts (id, user_id, version, name, permalink)
      select gen_random_uuid(), ${user.userId}::uuid, g, 'Client ' || g, 'client-' || g from generate_series(1, ${ROWS}) g`);
    const other = await signUp(app);
    const theirs = randomUUID();
    expect((await client(app, other).push([upsert('contacts', theirs, { name: 'Not yours' })])).status).toBe(200);

    const api = client(app, user);
    const ids = Array.from({ length: 499 }, () => randomUUID());
    const t0 = performance.now();
    const res = await api.push([...ids.map((id, i) => upsert('contacts', id, { name: `Imported ${i}` })), upsert('contacts', theirs, { name: 'Mine now' })]);
    const ms = performance.now() - t0;
    expect(res.status).toBe(200);
    const results = res.body.results as Array<{ status: string; record?: { id: string; name: string } }>;
    expect(results.slice(0, 499).every((r, i) => r.status === 'applied' && r.record?.id === ids[i] && r.record.name === `Imported ${i}`)).toBe(true);
    expect(results[499]).toMatchObject({ status: 'rejected' });
    expect((await client(app, other).get(`/contacts/${theirs}`)).body.name).toBe('Not yours');
    expect(ms).toBeLessThan(20_000);
  }, 120_000);
});
