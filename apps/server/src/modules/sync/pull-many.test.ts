import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from '../invoices/test-utils';
import { client, remove, upsert } from './test-utils';

/** GET /sync/pull?collections=a,b: one page of several collections' changes (issue 27: fewer requests per change). */
const { app } = await openTestApp({ logLevel: 'error' });

type Part = { records: Array<{ id: string; version: number }>; deleted: string[] };
type Many = { collections: Record<string, Part>; version: number; has_more: boolean };

const many = async (api: ReturnType<typeof client>, query: string) => {
  const res = await api.get(`/sync/pull?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Many;
};

async function shop() {
  const user = await signUp(app);
  const { api, contactId } = await withContact(app, user);
  const invoiceIds = [randomUUID(), randomUUID(), randomUUID()];
  const noteId = randomUUID();
  // Interleaved versions: contact, invoice, contact, invoice… then a delete of each kind.
  for (const [i, id] of invoiceIds.entries()) {
    await api.push([upsert('contacts', randomUUID(), { name: `Client ${i}` }), upsert('invoices', id, invoiceBody(contactId))]);
  }
  await api.push([upsert('notes', noteId, { body: 'not asked for' })]);
  await api.push([remove('invoices', invoiceIds[0]!)]);
  return { user, api, contactId, invoiceIds };
}

describe('GET /sync/pull?collections=', () => {
  it('answers the union of the single pulls, every collection named present, and the same cursor', async () => {
    const { api } = await shop();
    const page = await many(api, 'collections=contacts,invoices,expenses&since=0&limit=500');
    const contacts = (await api.pull('contacts', 0, 500)).body;
    const invoices = (await api.pull('invoices', 0, 500)).body;
    expect(Object.keys(page.collections)).toEqual(['contacts', 'invoices', 'expenses']);
    expect(page.collections.contacts).toEqual({ records: contacts.records, deleted: contacts.deleted });
    expect(page.collections.invoices).toEqual({ records: invoices.records, deleted: invoices.deleted });
    expect(page.collections.invoices!.deleted).toHaveLength(1);
    expect(page.collections.expenses).toEqual({ records: [], deleted: [] });
    expect(page.has_more).toBe(false);
    // The user's counter, past the note's change too (a version of a collection not asked for is no gap).
    expect(page.version).toBe(Math.max(contacts.version, invoices.version));
    expect(page.version).toBe((await api.pull('notes', 0, 500)).body.version);
    const after = await many(api, `collections=contacts,invoices&since=${page.version}`);
    expect(after).toEqual({
      collections: { contacts: { records: [], deleted: [] }, invoices: { records: [], deleted: [] } },
      version: page.version,
      has_more: false,
    });
  });

  it('pages across collections in version order, at most limit changes a page, never skipping one', async () => {
    const { api } = await shop();
    const seen: number[] = [];
    let since = 0;
    for (let pages = 1; ; pages++) {
      const page = await many(api, `collections=invoices,contacts&since=${since}&limit=2`);
      const parts = Object.values(page.collections);
      const versions = parts.flatMap((p) => p.records.map((r) => r.version));
      expect(versions.length + parts.reduce((n, p) => n + p.deleted.length, 0)).toBeLessThanOrEqual(2);
      for (const v of versions) expect(v).toBeGreaterThan(since);
      seen.push(...versions);
      if (page.has_more) expect(page.version).toBe(Math.max(...versions, since));
      since = page.version;
      if (!page.has_more) break;
      expect(pages).toBeLessThan(20);
    }
    const whole = await many(api, 'collections=contacts,invoices&limit=500');
    const all = Object.values(whole.collections).flatMap((p) => p.records.map((r) => r.version));
    expect(seen.sort((a, b) => a - b)).toEqual(all.sort((a, b) => a - b));
  });

  it('never skips a change for a device pulling both while others push to both concurrently', async () => {
    const { api, contactId } = await shop();
    const pushed: string[] = [];
    const pushes = Array.from({ length: 4 }, async () => {
      for (let round = 0; round < 3; round++) {
        const c = randomUUID();
        const i = randomUUID();
        pushed.push(c, i);
        expect((await api.push([upsert('contacts', c, { name: `C ${round}` }), upsert('invoices', i, invoiceBody(contactId))])).status).toBe(200);
      }
    });
    const got = new Set<string>();
    let since = 0;
    let done = false;
    const take = (page: Many) => Object.values(page.collections).forEach((p) => p.records.forEach((r) => got.add(r.id)));
    const puller = (async () => {
      while (!done) {
        const page = await many(api, `collections=contacts,invoices&since=${since}&limit=3`);
        take(page);
        since = page.version;
        await new Promise((r) => setTimeout(r, 1));
      }
    })();
    await Promise.all(pushes);
    done = true;
    await puller;
    for (;;) {
      const page = await many(api, `collections=contacts,invoices&since=${since}&limit=50`);
      take(page);
      since = page.version;
      if (!page.has_more) break;
    }
    for (const id of pushed) expect(got.has(id)).toBe(true);
  });

  it('leaves out the versions in except, in every collection named', async () => {
    const { api } = await shop();
    const whole = await many(api, 'collections=contacts,invoices');
    const versions = Object.values(whole.collections).flatMap((p) => p.records.map((r) => r.version));
    const [lo, hi] = [Math.min(...versions), Math.max(...versions)];
    const left = await many(api, `collections=contacts,invoices&except=${lo}-${hi - 1}`);
    const kept = Object.values(left.collections).flatMap((p) => p.records.map((r) => r.version));
    expect(kept).toEqual([hi]);
    expect(left.version).toBe(whole.version);
  });

  it("never shows another user's records", async () => {
    const { api } = await shop();
    const other = client(app, await signUp(app));
    const page = await many(other, 'collections=contacts,invoices,notes');
    expect(page.collections).toEqual({
      contacts: { records: [], deleted: [] },
      invoices: { records: [], deleted: [] },
      notes: { records: [], deleted: [] },
    });
    const mine = await many(api, 'collections=contacts');
    expect(mine.collections.contacts!.records.length).toBe(4);
  });

  it('refuses with 400 and a sentence: neither or both, unknown or repeated names, seen/as_of, a bad list', async () => {
    const { api } = await shop();
    const cases: Array<[string, RegExp]> = [
      ['since=0', /collection=contacts, or several with collections=contacts,invoices/],
      ['collection=contacts&collections=contacts,invoices', /collection \(one\) or collections \(several\), not both/],
      ['collections=contacts,widgets', /Unknown collection 'widgets'/],
      ['collections=contacts,contacts', /contacts is named twice/],
      ['collections=contacts,invoices&seen=abc&as_of=3', /^seen and as_of apply to one collection \(GET \/sync\/first\)$/],
      ['collections=contacts,,invoices', /separated by commas/],
      ['collections=', /separated by commas/],
    ];
    for (const [query, message] of cases) {
      const res = await api.get(`/sync/pull?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message, query).toMatch(message);
    }
  });
});
