import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fixed } from './bulk';
import { openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from '../invoices/test-utils';
import { manyPageText, pageText, pullJson, pullManyJson, recordSelect } from './pull-json';
import { getSyncRegistry, type SyncAdapter } from './registry';
import { firstPage, pull } from './service';
import { remove, upsert } from './test-utils';

/**
 * Pull pages built by PostgreSQL (pull-json.ts) against the JavaScript path (service.ts pull: rows → toRecord), for
 * every registered collection, on a fixture with nulls, empty strings, dates, timestamps with micro- and milliseconds,
 * numbers, JSON lists, unicode, deleted rows; with except ranges, seen/as_of and has_more paging. On PostgreSQL too
 * with DUKA_TEST_PG=1.
 */
const { app, ctx } = await openTestApp();
const db = ctx.db;
const adapters = () => [...getSyncRegistry(ctx).adapters];

const weird = ['Wanjiku Mũthoni 🌍', 'O\'Brien "quoted" \\ back/slash', 'Ñandú — عربى 中文', 'Zürich straße ﬁ', '<b>&amp;</b>'];

/** One account with records of every collection, some deleted, some with odd stored values. */
async function fixture() {
  const user = await signUp(app, { country: 'Kenya' });
  const { api, contactId } = await withContact(app, user, { name: weird[0], email: '', language: 'sw' });
  const ids: Record<string, string[]> = {};
  const add = (c: string, data: Record<string, unknown>) => {
    const id = randomUUID();
    (ids[c] ??= []).push(id);
    return upsert(c, id, data);
  };
  const item = randomUUID();
  (ids.catalogs ??= []).push(item);
  const batch = [
    ...weird.map((name, i) => add('contacts', { name, email: i % 2 ? `c${i}@example.com` : '', notes: i === 3 ? 'line one\nline two' : '' })),
    add('notes', { body: weird[1] }),
    add('notes', { body: 'ok', contact_id: contactId }),
    add('expenses', { amount: 1234, currency: 'KES', date: '2026-02-28', category: 'Transport', vendor: weird[2] }),
    add('expenses', { amount: 1, currency: 'KES', date: '2024-02-29', category: 'Rent', vendor: '' }),
    upsert('catalogs', item, { name: weird[4], unit_price: 99_999, track_stock: true, low_stock_level: 2.5, cost_price: 0 }),
    add('catalogs', { name: 'Plain', unit_price: 0 }),
    add('fees', { name: 'Levy', kind: 'fee', calculation: 'fixed', amount: 100 }),
    add('fees', { name: 'VAT ✓', kind: 'tax', calculation: 'percentage', percentage_bps: 1600, amount: 0 }),
    add('invoices', invoiceBody(contactId, { notes: weird[3], discount: { type: 'percentage', value: 5 } })),
    add('invoices', invoiceBody(contactId, { currency: 'USD', exchange_rate: 129.37, issue_date: '2026-01-01' })),
    add('invoices', invoiceBody(contactId, { payments: [{ id: randomUUID(), amount: 1000, method: 'mobile_money', date: '2026-11-23', reference: 'QX1' }] })),
    add('stock_movements', { catalog_id: item, kind: 'received', quantity: 1.5, reason: weird[2], invoice_id: null, occurred_at: '2026-11-25T10:00:00.123Z' }),
    add('stock_movements', {
      catalog_id: item,
      kind: 'adjustment',
      quantity: -1,
      reason: 'counted',
      invoice_id: null,
      occurred_at: '2026-11-26T10:00:00.000Z',
    }),
  ];
  const res = await api.push(batch);
  expect(res.body.results.filter((r: { status: string }) => r.status !== 'applied')).toEqual([]);
  // Deletes and edits after the creates (tombstones in the middle of the versions), then more creates.
  const later = await api.push([
    remove('contacts', ids.contacts![1]!),
    remove('notes', ids.notes![0]!),
    remove('expenses', ids.expenses![1]!),
    remove('fees', ids.fees![0]!),
    remove('invoices', ids.invoices![1]!),
    upsert('contacts', ids.contacts![2]!, { city: 'Mombasa' }),
    add('notes', { body: 'after the deletes' }),
    add('contacts', { name: 'Zed', archived: true }),
  ]);
  expect(later.body.results.filter((r: { status: string }) => r.status !== 'applied')).toEqual([]);
  // Stored values a push does not make: odd times (microseconds, none, old years), history, a receipt.
  const times = ['2026-01-02 03:04:05.123999+00', '1999-12-31 23:59:59+00', '2026-06-01 00:00:00.0005+00', '0999-03-04 05:06:07.89+00'];
  for (const [name, adapter] of adapters()) {
    const own = ids[name] ?? [];
    for (const [i, id] of own.entries()) {
      const t = times[i % times.length]!;
      await db.execute(
        sql`update ${fixed(adapter.table)} set created_at = ${t}::timestamptz, updated_at = ${t}::timestamptz + interval '1 millisecond', history_count = ${i % 3} where id = ${id}`,
      );
    }
  }
  await db.execute(sql`update expenses set receipt = ${`receipts/${user.userId}/a b.jpg`} where id = ${ids.expenses![0]!}`);
  return { user, userId: user.userId, ids };
}

/** The JS path's page and the new one, parsed. */
async function both(
  adapter: SyncAdapter,
  userId: string,
  since: number,
  limit: number,
  had?: { seen: string; asOf: number },
  except: Array<[number, number]> = [],
) {
  const before = await pull(db, adapter, userId, since, limit, had, except);
  const after = JSON.parse(pageText(await pullJson(db, adapter, userId, since, limit, had, except)));
  return { before, after };
}

describe('pull pages built by PostgreSQL', () => {
  it('every registered collection has a SQL form of its records (else it is pulled through JavaScript)', () => {
    const names = adapters().map(([n]) => n);
    expect(names).toEqual(expect.arrayContaining(['contacts', 'notes', 'expenses', 'catalogs', 'fees', 'invoices', 'stock_movements']));
    for (const [name, adapter] of adapters()) expect(recordSelect(adapter), name).not.toBeNull();
  });

  it('answers what the JavaScript path answers, for every collection: whole, paged, since, except, seen/as_of', async () => {
    const { userId } = await fixture();
    for (const [name, adapter] of adapters()) {
      const whole = await both(adapter, userId, 0, 500);
      expect(whole.after, name).toEqual(whole.before);
      expect(whole.before.records.length + whole.before.deleted.length, name).toBeGreaterThan(0);
      // Paged two at a time: the same pages, the same cursors, to the end.
      let since = 0;
      for (let page = 0; page < 20; page++) {
        const p = await both(adapter, userId, since, 2);
        expect(p.after, `${name} page ${page}`).toEqual(p.before);
        since = p.before.version;
        if (!p.before.has_more) break;
      }
      // Since the middle, and leaving out ranges of versions (one before since, one across it, one past the end).
      const versions = [...whole.before.records.map((r) => Number(r.version))].sort((a, b) => a - b);
      const mid = versions[Math.floor(versions.length / 2)] ?? 0;
      for (const except of [
        [],
        [[1, 2]],
        [[mid - 1, mid + 1]],
        [
          [0, mid],
          [mid + 2, mid + 3],
        ],
      ] as Array<Array<[number, number]>>) {
        for (const s of [0, mid]) {
          const p = await both(adapter, userId, s, 3, undefined, except);
          expect(p.after, `${name} since ${s} except ${JSON.stringify(except)}`).toEqual(p.before);
        }
      }
      // seen / as_of from GET /sync/first's page.
      const first = await firstPage(db, adapter, userId, 2);
      if (first.seen) {
        const had = { seen: first.seen, asOf: mid };
        const p = await both(adapter, userId, 0, 500, had);
        expect(p.after, `${name} seen`).toEqual(p.before);
      }
    }
  });

  it('writes the times as toRecord does and the receipt link as extra does', async () => {
    const { userId, ids } = await fixture();
    const expenses = getSyncRegistry(ctx).adapters.get('expenses')!;
    const page = JSON.parse(pageText(await pullJson(db, expenses, userId, 0, 500)));
    const withReceipt = page.records.find((r: { id: string }) => r.id === ids.expenses![0]);
    expect(withReceipt.receipt_url).toBe(`/api/files/receipts/${userId}/a b.jpg`);
    expect(withReceipt.created_at).toBe('2026-01-02T03:04:05.123Z');
    expect(withReceipt.updated_at).toBe('2026-01-02T03:04:05.124Z');
    const contacts = getSyncRegistry(ctx).adapters.get('contacts')!;
    const all = JSON.parse(pageText(await pullJson(db, contacts, userId, 0, 500)));
    expect(all.records.map((r: { created_at: string }) => r.created_at)).toEqual(
      expect.arrayContaining(['1999-12-31T23:59:59.000Z', '2026-06-01T00:00:00.000Z', '0999-03-04T05:06:07.890Z']),
    );
  });

  it("gives the same times whatever the database session's time zone", async () => {
    const { userId } = await fixture();
    const contacts = getSyncRegistry(ctx).adapters.get('contacts')!;
    const utc = JSON.parse(pageText(await pullJson(db, contacts, userId, 0, 500)));
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'America/St_Johns'`);
      const there = JSON.parse(pageText(await pullJson(tx as unknown as typeof db, contacts, userId, 0, 500)));
      // (The JavaScript path cannot read PostgreSQL's text of year 999 there: an offset in seconds, -03:30:52.)
      expect(there).toEqual(utc);
    });
  });

  it('a collection without a SQL form is pulled through toRecord in the same statement, alone or with others', async () => {
    const { userId } = await fixture();
    const contacts = getSyncRegistry(ctx).adapters.get('contacts')!;
    const plain: SyncAdapter = { ...contacts, fromRow: (row) => contacts.fromRow(row) };
    expect(recordSelect(plain)).toBeNull();
    const one = JSON.parse(pageText(await pullJson(db, plain, userId, 0, 4)));
    expect(one).toEqual(await pull(db, contacts, userId, 0, 4));
    const many = JSON.parse(manyPageText(['a', 'b'], await pullManyJson(db, [plain, contacts], userId, 0, 500)));
    expect(many.collections.a).toEqual(many.collections.b);
  });

  it('several collections in one page: the union of the single pulls, at most limit changes a page, in version order', async () => {
    const { userId } = await fixture();
    const all = adapters();
    const names = all.map(([n]) => n);
    const singles = await Promise.all(all.map(([, a]) => pull(db, a, userId, 0, 500)));
    const whole = JSON.parse(
      manyPageText(
        names,
        await pullManyJson(
          db,
          all.map(([, a]) => a),
          userId,
          0,
          500,
        ),
      ),
    );
    expect(whole.has_more).toBe(false);
    expect(whole.version).toBe(Math.max(...singles.map((s) => s.version)));
    names.forEach((n, i) => expect(whole.collections[n], n).toEqual({ records: singles[i]!.records, deleted: singles[i]!.deleted }));
    // Paged 3 changes at a time: the pages' changes together are the whole, each page ≤ 3, versions only rise.
    const got = new Map<string, { records: unknown[]; deleted: string[] }>(names.map((n) => [n, { records: [], deleted: [] }]));
    let since = 0;
    let pages = 0;
    for (;;) {
      const p = JSON.parse(
        manyPageText(
          names,
          await pullManyJson(
            db,
            all.map(([, a]) => a),
            userId,
            since,
            3,
          ),
        ),
      );
      pages++;
      let count = 0;
      for (const n of names) {
        const part = p.collections[n];
        count += part.records.length + part.deleted.length;
        for (const r of part.records) {
          expect(Number(r.version)).toBeGreaterThan(since);
          expect(Number(r.version)).toBeLessThanOrEqual(p.version);
        }
        got.get(n)!.records.push(...part.records);
        got.get(n)!.deleted.push(...part.deleted);
      }
      expect(count).toBeLessThanOrEqual(3);
      if (p.has_more) expect(count).toBe(3);
      expect(p.version).toBeGreaterThanOrEqual(since);
      since = p.version;
      if (!p.has_more) break;
      expect(pages).toBeLessThan(100);
    }
    expect(pages).toBeGreaterThan(3);
    const byId = (xs: unknown[]) => [...(xs as Array<{ id: string }>)].sort((a, b) => a.id.localeCompare(b.id));
    names.forEach((n, i) => {
      expect(byId(got.get(n)!.records), n).toEqual(byId(singles[i]!.records));
      expect([...got.get(n)!.deleted].sort(), n).toEqual([...singles[i]!.deleted].sort());
    });
  });
});
