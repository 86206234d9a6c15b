import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from './test-utils';

/**
 * Issue 27: invoice search (GET /api/invoices?q=) reads a trigram index on PostgreSQL and on the embedded PGlite
 * (which loads pg_trgm), and answers exactly what the search always answered: every live invoice of the account
 * whose number or notes contain the text, any case, wildcards taken literally, newest issue date first. Checked
 * against a filter over all 20,000 invoices of the account, page after page, with another account's look-alikes.
 */
const { app, ctx } = await openTestApp();
const N = 20_000;

/** `n` copies of the invoice, numbered INV-<g> with notes "Goods <g>" (some with LIKE wildcards), issued over 700 days. */
async function copies(invoiceId: string, n: number): Promise<void> {
  const { rows } = await ctx.database.execute(
    `select column_name from information_schema.columns where table_name = 'invoices' and table_schema = current_schema() order by ordinal_position`,
  );
  const cols = rows.map((r) => String(r.column_name));
  const value = (c: string) =>
    ({
      id: 'gen_random_uuid()',
      public_id: 'md5(random()::text)',
      number: `'INV-' || g`,
      notes: `case when g % 50 = 0 then 'Goods 100% cotton_' || g else 'Goods ' || g end`,
      issue_date: `date '2025-01-01' + (g * 7919 % 700)::int`,
      version: 'version + g',
      deleted_at: `case when g % 97 = 0 then now() end`,
    })[c] ?? `"${c}"`;
  await ctx.database.execute(
    `insert into invoices (${cols.map((c) => `"${c}"`).join(', ')}) select ${cols.map(value).join(', ')} from invoices, generate_series(1, ${n}) g where id = $1`,
    [invoiceId],
  );
}

describe('invoice search by index (issue 27)', () => {
  it('answers the same as a filter over every invoice, through the trigram index', async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    // The owner's 20,000 and another account's 2,000 look-alikes (same numbers and notes), never found by the owner.
    for (const [user, n] of [
      [owner, N],
      [other, N / 10],
    ] as const) {
      const { api, contactId } = await withContact(app, user);
      const inv = (await api.post('/invoices', invoiceBody(contactId, { issue_date: '2025-01-01' }))).body;
      await copies(inv.id, n);
    }
    await ctx.database.execute('analyze invoices');

    // Every live invoice of the owner, as the old search reads them.
    const all = (
      await ctx.database.execute(`select id, number, notes, issue_date::text as issue_date from invoices where user_id = $1 and deleted_at is null`, [
        owner.userId,
      ])
    ).rows as Array<{ id: string; number: string; notes: string; issue_date: string }>;
    const expected = (q: string) =>
      all
        .filter((r) => [r.number, r.notes].some((v) => String(v).toLowerCase().includes(q.toLowerCase())))
        .sort((a, b) => (a.issue_date === b.issue_date ? (a.id < b.id ? 1 : -1) : a.issue_date < b.issue_date ? 1 : -1))
        .map((r) => r.id);
    const search = async (q: string) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/invoices?q=${encodeURIComponent(q)}&limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const res = await app.inject({ method: 'GET', url, headers: owner.auth });
        expect(res.statusCode).toBe(200);
        const page = res.json() as { records: Array<{ id: string }>; next_cursor: string | null };
        ids.push(...page.records.map((r) => r.id));
        cursor = page.next_cursor;
      } while (cursor);
      return ids;
    };
    const queries = ['INV-2024', 'inv-20', '2024', 'goods 1', 'GOODS 29', '100%', 'cotton_', '%', '_', 'nothing like it'];
    for (const q of queries) {
      const want = expected(q);
      expect(await search(q), q).toEqual(want);
    }
    // Not trivial: one invoice, a few hundred, none, and the wildcards matched literally (not every invoice).
    expect(expected('INV-2024')).toHaveLength(1);
    expect(expected('goods 1').length).toBeGreaterThan(500);
    expect(expected('%').length).toBeLessThan(N / 40);
    expect(expected('nothing like it')).toEqual([]);

    // The plan reads the trigram index on both databases, not every invoice of the account.
    const { rows: plan } = await ctx.database.execute(
      `explain select id from invoices where user_id = $1 and deleted_at is null and (number ilike $2 or notes ilike $2)
       order by issue_date desc, id desc limit 101`,
      [owner.userId, '%INV-2024%'],
    );
    expect(plan.map((r) => String(Object.values(r)[0])).join('\n')).toContain('invoices_number_trgm_idx');
  }, 300_000);
});
