import { and, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { contacts, invoices, users } from './schema';
import { buildSql, renderStatementsLean } from './sql-text';

const dialect = new PgDialect();
/** Drizzle's own rendering (a dialect left as it is). */
const drizzleText = (q: SQL) => dialect.sqlToQuery(q);
const config = () => ({
  casing: (dialect as unknown as { casing: unknown }).casing,
  escapeName: dialect.escapeName,
  escapeParam: dialect.escapeParam,
  escapeString: dialect.escapeString,
  prepareTyping: (dialect as unknown as { prepareTyping: unknown }).prepareTyping,
});
const lean = (q: SQL) => buildSql(q, config());

/** A database whose builder queries are only rendered, never run (no connection is made). */
const offline = drizzle.mock({ schema: { contacts, invoices, users } });
const built = (q: { getSQL(): SQL }) => q.getSQL();

const userId = '00000000-0000-4000-8000-000000000001';
const when = new Date('2026-11-27T10:00:00.000Z');

/** Issue 27: statements are rendered without Drizzle's per-piece garbage, and must read exactly as Drizzle writes them. */
describe('buildSql', () => {
  const cases: Array<[string, () => SQL]> = [
    ['text and plain parameters', () => sql`select ${1}, ${'a'}, ${null}, ${true}, ${10n} from ${users} where ${users.id} = ${userId}`],
    ['nested statements and joins', () => sql`with ${sql.join([sql`a as (select ${1})`, sql`b as (select ${2})`], sql`, `)} select * from a, b`],
    ['empty and conditional pieces', () => sql`select 1${sql.empty()}${undefined}${sql` where ${eq(users.id, userId)}`.if(false)}`],
    ['an identifier, a raw text and a list', () => sql`select ${sql.identifier('x"y')}, ${sql.raw('now()')} where id in ${[1, 2, 3]}`],
    ['inlined parameters', () => sql`select ${"o'k"}, ${5}, ${sql`${'inner'}`}`.inlineParams()],
    ['a partly inlined statement', () => sql`select ${1}, ${sql`${'x'}, ${{ a: 1 }}`.inlineParams()}, ${2}`],
    ['a raw Date and an object value', () => sql`select ${when}, ${JSON.stringify({ a: [1] })}::jsonb, ${[{ a: 1 }]}`],
    ['a placeholder', () => sql`select * from ${contacts} where ${contacts.userId} = ${sql.placeholder('user')}`],
    ['column encoders (timestamps, json)', () => built(offline.update(contacts).set({ updatedAt: when, name: 'N' }).where(eq(contacts.id, userId)))],
    [
      'a select with conditions, order and limit',
      () =>
        built(
          offline
            .select({ id: contacts.id, n: sql<number>`count(*)`.as('n') })
            .from(contacts)
            .where(and(eq(contacts.userId, userId), isNull(contacts.deletedAt), gt(contacts.version, 3), inArray(contacts.id, [userId])))
            .orderBy(desc(contacts.version))
            .limit(5),
        ),
    ],
    [
      'an insert with conflict and returning',
      () =>
        built(
          offline
            .insert(users)
            .values({ id: userId, email: 'a@b.c', name: 'A' } as never)
            .onConflictDoNothing()
            .returning({ id: users.id }),
        ),
    ],
    ['a subquery', () => built(offline.select().from(offline.select({ id: invoices.id }).from(invoices).where(eq(invoices.userId, userId)).as('sq')))],
  ];
  for (const [name, make] of cases) {
    it(`renders ${name} as Drizzle does`, () => {
      expect(lean(make())).toStrictEqual(drizzleText(make()));
    });
  }

  it('numbers parameters on across pieces Drizzle renders itself (a column between parameters)', () => {
    const q = sql`select ${1} from ${contacts} where ${contacts.id} = ${userId} and ${sql`${contacts.version} > ${2}`}`;
    const out = lean(q);
    expect(out.sql).toBe('select $1 from "contacts" where "contacts"."id" = $2 and "contacts"."version" > $3');
    expect(out).toStrictEqual(drizzleText(q));
  });

  it('a dialect made lean renders as before, and with the check on refuses a difference', () => {
    const own = new PgDialect();
    renderStatementsLean(own, true);
    const q = sql`select ${1} from ${users} where ${users.id} = ${userId}`;
    expect(own.sqlToQuery(q)).toStrictEqual(drizzleText(q));
    // A piece this renderer would read differently from Drizzle (a parameter whose encoder answers a new value on each
    // call) is caught by the check.
    let n = 0;
    const flaky = sql`select ${sql.param('x', { mapToDriverValue: () => ++n })}`;
    expect(() => own.sqlToQuery(flaky)).toThrow(/rendered differently/);
  });
});
