// @vitest-environment node
import '../../test/nodeStorage';
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { request as api } from '../api';
import { COLLECTIONS, saveNewRecords, saveRecord } from '../db';
import { type Request, SyncEngine } from './engine';
import { cursors, d, engine, firstSync, otherDevice, pulls, server, token, upsert, withoutPushPull, syncEngineFixture } from './engine.fixture';

/**
 * Issue 27: in the steady state a sync with changes to send is one request: the last push asks its answer to carry the
 * pull's first page (POST /sync/push `pull`), and the device pulls on only when that page says there is more. Against
 * the real server (test/realServer.ts); each test signs up its own user and does one ordinary first sync.
 */

syncEngineFixture('engine-pushpull');

const pushes = () => server.calls.filter((c) => c.path === '/sync/push');
const sent = (i: number) => pushes()[i]!.body as { mutations: unknown[]; pull?: { collections: string[]; since: number; except?: string } };
const walkIn = (name: string) => ({ id: crypto.randomUUID(), name, permalink: `walk-in-${crypto.randomUUID().slice(0, 8)}` }) as never;

describe('the push answer carries the pull (issue 27)', () => {
  it('a sync with a change to send is one request, and brings the other devices’ changes and deletions', async () => {
    await firstSync();
    const before = await cursors();
    const rice = upsert('catalogs', 'Rice');
    const kofi = upsert('contacts', 'Kofi');
    await otherDevice([rice, kofi]);
    await otherDevice([{ collection: 'catalogs', op: 'delete', id: rice.id }]);
    await saveRecord('contacts', walkIn('Walk-in'), d);

    await engine.sync();

    expect(engine.getState().error).toBeNull();
    expect(server.calls.map((c) => c.path)).toEqual(['/sync/push']);
    expect(sent(0).pull).toMatchObject({ collections: [...COLLECTIONS], since: before[0] });
    expect((await d.contacts.toArray()).map((c) => c.name).sort()).toEqual(['Ada', 'Kofi', 'Walk-in']);
    expect(await d.catalogs.get(rice.id)).toBeUndefined();
    expect(await d.queue.count()).toBe(0);
    const after = await cursors();
    expect(new Set(after).size).toBe(1);
    // Past the device's own push: the next sync with nothing to send pulls nothing back.
    server.calls.length = 0;
    await engine.sync();
    const next = pulls();
    expect(next).toHaveLength(1);
    const again = await server.as<{ collections: Record<string, { records: unknown[]; deleted: string[] }> }>(token, 'GET', next[0]!.path);
    expect(Object.values(again.body.collections).every((c) => !c.records.length && !c.deleted.length)).toBe(true);
    expect(await cursors()).toEqual(after);
  }, 60_000);

  it('the carried page leaves out what the device took from this push’s answer and its earlier ones', async () => {
    await firstSync();
    const answers: Array<{ results: unknown[]; pull?: { collections: Record<string, { records: Array<{ id: string }> }> } }> = [];
    const watched: Request = async (path, opts) => {
      const answer = await api<(typeof answers)[number]>(path, opts);
      if (path.endsWith('/sync/push')) answers.push(answer);
      return answer as never;
    };
    const device = new SyncEngine({ db: d, request: watched });
    // An import: two full batches and a last one; only the last asks for the pull, after the others' records are kept.
    const items = Array.from({ length: 1_100 }, (_, i) => ({ id: crypto.randomUUID(), name: `Item ${i}`, unit_price: 100 }));
    await saveNewRecords('catalogs', items as never, d);
    await otherDevice([upsert('contacts', 'Kofi')]);
    await device.sync();
    expect(device.getState().error).toBeNull();
    expect(pushes().map((_, i) => !!sent(i).pull)).toEqual([false, false, true]);
    expect(sent(2).pull!.except).toBeTruthy();
    expect(pulls()).toHaveLength(0);
    const carried = answers[2]!.pull!.collections;
    expect(carried.catalogs!.records).toEqual([]);
    expect(carried.contacts!.records.map((r) => (r as { name?: string }).name)).toEqual(['Kofi']);
    expect(await d.catalogs.count()).toBe(1_100);
  }, 120_000);

  it('pulls on from the carried page’s cursor when it has more, never skipping a change', async () => {
    await firstSync();
    const items = Array.from({ length: 620 }, (_, i) => upsert('catalogs', `Item ${i}`));
    await otherDevice(items.slice(0, 500));
    await otherDevice(items.slice(500));
    await saveRecord('contacts', walkIn('Walk-in'), d);

    await engine.sync();

    expect(engine.getState().error).toBeNull();
    expect(pushes()).toHaveLength(1);
    expect(sent(0).pull).toBeDefined();
    expect(pulls()).toHaveLength(1);
    expect(new URL(pulls()[0]!.path, 'http://x').searchParams.has('collections')).toBe(true);
    expect(await d.catalogs.count()).toBe(620);
    expect(await d.contacts.count()).toBe(2);
  }, 60_000);

  it('an older server that answers without the pull: the device pulls as before', async () => {
    await firstSync();
    await otherDevice([upsert('catalogs', 'Rice')]);
    await saveRecord('contacts', walkIn('Walk-in'), d);
    const device = new SyncEngine({ db: d, request: withoutPushPull });
    await device.sync();
    expect(device.getState().error).toBeNull();
    expect(pulls()).toHaveLength(1);
    expect(await d.catalogs.count()).toBe(1);
    expect(await d.queue.count()).toBe(0);
  }, 60_000);

  it('a push refused for its pull (400) is sent again without it: the change is kept by the server, not refused', async () => {
    await firstSync();
    await otherDevice([upsert('catalogs', 'Rice')]);
    const walk = walkIn('Walk-in');
    await saveRecord('contacts', walk, d);
    // A server that does not know one of the device's collections (a rolling update) refuses the pull with its 400.
    const unknown: Request = (path, opts) => {
      const body = opts?.body as { pull?: { collections: string[] } } | undefined;
      return api(path, body?.pull ? { ...opts, body: { ...body, pull: { ...body.pull, collections: [...body.pull.collections, 'not_here'] } } } : opts);
    };
    const device = new SyncEngine({ db: d, request: unknown });
    await device.sync();
    expect(device.getState().error).toBeNull();
    expect(pushes()).toHaveLength(2);
    expect(sent(1).pull).toBeUndefined();
    expect(await d.queue.count()).toBe(0);
    expect((await server.as(token, 'GET', `/contacts/${(walk as { id: string }).id}`)).status).toBe(200);
    expect(pulls()).toHaveLength(1);
    expect(await d.catalogs.count()).toBe(1);
  }, 60_000);

  it('a new device’s first sync pushes without a pull (its collections are pulled alone first)', async () => {
    await otherDevice([upsert('contacts', 'Ada')]);
    await saveRecord('contacts', walkIn('Walk-in'), d);
    await engine.sync();
    expect(engine.getState().error).toBeNull();
    expect(sent(0).pull).toBeUndefined();
    expect(pulls().length).toBeGreaterThanOrEqual(COLLECTIONS.length);
    expect(await d.contacts.count()).toBe(2);
  }, 60_000);
});
