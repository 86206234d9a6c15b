import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { DEFAULT_LAST_UPDATED } from '@duka/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLocalData, createDb, cursorKey, deleteRecord, type DukaDb, saveReceipt, saveRecord } from '../db';
import { HOLD_AFTER_ATTEMPTS, SyncEngine } from './engine';

/** A small in-memory stand-in for the server's sync endpoints, behind a stubbed fetch. */
function fakeServer() {
  let version = 0;
  const records = new Map<string, Record<string, unknown> & { version: number; collection: string; deleted?: boolean }>();
  const applied = new Map<string, number>();
  const calls: { path: string; body?: unknown }[] = [];
  const rejectIf: { test: (m: { collection: string; data?: Record<string, unknown> }) => string | null } = { test: () => null };
  const unknownCollections = new Set<string>();
  /** A server bug: the whole push answers 500 (or the connection drops) when it holds a matching change. */
  const failIf: { test: (m: { data?: Record<string, unknown> }) => 'http500' | 'network' | null; down: boolean } = { test: () => null, down: false };

  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  const fetchStub = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://x');
    const path = url.pathname.replace(/^\/api/, '');
    const body = init?.body && typeof init.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ path: path + url.search, body });
    if (failIf.down) return json(503, { error: { code: 'internal', message: 'Down for maintenance' } });
    if (path === '/health') return json(200, { status: 'ok' });
    if (path === '/sync/push') {
      const mutations = (body as { mutations: { mutation_id: string; collection: string; op: string; id: string; data?: Record<string, unknown> }[] }).mutations;
      const failure = mutations.map((m) => failIf.test(m)).find(Boolean);
      if (failure === 'network') throw new TypeError('Failed to fetch');
      if (failure) return json(500, { error: { code: 'internal', message: 'Something went wrong on the server' } });
      if (mutations.length > 500) return json(400, { error: { code: 'validation_failed', message: 'At most 500' } });
      if (mutations.some((m) => unknownCollections.has(m.collection))) return json(400, { error: { code: 'bad_request', message: 'Unknown collection' } });
      const results = mutations.map((m) => {
        if (applied.has(m.mutation_id)) return { mutation_id: m.mutation_id, status: 'duplicate', version: applied.get(m.mutation_id) };
        const why = rejectIf.test(m);
        if (why) {
          const [field, msg] = why.split(': ');
          return { mutation_id: m.mutation_id, status: 'rejected', error: { code: 'validation_failed', message: why, ...(msg ? { fields: { [`data.${field}`]: msg } } : {}) } };
        }
        version += 1;
        const cur = records.get(m.id);
        if (m.op === 'delete') records.set(m.id, { ...(cur ?? { id: m.id }), collection: m.collection, version, deleted: true });
        else records.set(m.id, { ...(cur ?? {}), ...m.data, id: m.id, collection: m.collection, version, deleted: false });
        applied.set(m.mutation_id, version);
        return { mutation_id: m.mutation_id, status: 'applied', version };
      });
      return json(200, { results });
    }
    if (path === '/sync/pull') {
      const collection = url.searchParams.get('collection')!;
      if (unknownCollections.has(collection)) return json(400, { error: { code: 'bad_request', message: 'Unknown collection' } });
      const since = Number(url.searchParams.get('since'));
      const limit = Number(url.searchParams.get('limit'));
      const changed = [...records.values()].filter((r) => r.collection === collection && r.version > since).sort((a, b) => a.version - b.version);
      const page = changed.slice(0, limit);
      const strip = ({ collection: _c, deleted: _d, ...r }: Record<string, unknown>) => r;
      return json(200, {
        records: page.filter((r) => !r.deleted).map(strip),
        deleted: page.filter((r) => r.deleted).map((r) => r.id),
        version: page.length ? page[page.length - 1].version : since,
        has_more: changed.length > limit,
      });
    }
    const receipt = path.match(/^\/expenses\/([^/]+)\/receipt$/);
    if (receipt) {
      const r = records.get(receipt[1]);
      if (!r) return json(404, { error: { code: 'not_found', message: 'Expense not found' } });
      version += 1;
      Object.assign(r, { receipt: `receipts/${r.id}.jpg`, receipt_url: `/files/${r.id}.jpg`, version });
      return json(200, { ...r, collection: undefined });
    }
    const one = path.match(/^\/(\w+)\/([^/]+)$/);
    if (one) {
      const r = records.get(one[2]);
      return r && !r.deleted ? json(200, r) : json(404, { error: { code: 'not_found', message: 'Not found' } });
    }
    return json(404, { error: { code: 'not_found', message: path } });
  });
  return {
    fetchStub,
    calls,
    records,
    rejectIf,
    failIf,
    unknownCollections,
    /** Another device's write straight on the server. */
    write(collection: string, rec: Record<string, unknown>) {
      version += 1;
      records.set(String(rec.id), { ...(records.get(String(rec.id)) ?? {}), ...rec, collection, version });
    },
  };
}

let d: DukaDb;
let server: ReturnType<typeof fakeServer>;
let engine: SyncEngine;
let n = 0;

beforeEach(async () => {
  d = createDb(`test-${++n}`);
  await d.open();
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetchStub);
  localStorage.setItem('token', 'test-token');
  engine = new SyncEngine({ db: d });
});
afterEach(() => {
  vi.unstubAllGlobals();
  d.close();
});

const contact = (name: string) => ({ id: crypto.randomUUID(), name, permalink: name.toLowerCase() });

describe('local writes', () => {
  it('saveRecord writes the record and queues the change in one go; the cursor starts at the 2020 default', async () => {
    const c = await saveRecord('contacts', contact('Ada'), d);
    expect((await d.contacts.get(c.id))?.name).toBe('Ada');
    expect((await d.contacts.get(c.id))?.email).toBe('');
    const q = await d.queue.toArray();
    expect(q).toHaveLength(1);
    expect(q[0]).toMatchObject({ collection: 'contacts', op: 'upsert', id: c.id, status: 'pending' });
    expect(q[0].data).toMatchObject({ name: 'Ada', email: '' });
    expect(q[0].data).not.toHaveProperty('created_at');
    expect((await d.meta.get(cursorKey('contacts')))?.value).toBe(DEFAULT_LAST_UPDATED);
  });

  it('clearLocalData empties everything and resets the cursors', async () => {
    await saveRecord('contacts', contact('Ada'), d);
    await d.meta.put({ key: cursorKey('contacts'), value: 9 });
    await clearLocalData(d);
    expect(await d.contacts.count()).toBe(0);
    expect(await d.queue.count()).toBe(0);
    expect((await d.meta.get(cursorKey('contacts')))?.value).toBe(DEFAULT_LAST_UPDATED);
  });
});

describe('push', () => {
  it('sends the queue, drops applied changes and stores the server version; an edit sends only changed fields', async () => {
    const c = await saveRecord('contacts', contact('Ada'), d);
    await engine.sync();
    expect(await d.queue.count()).toBe(0);
    expect((await d.contacts.get(c.id))?.version).toBeGreaterThan(0);
    const v = (await d.contacts.get(c.id))!.version!;
    await saveRecord('contacts', { ...(await d.contacts.get(c.id))!, city: 'Lagos' }, d);
    const [m] = await d.queue.toArray();
    expect(m.data).toEqual({ city: 'Lagos' });
    expect(m.base_version).toBe(v);
    await engine.sync();
    expect(server.records.get(c.id)).toMatchObject({ name: 'Ada', city: 'Lagos' });
  });

  it('sends at most 500 mutations per call', async () => {
    await d.queue.bulkAdd(
      Array.from({ length: 1200 }, (_, i) => ({ mutation_id: crypto.randomUUID(), collection: 'catalogs' as const, op: 'upsert' as const, id: crypto.randomUUID(), data: { name: `i${i}` }, created_at: '', status: 'pending' as const })),
    );
    await engine.push();
    const pushes = server.calls.filter((c) => c.path === '/sync/push');
    expect(pushes.map((p) => (p.body as { mutations: unknown[] }).mutations.length)).toEqual([500, 500, 200]);
    expect(await d.queue.count()).toBe(0);
  }, 20_000);

  it('drops a duplicate (a batch resent after a crash) from the queue', async () => {
    const c = await saveRecord('contacts', contact('Ada'), d);
    const [m] = await d.queue.toArray();
    await engine.push();
    // The answer was lost: the same mutation is queued again and answered 'duplicate'.
    await d.queue.add({ ...m, seq: undefined });
    await engine.push();
    expect(await d.queue.count()).toBe(0);
    expect(server.calls.filter((x) => x.path === '/sync/push')).toHaveLength(2);
    expect([...server.records.values()].filter((r) => r.id === c.id)).toHaveLength(1);
  });

  it('keeps a rejected change with the reason, does not overwrite it on pull, and a fixed save replaces it', async () => {
    server.rejectIf.test = (m) => (m.data?.email === 'bad' ? 'email: Not a valid e-mail address' : null);
    const c = await saveRecord('contacts', { ...contact('Ada'), email: 'bad' }, d);
    const ok = await saveRecord('contacts', contact('Bola'), d);
    await engine.sync();
    const q = await d.queue.toArray();
    expect(q).toHaveLength(1);
    expect(q[0]).toMatchObject({ id: c.id, status: 'rejected', error: 'email: Not a valid e-mail address', error_fields: { email: 'Not a valid e-mail address' } });
    expect(server.records.has(ok.id)).toBe(true);
    // Another device writes the same id: the local (rejected) edit is not clobbered by the pull.
    server.write('contacts', { id: c.id, name: 'Server Ada', permalink: 'ada' });
    await engine.sync();
    expect((await d.contacts.get(c.id))?.name).toBe('Ada');
    expect(await d.queue.count()).toBe(1);
    // The user fixes it: the rejected change goes, the new one (with the earlier fields) is applied.
    await saveRecord('contacts', { ...(await d.contacts.get(c.id))!, email: 'ada@example.com' }, d);
    const [fix] = await d.queue.toArray();
    expect(fix.status).toBe('pending');
    expect(fix.data).toMatchObject({ name: 'Ada', email: 'ada@example.com' });
    await engine.sync();
    expect(await d.queue.count()).toBe(0);
    expect(server.records.get(c.id)).toMatchObject({ name: 'Ada', email: 'ada@example.com' });
  });

  it('discarding a rejected change restores the server copy', async () => {
    server.write('contacts', { id: '11111111-1111-4111-8111-111111111111', name: 'Chidi', permalink: 'chidi' });
    await engine.sync();
    server.rejectIf.test = () => 'Refused';
    await saveRecord('contacts', { ...(await d.contacts.get('11111111-1111-4111-8111-111111111111'))!, name: 'Chidi X' }, d);
    await engine.sync();
    const [m] = await d.queue.toArray();
    expect(m.status).toBe('rejected');
    await engine.discard(m);
    expect(await d.queue.count()).toBe(0);
    expect((await d.contacts.get(m.id))?.name).toBe('Chidi');
  });

  it('a push the server cannot read (400) keeps its changes as rejected with the reason', async () => {
    const c = await saveRecord('contacts', contact('Ada'), d);
    server.unknownCollections.add('contacts');
    try {
      await engine.sync();
    } finally {
      server.unknownCollections.delete('contacts');
    }
    expect(server.records.has(c.id)).toBe(false);
    const q = await d.queue.toArray();
    expect(q).toHaveLength(1);
    expect(q[0]).toMatchObject({ collection: 'contacts', status: 'rejected', error: 'Unknown collection' });
  });
});

describe('pull', () => {
  it('pages through every change since the cursor and applies deletions', async () => {
    for (let i = 0; i < 1203; i++) server.write('catalogs', { id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Item ${i}` });
    await engine.pullCollection('catalogs');
    expect(await d.catalogs.count()).toBe(1203);
    expect(server.calls.filter((c) => c.path.startsWith('/sync/pull?collection=catalogs'))).toHaveLength(3);
    expect(server.calls[0].path).toContain('since=0');
    const cursor = (await d.meta.get(cursorKey('catalogs')))?.value;
    expect(cursor).toBe(1203);
    server.records.get('00000000-0000-4000-8000-000000000007')!.deleted = true;
    server.records.get('00000000-0000-4000-8000-000000000007')!.version = 5000;
    await engine.pullCollection('catalogs');
    expect(await d.catalogs.count()).toBe(1202);
    expect(server.calls.at(-1)!.path).toContain('since=1203');
  });

  it('stops quietly when logged out', async () => {
    localStorage.removeItem('token');
    await engine.sync();
    expect(server.fetchStub).not.toHaveBeenCalled();
    expect(engine.getState().loggedOut).toBe(true);
  });

  it('a deleted record is deleted on the server', async () => {
    const c = await saveRecord('contacts', contact('Ada'), d);
    await engine.sync();
    await deleteRecord('contacts', c.id, d);
    await engine.sync();
    expect(server.records.get(c.id)?.deleted).toBe(true);
    expect(await d.contacts.get(c.id)).toBeUndefined();
  });
});

describe('receipts', () => {
  it('keeps the photo until its expense is on the server, then uploads it', async () => {
    const e = await saveRecord('expenses', { id: crypto.randomUUID(), amount: 1500, currency: 'NGN', date: '2026-11-22', category: 'Rent' }, d);
    // fake-indexeddb clones with Node's structuredClone, which keeps Node's own Blob (a browser keeps its Blob).
    await saveReceipt(e.id, new NodeBlob(['jpeg-bytes'], { type: 'image/jpeg' }) as unknown as Blob, 'r.jpg', d);
    expect(await d.blobs.count()).toBe(1);
    await engine.sync();
    expect(engine.getState().error).toBeNull();
    expect(await d.blobs.count()).toBe(0);
    const upload = server.calls.find((c) => c.path === `/expenses/${e.id}/receipt`);
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload!.body as FormData).get('receipt')).toBeTruthy();
    expect((await d.expenses.get(e.id))?.receipt_url).toBe(`/files/${e.id}.jpg`);
  });
});

describe('a change the server keeps failing on', () => {
  const pushes = () => server.calls.filter((c) => c.path === '/sync/push').map((c) => (c.body as { mutations: Array<{ data?: { name?: string } }> }).mutations);

  it('is isolated so the rest syncs, then held after repeated runs with Fix / Discard, and stops being sent', async () => {
    server.failIf.test = (m) => (m.data?.name === 'Poison' ? 'http500' : null);
    const good = await Promise.all(Array.from({ length: 9 }, (_, i) => saveRecord('contacts', contact(`Good${i}`), d)));
    const bad = await saveRecord('contacts', contact('Poison'), d);
    await engine.sync();
    // Everything else is on the server after the first run; the poisoned change waits, counted once.
    for (const g of good) expect(server.records.has(g.id)).toBe(true);
    expect(server.records.has(bad.id)).toBe(false);
    let [q] = await d.queue.toArray();
    expect(q).toMatchObject({ id: bad.id, status: 'pending', attempts: 1 });
    expect(engine.getState().error).toBe('Something went wrong on the server');

    await engine.sync();
    await engine.sync();
    [q] = await d.queue.toArray();
    expect(q).toMatchObject({ id: bad.id, status: 'rejected', held: true, attempts: HOLD_AFTER_ATTEMPTS, error: 'Something went wrong on the server' });
    expect(engine.getState().error).toBeNull();

    // Held: not sent again; later changes sync at once.
    const before = pushes().length;
    const later = await saveRecord('contacts', contact('Later'), d);
    await engine.sync();
    expect(server.records.has(later.id)).toBe(true);
    expect(pushes().slice(before).flat().some((m) => m.data?.name === 'Poison')).toBe(false);

    // Discard drops it and restores the server copy (none: the record goes).
    await engine.discard(q);
    expect(await d.queue.count()).toBe(0);
    expect(await d.contacts.get(bad.id)).toBeUndefined();
  });

  it('isolates several bad changes at the front of a full batch of 500', async () => {
    server.failIf.test = (m) => (String(m.data?.name).startsWith('Bad') ? 'http500' : null);
    await d.queue.bulkAdd(
      Array.from({ length: 600 }, (_, i) => ({
        mutation_id: crypto.randomUUID(),
        collection: 'catalogs' as const,
        op: 'upsert' as const,
        id: crypto.randomUUID(),
        data: { name: i < 3 || i === 499 ? `Bad ${i}` : `Item ${i}` },
        created_at: '',
        status: 'pending' as const,
      })),
    );
    await engine.sync();
    expect([...server.records.values()].filter((r) => r.collection === 'catalogs')).toHaveLength(596);
    const left = await d.queue.toArray();
    expect(left.map((m) => m.data?.name).sort()).toEqual(['Bad 0', 'Bad 1', 'Bad 2', 'Bad 499']);
    expect(left.every((m) => m.attempts === 1 && m.status === 'pending')).toBe(true);
    // Far fewer requests than one per change.
    expect(server.calls.filter((c) => c.path === '/sync/push').length).toBeLessThan(60);
  }, 20_000);

  it('isolates a change the connection drops on, and Send again gives it fresh tries', async () => {
    server.failIf.test = (m) => (m.data?.name === 'Dropped' ? 'network' : null);
    const ok = await saveRecord('contacts', contact('Fine'), d);
    const bad = await saveRecord('contacts', contact('Dropped'), d);
    for (let i = 0; i < HOLD_AFTER_ATTEMPTS; i++) await engine.sync();
    expect(server.records.has(ok.id)).toBe(true);
    const [q] = await d.queue.toArray();
    expect(q).toMatchObject({ id: bad.id, status: 'rejected', held: true });
    // The server is fixed: Send again.
    server.failIf.test = () => null;
    await engine.retry(q);
    expect(await d.queue.get(q.seq!)).toMatchObject({ status: 'pending', attempts: 0, held: false });
    await engine.sync();
    expect(await d.queue.count()).toBe(0);
    expect(server.records.get(bad.id)).toMatchObject({ name: 'Dropped' });
  });

  it('Fix: saving the record again replaces the held change and sends what was typed', async () => {
    server.failIf.test = (m) => (m.data?.city === 'Bad city' ? 'http500' : null);
    const c = await saveRecord('contacts', { ...contact('Ada'), city: 'Bad city' }, d);
    for (let i = 0; i < HOLD_AFTER_ATTEMPTS; i++) await engine.sync();
    expect((await d.queue.toArray())[0]).toMatchObject({ held: true });
    // The edit form opens with the local record, as typed.
    expect((await d.contacts.get(c.id))?.city).toBe('Bad city');
    await saveRecord('contacts', { ...(await d.contacts.get(c.id))!, city: 'Lagos' }, d);
    await engine.sync();
    expect(await d.queue.count()).toBe(0);
    expect(server.records.get(c.id)).toMatchObject({ name: 'Ada', city: 'Lagos' });
  });

  it('does not blame any change when the server is down: nothing is held and the requests stay few', async () => {
    await Promise.all(Array.from({ length: 200 }, (_, i) => saveRecord('catalogs', { id: crypto.randomUUID(), name: `Item ${i}` }, d)));
    server.failIf.down = true;
    for (let i = 0; i < HOLD_AFTER_ATTEMPTS + 2; i++) await engine.sync();
    const q = await d.queue.toArray();
    expect(q.every((m) => m.status === 'pending' && !m.attempts)).toBe(true);
    expect(engine.getState().error).toBe('Down for maintenance');
    // One push and one health check per run, not one per change.
    expect(server.calls.filter((c) => c.path === '/sync/push')).toHaveLength(HOLD_AFTER_ATTEMPTS + 2);
    expect(server.calls.filter((c) => c.path === '/health')).toHaveLength(HOLD_AFTER_ATTEMPTS + 2);
    server.failIf.down = false;
    await engine.sync();
    expect(await d.queue.count()).toBe(0);
  });
});
