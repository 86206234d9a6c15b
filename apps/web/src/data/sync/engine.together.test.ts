// @vitest-environment node
import '../../test/nodeStorage';
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { request as api } from '../api';
import { COLLECTIONS, cursorKey, saveNewRecords, saveRecord } from '../db';
import { type Request, SyncEngine } from './engine';
import {
  cursors,
  d,
  engine,
  firstSync,
  type Mutation,
  otherDevice,
  pulls,
  query,
  server,
  token,
  upsert,
  withoutPushPull,
  syncEngineFixture,
} from './engine.fixture';
import { firstKey } from './firstPage';
import { steadyCursors } from './pullTogether';

/**
 * Issue 27: once a device has done its full sync, a sync pulls every collection in one request series
 * (GET /sync/pull?collections=…) instead of one per collection. Against the real server (test/realServer.ts); each
 * test signs up its own user and brings the device to the steady state with one ordinary first sync.
 */

syncEngineFixture('engine-together');

describe('the steady state’s pull (issue 27)', () => {
  it('brings changes of several collections with one request naming every collection, and moves every cursor to its version', async () => {
    await firstSync();
    const kofi = upsert('contacts', 'Kofi');
    const rice = upsert('catalogs', 'Rice');
    const note: Mutation = { collection: 'notes', op: 'upsert', id: crypto.randomUUID(), data: { contact_id: kofi.id, body: 'Call Kofi', pinned: false } };
    const versions = await otherDevice([kofi, rice, note]);
    await otherDevice([{ collection: 'catalogs', op: 'delete', id: rice.id }]);

    await engine.sync();

    expect(engine.getState().error).toBeNull();
    expect(pulls()).toHaveLength(1);
    const q = query(pulls()[0].path);
    expect(q.get('collections')!.split(',')).toEqual([...COLLECTIONS]);
    expect(q.has('collection')).toBe(false);
    expect(Number(q.get('since'))).toBe(Math.min(...versions) - 1);
    expect((await d.contacts.get(kofi.id))?.name).toBe('Kofi');
    expect(await d.catalogs.get(rice.id)).toBeUndefined();
    expect(await d.notes.count()).toBe(1);
    const after = await cursors();
    expect(new Set(after).size).toBe(1);
    expect(after[0]).toBeGreaterThan(Math.max(...versions));

    // Nothing new: still one request, and nothing moves.
    server.calls.length = 0;
    await engine.sync();
    expect(pulls()).toHaveLength(1);
    expect(await cursors()).toEqual(after);
  }, 60_000);

  it('pages through more changes than one page holds, across collections, page after page until the server has no more', async () => {
    await firstSync();
    const items = Array.from({ length: 620 }, (_, i) => upsert('catalogs', `Item ${i}`));
    await otherDevice(items.slice(0, 500));
    await otherDevice([...items.slice(500), upsert('contacts', 'Late client')]);

    await engine.sync();

    expect(pulls()).toHaveLength(2);
    expect(pulls().every((c) => query(c.path).has('collections'))).toBe(true);
    expect(Number(query(pulls()[1].path).get('since'))).toBeGreaterThan(Number(query(pulls()[0].path).get('since')));
    expect(await d.catalogs.count()).toBe(620);
    expect(await d.contacts.count()).toBe(2);
  }, 60_000);

  it('never overwrites a record whose change is still waiting on the device; it lands once the server takes it', async () => {
    await firstSync();
    const ada = (await d.contacts.toArray())[0];
    // This device's edit cannot reach the server for now (500s on its push); another device renames the client.
    server.fault = (c) => (c.path === '/sync/push' ? 'http500' : null);
    await saveRecord('contacts', { ...ada, city: 'Accra' }, d);
    await otherDevice([{ collection: 'contacts', op: 'upsert', id: ada.id, data: { name: 'Ada Mensah' } }]);
    await engine.sync();
    expect(pulls()).toHaveLength(1);
    expect(await d.contacts.get(ada.id)).toMatchObject({ name: 'Ada', city: 'Accra' });

    server.fault = () => null;
    await engine.sync();
    expect(await d.queue.count()).toBe(0);
    expect(await d.contacts.get(ada.id)).toMatchObject({ name: 'Ada Mensah', city: 'Accra' });
  }, 60_000);

  it('a device whose cursors differ pulls from the smallest: what it already holds comes again and is written again', async () => {
    await firstSync();
    const rice = upsert('catalogs', 'Rice');
    const [riceVersion] = await otherDevice([rice]);
    await engine.sync();
    const synced = await cursors();
    // Catalogs' pull failed last time (an older device's one pull per collection): its cursor is behind the others.
    await d.meta.put({ key: cursorKey('catalogs'), value: riceVersion - 1 });
    await d.catalogs.delete(rice.id);
    const beans = upsert('catalogs', 'Beans');
    await otherDevice([beans, upsert('contacts', 'Esi')]);
    server.calls.length = 0;

    await engine.sync();

    expect(pulls()).toHaveLength(1);
    expect(Number(query(pulls()[0].path).get('since'))).toBe(riceVersion - 1);
    expect((await d.catalogs.toArray()).map((r) => r.name).sort()).toEqual(['Beans', 'Rice']);
    expect(await d.contacts.count()).toBe(2);
    const after = await cursors();
    expect(new Set(after).size).toBe(1);
    expect(after[0]).toBeGreaterThan(synced[0]);
  }, 60_000);

  it('leaves out what the device took from its own push answers (issue 22), in any collection', async () => {
    await firstSync();
    await saveNewRecords('catalogs', Array.from({ length: 300 }, (_, i) => ({ id: crypto.randomUUID(), name: `Item ${i}`, unit_price: 100 })) as never, d);
    await saveRecord('contacts', { id: crypto.randomUUID(), name: 'Walk-in', permalink: 'walk-in-own' } as never, d);
    // A server before the push answer's `pull` (issue 27): the device pulls after its push, as it did then.
    const device = new SyncEngine({ db: d, request: withoutPushPull });
    await device.sync();
    expect(await d.queue.count()).toBe(0);
    expect(pulls()).toHaveLength(1);
    const path = pulls()[0].path;
    expect(query(path).get('except')).toBeTruthy();
    // The same request asked again: none of this device's 301 records come back.
    const again = await server.as<{ collections: Record<string, { records: unknown[] }> }>(token, 'GET', path);
    expect(Object.values(again.body.collections).reduce((k, c) => k + c.records.length, 0)).toBe(0);
  }, 60_000);

  it('a new device still pulls each collection alone until its first sync is done (the first page of clients first)', async () => {
    await otherDevice([upsert('contacts', 'Ada')]);
    expect(await steadyCursors(d, COLLECTIONS)).toBeNull(); // every cursor at the 2020 default
    await engine.sync();
    expect(server.calls.some((c) => c.path.startsWith('/sync/first?collection=contacts'))).toBe(true);
    expect(
      pulls()
        .map((c) => query(c.path).get('collection'))
        .sort(),
    ).toEqual([...COLLECTIONS].sort());
    expect(pulls().some((c) => query(c.path).has('collections'))).toBe(false);
    const steady = await steadyCursors(d, COLLECTIONS);
    expect([...steady!.keys()]).toEqual([...COLLECTIONS]);
    // A collection whose first page still waits for its full pull (a first sync cut short) keeps it alone.
    await d.meta.put({ key: firstKey('contacts'), value: JSON.stringify({ seen: 'x', as_of: 1 }) });
    expect(await steadyCursors(d, COLLECTIONS)).toBeNull();
  }, 60_000);

  it('an answer that leaves out a collection writes nothing and fails the run (the cursors stay)', async () => {
    await firstSync();
    const before = await cursors();
    await otherDevice([upsert('contacts', 'Kofi')]);
    // A server (or a proxy) answering without the notes: the device must not move the notes' cursor past them.
    const dropping: Request = async (path, opts) => {
      const answer = await api<{ collections?: Record<string, unknown> }>(path, opts);
      if (path.includes('collections=')) delete answer.collections!.notes;
      return answer as never;
    };
    const device = new SyncEngine({ db: d, request: dropping });
    await device.sync();
    expect(device.getState().error).toMatch(/left out notes/);
    expect(await cursors()).toEqual(before);
    expect(await d.contacts.count()).toBe(1);
  }, 60_000);

  it('a server process that does not know collections= yet (a rolling update) gets one pull per collection instead', async () => {
    await firstSync();
    await otherDevice([upsert('catalogs', 'Rice')]);
    // The server refuses the request with its own 400 (an older process's schema required collection=; here the pull
    // of several collections is asked with seen=, which the server refuses the same way).
    const refused: Request = (path, opts) => api(path.includes('collections=') ? `${path}&seen=x` : path, opts);
    const device = new SyncEngine({ db: d, request: refused });
    await device.sync();
    expect(device.getState().error).toBeNull();
    expect(pulls()[0].path).toContain('collections=');
    expect((await server.as(token, 'GET', pulls()[0].path)).status).toBe(400);
    expect(
      pulls()
        .slice(1)
        .map((c) => query(c.path).get('collection'))
        .sort(),
    ).toEqual([...COLLECTIONS].sort());
    expect(await d.catalogs.count()).toBe(1);
  }, 60_000);
});
