import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from '../invoices/test-utils';
import { client, remove, upsert } from './test-utils';

/** POST /sync/push with `pull`: the answer carries the next pull's page (issue 27: one request per sync, not two). */
const { app } = await openTestApp({ logLevel: 'error' });

type Part = { records: Array<{ id: string; version: number; name?: string }>; deleted: string[] };
type Many = { collections: Record<string, Part>; version: number; has_more: boolean };
type Pushed = { results: Array<{ mutation_id: string; status: string; version?: number; record?: { id: string; version: number } }>; pull?: Many };

async function shop() {
  const user = await signUp(app);
  const { api, contactId } = await withContact(app, user);
  return { user, api, contactId };
}

const pushWith = async (api: ReturnType<typeof client>, mutations: unknown[], pull?: Record<string, unknown>) => {
  const res = await api.post('/sync/push', { mutations, ...(pull ? { pull } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Pushed;
};
const getMany = async (api: ReturnType<typeof client>, query: string) => {
  const res = await api.get(`/sync/pull?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Many;
};

describe('POST /sync/push with pull', () => {
  it('answers as before when no pull is asked for (older devices)', async () => {
    const { api } = await shop();
    const body = await pushWith(api, [upsert('contacts', randomUUID(), { name: 'Old device' })]);
    expect(Object.keys(body)).toEqual(['results']);
    expect(body.results[0]!.status).toBe('applied');
  });

  it('answers the page GET /sync/pull?collections= gives after the push, without the records it carries', async () => {
    const { api, contactId } = await shop();
    const start = (await getMany(api, 'collections=contacts,invoices&since=0')).version;
    // Another device's changes since the cursor: a contact, an invoice, and a tombstone.
    const theirs = randomUUID();
    const gone = randomUUID();
    const invoiceId = randomUUID();
    await api.push([upsert('contacts', theirs, { name: 'From the other phone' }), upsert('contacts', gone, { name: 'Soon gone' })]);
    await api.push([upsert('invoices', invoiceId, invoiceBody(contactId)), remove('contacts', gone)]);
    const mine = [randomUUID(), randomUUID()];
    const body = await pushWith(
      api,
      mine.map((id, i) => upsert('contacts', id, { name: `Mine ${i}` })),
      { collections: ['contacts', 'invoices'], since: start, limit: 500 },
    );
    const own = body.results.map((r) => r.record!.version);
    expect(body.results.map((r) => r.record?.id)).toEqual(mine);
    const page = body.pull!;
    // The same page as the pull the device would make next, leaving out what it holds from this answer.
    expect(page).toEqual(await getMany(api, `collections=contacts,invoices&since=${start}&limit=500&except=${own.join(',')}`));
    expect(page.collections.contacts!.records.map((r) => r.id)).toEqual([theirs]);
    expect(page.collections.contacts!.deleted).toEqual([gone]);
    expect(page.collections.invoices!.records.map((r) => r.id)).toEqual([invoiceId]);
    expect(page.has_more).toBe(false);
    // The cursor is past the push itself: the next pull from it brings nothing.
    expect(page.version).toBe(Math.max(...own));
    expect(await getMany(api, `collections=contacts,invoices&since=${page.version}`)).toEqual({
      collections: { contacts: { records: [], deleted: [] }, invoices: { records: [], deleted: [] } },
      version: page.version,
      has_more: false,
    });
  });

  it('keeps the device’s own except, and pages with has_more so the device pulls on without skipping a change', async () => {
    const { api } = await shop();
    const start = (await getMany(api, 'collections=contacts&since=0')).version;
    const ids = Array.from({ length: 5 }, () => randomUUID());
    const first = await pushWith(
      api,
      ids.map((id, i) => upsert('contacts', id, { name: `Other ${i}` })),
    );
    const held = first.results[0]!.version!;
    const body = await pushWith(api, [upsert('contacts', randomUUID(), { name: 'Mine' })], {
      collections: ['contacts'],
      since: start,
      limit: 2,
      except: String(held),
    });
    // The device holds its own record from the answer: its later pulls leave that version out too.
    const mine = body.results[0]!.record!.version;
    let page = body.pull!;
    const seen = page.collections.contacts!.records.map((r) => r.id);
    expect(seen).toEqual(ids.slice(1, 3));
    expect(page.has_more).toBe(true);
    for (let i = 0; page.has_more && i < 10; i++) {
      page = await getMany(api, `collections=contacts&since=${page.version}&limit=2&except=${held},${mine}`);
      seen.push(...page.collections.contacts!.records.map((r) => r.id));
    }
    // Every change of the other device but the one held, none twice; the device's own push left out.
    expect(seen).toEqual(ids.slice(1));
  });

  it('brings a record the answer does not carry (a duplicate mutation), as a pull would', async () => {
    const { api } = await shop();
    const start = (await getMany(api, 'collections=contacts&since=0')).version;
    const m = upsert('contacts', randomUUID(), { name: 'Sent twice' });
    await api.push([m]);
    const body = await pushWith(api, [m], { collections: ['contacts'], since: start });
    expect(body.results[0]!.status).toBe('duplicate');
    expect(body.pull!.collections.contacts!.records.map((r) => r.id)).toEqual([m.id]);
  });

  it('refuses an unknown collection or a bad cursor with 400 before applying anything', async () => {
    const { api } = await shop();
    const id = randomUUID();
    const unknown = await api.post('/sync/push', {
      mutations: [upsert('contacts', id, { name: 'Not kept' })],
      pull: { collections: ['contacts', 'nope'], since: 0 },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/Unknown collection 'nope'/);
    const twice = await api.post('/sync/push', {
      mutations: [upsert('contacts', id, { name: 'Not kept' })],
      pull: { collections: ['contacts', 'contacts'], since: 0 },
    });
    expect(twice.status).toBe(400);
    const negative = await api.post('/sync/push', {
      mutations: [upsert('contacts', id, { name: 'Not kept' })],
      pull: { collections: ['contacts'], since: -1 },
    });
    expect(negative.status).toBe(400);
    expect((await api.get(`/contacts/${id}`)).status).toBe(404);
  });

  it('never skips a change of another device pushing at the same time', async () => {
    const { api } = await shop();
    let since = (await getMany(api, 'collections=contacts&since=0')).version;
    const theirs = Array.from({ length: 30 }, () => randomUUID());
    const seen = new Set<string>();
    const other = (async () => {
      for (let i = 0; i < theirs.length; i += 3)
        await api.push(theirs.slice(i, i + 3).map((id) => upsert('contacts', id, { name: `Theirs ${id.slice(0, 4)}` })));
    })();
    const mine = (async () => {
      for (let i = 0; i < 12; i++) {
        const body = await pushWith(api, [upsert('contacts', randomUUID(), { name: `Mine ${i}` })], { collections: ['contacts'], since, limit: 500 });
        for (const r of body.pull!.collections.contacts!.records) seen.add(r.id);
        expect(body.pull!.has_more).toBe(false);
        since = body.pull!.version;
      }
    })();
    await Promise.all([other, mine]);
    // One more pull from the last cursor brings whatever came after it: together, every change of the other device.
    for (const r of (await getMany(api, `collections=contacts&since=${since}&limit=500`)).collections.contacts!.records) seen.add(r.id);
    expect(theirs.filter((id) => !seen.has(id))).toEqual([]);
  });

  it('answers only the user’s own changes', async () => {
    const a = await shop();
    const b = await shop();
    await b.api.push([upsert('contacts', randomUUID(), { name: 'Of another shop' })]);
    const body = await pushWith(a.api, [], { collections: ['contacts'], since: 0, limit: 500 });
    const names = body.pull!.collections.contacts!.records.map((r) => r.name);
    expect(names).not.toContain('Of another shop');
    expect(body.pull).toEqual(await getMany(a.api, 'collections=contacts&since=0&limit=500'));
  });
});
