import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { pageWhenAllHeld } from './pull-json';
import { client, statementTexts, upsert } from './test-utils';

/**
 * Issue 27: a push whose carried pull can only bring back what the device holds (its own answered records, its
 * `except`) answers that pull without reading it: the shop's only device saves a statement on every push.
 */
const { app, ctx } = await openTestApp({ logLevel: 'error' });
const withStatementTexts = statementTexts(ctx);

type Many = { collections: Record<string, { records: Array<{ id: string }>; deleted: string[] }>; version: number; has_more: boolean };
type Pushed = { results: Array<{ status: string; version?: number; record?: { id: string; version: number } }>; pull: Many };

const PULL = (since: number) => ({ collections: ['contacts', 'invoices'], since, limit: 500 });
/** The carried pull's statement (pullManyJson's). */
const isPull = (text: string) => text.includes('deleted_at is not null as gone');

async function device() {
  const api = client(app, await signUp(app));
  const res = await api.get('/sync/pull?collections=contacts,invoices&since=0');
  return { api, since: (res.body as Many).version };
}

async function pushed(api: ReturnType<typeof client>, mutations: unknown[], since: number) {
  const { result, texts } = await withStatementTexts(() => api.post('/sync/push', { mutations, pull: PULL(since) }));
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return { body: result.body as Pushed, pullRead: texts.some(isPull) };
}

describe('a push whose pull brings nothing the device lacks', () => {
  it('answers the empty page without reading it, with the cursor past the push: the same page a pull would give', async () => {
    const { api, since } = await device();
    const { body, pullRead } = await pushed(
      api,
      [upsert('contacts', randomUUID(), { name: 'Only phone A' }), upsert('contacts', randomUUID(), { name: 'Only phone B' })],
      since,
    );
    expect(pullRead).toBe(false);
    const own = body.results.map((r) => r.record!.version);
    expect(body.pull).toEqual({
      collections: { contacts: { records: [], deleted: [] }, invoices: { records: [], deleted: [] } },
      version: Math.max(...own),
      has_more: false,
    });
    const read = await api.get(`/sync/pull?collections=contacts,invoices&since=${since}&limit=500&except=${own.join(',')}`);
    expect(body.pull).toEqual(read.body);
    // A replay of the same push writes nothing and still answers without reading.
    const again = await pushed(api, [], body.pull.version);
    expect(again.pullRead).toBe(false);
    expect(again.body.pull.version).toBe(body.pull.version);
  });

  it('reads the pull when another device wrote since the cursor, and brings its change', async () => {
    const { api, since } = await device();
    const other = randomUUID();
    expect((await api.push([upsert('contacts', other, { name: 'From the other phone' })])).status).toBe(200);
    const { body, pullRead } = await pushed(api, [upsert('contacts', randomUUID(), { name: 'Mine' })], since);
    expect(pullRead).toBe(true);
    expect(body.pull.collections.contacts!.records.map((r) => r.id)).toEqual([other]);
    expect(body.pull.version).toBe(body.results[0]!.version);
  });

  it('reads the pull when the device is behind, even if its push has nothing to write', async () => {
    const { api, since } = await device();
    const other = randomUUID();
    await api.push([upsert('contacts', other, { name: 'Earlier' })]);
    const { body, pullRead } = await pushed(api, [], since);
    expect(pullRead).toBe(true);
    expect(body.pull.collections.contacts!.records.map((r) => r.id)).toEqual([other]);
  });
});

describe('pageWhenAllHeld', () => {
  it('answers only when every version after the cursor up to the committed one is held', () => {
    expect(pageWhenAllHeld(2, 10, 13, [[11, 13]])?.version).toBe(13);
    expect(
      pageWhenAllHeld(1, 10, 13, [
        [13, 13],
        [11, 12],
      ])?.parts,
    ).toEqual([{ records: '[]', deleted: '[]' }]);
    expect(
      pageWhenAllHeld(1, 10, 13, [
        [1, 11],
        [12, 20],
      ])?.version,
    ).toBe(13);
    expect(pageWhenAllHeld(1, 10, 10, [])?.has_more).toBe(false);
    // A gap (version 12 is someone else's), a committed version unknown, or a cursor past it: read the pull.
    expect(
      pageWhenAllHeld(1, 10, 13, [
        [11, 11],
        [13, 13],
      ]),
    ).toBeNull();
    expect(pageWhenAllHeld(1, 10, undefined, [[11, 13]])).toBeNull();
    expect(pageWhenAllHeld(1, 14, 13, [])).toBeNull();
  });
});
