import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { client, remove, upsert } from './test-utils';

const { app } = await openTestApp();

type Rec = { id: string; name: string };
const names = (records: Rec[]) => records.map((r) => r.name);

/** Every record id a device ends with: the first page, then pulls with `seen`/`as_of`. */
async function pullAll(c: ReturnType<typeof client>, collection: string, seen: string | null, asOf: number, limit = 3) {
  const got: Rec[] = [];
  const deleted: string[] = [];
  let since = 0;
  for (;;) {
    const extra = seen ? `&seen=${seen}&as_of=${asOf}` : '';
    const page = await c.get(`/sync/pull?collection=${collection}&since=${since}&limit=${limit}${extra}`);
    expect(page.status).toBe(200);
    got.push(...page.body.records);
    deleted.push(...page.body.deleted);
    if (!page.body.has_more) return { got, deleted };
    since = page.body.version;
  }
}

describe('GET /sync/first and the pull that follows it (issue 30)', () => {
  it('answers the first page in list order with totals; the pull leaves out what the page brought, never a later change', async () => {
    const c = client(app, await signUp(app));
    const ids = Array.from({ length: 8 }, () => randomUUID());
    // Pushed out of name order: the page is by name, the pull by version.
    const order = [5, 2, 7, 0, 3, 6, 1, 4];
    await c.push(order.map((i) => upsert('contacts', ids[i], { name: `Client ${i}` })));
    await c.push([upsert('expenses', randomUUID(), { amount: 100, currency: 'NGN', date: '2026-11-01', category: 'Transport', vendor: 'Bus' })]);

    const first = await c.get('/sync/first?collection=contacts&limit=3');
    expect(first.status).toBe(200);
    expect(names(first.body.records)).toEqual(['Client 0', 'Client 1', 'Client 2']);
    expect(first.body.totals).toMatchObject({ contacts: 8, invoices: 0, expenses: 1, notes: 0, catalogs: 0 });
    expect(Object.keys(first.body.totals).sort()).toEqual(['catalogs', 'contacts', 'expenses', 'fees', 'invoices', 'notes', 'stock_movements']);
    expect(typeof first.body.seen).toBe('string');

    // After the page: Client 1 renamed (stays in the page's range), Client 0 deleted, a new client before the page's end.
    const added = randomUUID();
    await c.push([upsert('contacts', ids[1], { name: 'Client 1b' }), remove('contacts', ids[0]), upsert('contacts', added, { name: 'Client 00' })]);

    const { got, deleted } = await pullAll(c, 'contacts', first.body.seen, first.body.version);
    // Client 2 (in the page, unchanged) is not sent again; every other record and every later change is.
    expect(names(got).sort()).toEqual(['Client 00', 'Client 1b', 'Client 3', 'Client 4', 'Client 5', 'Client 6', 'Client 7']);
    expect(deleted).toEqual([ids[0]]);

    // Without seen/as_of the pull is unchanged: everything.
    expect((await pullAll(c, 'contacts', null, 0)).got).toHaveLength(8);
  });

  it('pages invoices newest first; an empty account answers an empty page', async () => {
    const c = client(app, await signUp(app));
    const empty = await c.get('/sync/first?collection=invoices');
    expect(empty.body).toMatchObject({ records: [], seen: null, totals: { invoices: 0, contacts: 0 } });
    const contact = randomUUID();
    await c.push([upsert('contacts', contact, { name: 'Ada' })]);
    const inv = (n: number, date: string) =>
      upsert('invoices', randomUUID(), { contact_id: contact, number: `INV-${n}`, issue_date: date, currency: 'NGN', lines: [] });
    const pushed = await c.push([inv(1, '2026-01-05'), inv(2, '2026-03-01'), inv(3, '2026-02-10')]);
    expect(pushed.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
    const first = await c.get('/sync/first?collection=invoices&limit=2');
    expect(first.body.records.map((r: { issue_date: string }) => r.issue_date)).toEqual(['2026-03-01', '2026-02-10']);
    const { got } = await pullAll(c, 'invoices', first.body.seen, first.body.version);
    expect(got.map((r) => (r as unknown as { issue_date: string }).issue_date)).toEqual(['2026-01-05']);
  });

  it("shows one user's records only, and refuses a bad collection, limit or seen with a 400", async () => {
    const owner = client(app, await signUp(app));
    const other = client(app, await signUp(app));
    await owner.push([upsert('contacts', randomUUID(), { name: 'Private client' })]);
    const theirs = await other.get('/sync/first?collection=contacts');
    expect(theirs.body).toMatchObject({ records: [], totals: { contacts: 0 } });
    const mine = await owner.get('/sync/first?collection=contacts');
    // Another user's `seen` and `as_of` never bring them the owner's records.
    expect((await pullAll(other, 'contacts', mine.body.seen, 0)).got).toEqual([]);

    expect((await owner.get('/sync/first?collection=nope')).status).toBe(400);
    expect((await owner.get('/sync/first?collection=contacts&limit=0')).status).toBe(400);
    expect((await owner.get('/sync/first?collection=contacts&limit=500')).status).toBe(400);
    const bad = await owner.get('/sync/pull?collection=contacts&since=0&seen=not-a-cursor&as_of=1');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/cursor/i);
    expect((await app.inject({ method: 'GET', url: '/api/sync/first?collection=contacts' })).statusCode).toBe(401);
  });
});
