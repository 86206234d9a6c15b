// @vitest-environment node
import '../../test/nodeStorage';
import 'fake-indexeddb/auto';
import { DEFAULT_LAST_UPDATED } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { clearLocalData, cursorKey, deleteRecord, saveNewRecords, saveReceipt, saveRecord } from '../db';
import { createParkedDb, parkUnsynced, restoreParked } from '../parked';
import { request as api } from '../api';
import { HOLD_AFTER_ATTEMPTS, type Request, SyncEngine } from './engine';
import { d, engine, otherDevice, server, token, syncEngineFixture } from './engine.fixture';

/**
 * The sync engine against the real server (apps/server in this process, on an in-memory database, over HTTP on
 * 127.0.0.1). Each test signs up its own user. Server failures (500s, dropped connections, a server that is not
 * there) are made in the network between them (test/realServer.ts); everything else is the server's own answer.
 */

syncEngineFixture('engine-test');

const contact = (name: string) => ({ id: crypto.randomUUID(), name, permalink: `${name.toLowerCase()}-${crypto.randomUUID().slice(0, 6)}` });
const pushes = () =>
  server.calls.filter((c) => c.path === '/sync/push').map((c) => (c.body as { mutations: Array<{ data?: Record<string, unknown> }> }).mutations);
const pushHolds = (test: (data: Record<string, unknown>) => boolean) => (c: { path: string; body?: unknown }) =>
  c.path === '/sync/push' && (c.body as { mutations: Array<{ data?: Record<string, unknown> }> }).mutations.some((m) => test(m.data ?? {}));

/** A page of the server's sync pull, as the server sends it. */
interface ServerPage {
  records: Array<Record<string, unknown> & { id: string }>;
  deleted: string[];
  version: number;
  has_more: boolean;
}

/** Everything the server holds for the user in a collection (its own sync pull, all pages). */
async function onServer(collection: string, as = token): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  for (let since = 0; ;) {
    const { body } = await server.as<ServerPage>(as, 'GET', `/sync/pull?collection=${collection}&since=${since}&limit=500`);
    for (const r of body.records) out.set(r.id, r);
    for (const id of body.deleted) out.delete(id);
    if (!body.has_more) return out;
    since = body.version;
  }
}

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
    expect(engine.getState().error).toBeNull();
    expect(await d.queue.count()).toBe(0);
    const v = (await d.contacts.get(c.id))!.version!;
    expect(v).toBeGreaterThan(0);
    await saveRecord('contacts', { ...(await d.contacts.get(c.id))!, city: 'Lagos' }, d);
    const [m] = await d.queue.toArray();
    expect(m.data).toEqual({ city: 'Lagos' });
    expect(m.base_version).toBe(v);
    await engine.sync();
    expect((await onServer('contacts')).get(c.id)).toMatchObject({ name: 'Ada', city: 'Lagos' });
  });

  it('sends at most 500 mutations per call', async () => {
    await d.queue.bulkAdd(
      Array.from({ length: 1200 }, (_, i) => ({
        mutation_id: crypto.randomUUID(),
        collection: 'catalogs' as const,
        op: 'upsert' as const,
        id: crypto.randomUUID(),
        data: { name: `i${i}` },
        created_at: '',
        status: 'pending' as const,
      })),
    );
    await engine.push();
    expect(pushes().map((p) => p.length)).toEqual([500, 500, 200]);
    expect(await d.queue.count()).toBe(0);
    expect((await onServer('catalogs')).size).toBe(1200);
  }, 60_000);

  it('an import lands with the server copies from the push answers and is not downloaded back; later changes still come (issue 22)', async () => {
    const items = Array.from({ length: 1200 }, (_, i) => ({ id: crypto.randomUUID(), name: `Item ${i}`, unit_price: 100 * i }));
    await saveNewRecords('catalogs', items as never, d);
    await engine.sync();
    expect(engine.getState().error).toBeNull();
    expect(await d.queue.count()).toBe(0);
    // What each pull of the run brought (the same requests, asked again): none of the 1,200 records.
    const pulls = server.calls.filter((c) => c.path.startsWith('/sync/pull?collection=catalogs'));
    expect(pulls.length).toBeGreaterThan(0);
    expect(pulls.some((c) => c.path.includes('&except='))).toBe(true);
    let pulled = 0;
    for (const c of pulls) pulled += (await server.as<ServerPage>(token, 'GET', c.path)).body.records.length;
    expect(pulled).toBe(0);
    // The device holds exactly the server's copies (version, timestamps).
    const stored = await onServer('catalogs');
    expect(stored.size).toBe(1200);
    for (const r of await d.catalogs.toArray()) expect(r).toMatchObject({ version: stored.get(r.id)!.version, updated_at: stored.get(r.id)!.updated_at });
    // A change made elsewhere after the import still reaches this device.
    const other = crypto.randomUUID();
    await otherDevice([{ collection: 'catalogs', op: 'upsert', id: other, data: { name: 'From the other phone', unit_price: 500 } }]);
    await engine.sync();
    expect((await d.catalogs.get(other))?.name).toBe('From the other phone');
  }, 120_000);

  it('drops a duplicate (a batch resent after a crash) from the queue', async () => {
    const c = await saveRecord('contacts', contact('Ada'), d);
    const [m] = await d.queue.toArray();
    await engine.push();
    // The answer was lost: the same mutation is queued again and the server answers 'duplicate'.
    await d.queue.add({ ...m, seq: undefined });
    await engine.push();
    expect(await d.queue.count()).toBe(0);
    expect(pushes()).toHaveLength(2);
    expect([...(await onServer('contacts')).keys()]).toEqual([c.id]);
  });

  it('keeps a rejected change with the reason, does not overwrite it on pull, and a fixed save replaces it', async () => {
    const c = await saveRecord('contacts', { ...contact('Ada'), email: 'bad' }, d);
    const ok = await saveRecord('contacts', contact('Bola'), d);
    await engine.sync();
    const q = await d.queue.toArray();
    expect(q).toHaveLength(1);
    expect(q[0]).toMatchObject({
      id: c.id,
      status: 'rejected',
      error: 'email: Not a valid e-mail address',
      error_fields: { email: 'Not a valid e-mail address' },
    });
    expect((await onServer('contacts')).has(ok.id)).toBe(true);
    // Another device writes the same id: the local (rejected) edit is not clobbered by the pull.
    await otherDevice([{ collection: 'contacts', op: 'upsert', id: c.id, data: { name: 'Server Ada' } }]);
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
    expect((await onServer('contacts')).get(c.id)).toMatchObject({ name: 'Ada', email: 'ada@example.com' });
  });

  it('discarding a rejected change restores the server copy', async () => {
    const id = crypto.randomUUID();
    await otherDevice([{ collection: 'contacts', op: 'upsert', id, data: { name: 'Chidi' } }]);
    await engine.sync();
    await saveRecord('contacts', { ...(await d.contacts.get(id))!, name: 'Chidi X', email: 'not an address' }, d);
    await engine.sync();
    const [m] = await d.queue.toArray();
    expect(m.status).toBe('rejected');
    await engine.discard(m);
    expect(await d.queue.count()).toBe(0);
    expect((await d.contacts.get(id))?.name).toBe('Chidi');
  });

  it('discarding a rejected new record removes it: the server never had it', async () => {
    const c = await saveRecord('contacts', { ...contact('Dayo'), email: 'nope' }, d);
    await engine.sync();
    const [m] = await d.queue.toArray();
    expect(m.status).toBe('rejected');
    await engine.discard(m);
    expect(await d.contacts.get(c.id)).toBeUndefined();
  });

  it('discarding a refused stock movement removes it without asking the server: movements have no record route', async () => {
    const movement = await saveRecord('stock_movements', { id: crypto.randomUUID(), catalog_id: crypto.randomUUID(), quantity: -2 } as never, d);
    const [q] = await d.queue.toArray();
    await d.queue.update(q.seq!, { status: 'rejected' });
    server.calls.length = 0;
    await engine.discard({ ...q, status: 'rejected' });
    expect(await d.stock_movements.get(movement.id)).toBeUndefined();
    expect(await d.queue.count()).toBe(0);
    expect(server.calls).toEqual([]);
  });
});

describe('pull', () => {
  it('pages through every change since the cursor and applies deletions', async () => {
    const ids = Array.from({ length: 1203 }, () => crypto.randomUUID());
    for (let i = 0; i < ids.length; i += 500)
      await otherDevice(ids.slice(i, i + 500).map((id, j) => ({ collection: 'catalogs', op: 'upsert', id, data: { name: `Item ${i + j}` } })));
    await engine.pullCollection('catalogs');
    expect(await d.catalogs.count()).toBe(1203);
    const pulls = server.calls.filter((c) => c.path.startsWith('/sync/pull?collection=catalogs'));
    expect(pulls).toHaveLength(3);
    expect(pulls[0].path).toContain('since=0');
    const cursor = Number((await d.meta.get(cursorKey('catalogs')))?.value);
    expect(cursor).toBe(Math.max(...[...(await onServer('catalogs')).values()].map((r) => Number(r.version))));
    await otherDevice([{ collection: 'catalogs', op: 'delete', id: ids[7] }]);
    await engine.pullCollection('catalogs');
    expect(await d.catalogs.count()).toBe(1202);
    expect(await d.catalogs.get(ids[7])).toBeUndefined();
    expect(server.calls.at(-1)!.path).toContain(`since=${cursor}`);
  }, 60_000);

  it('writes each page as it comes on a slow link, not when the whole collection is in (a search finds what arrived)', async () => {
    const ids = Array.from({ length: 1100 }, () => crypto.randomUUID());
    for (let i = 0; i < ids.length; i += 500)
      await otherDevice(ids.slice(i, i + 500).map((id, j) => ({ collection: 'catalogs', op: 'upsert', id, data: { name: `Item ${i + j}` } })));
    // The second page's answer waits (a weak link) until the first page's records are on the device.
    const onDevice: number[] = [];
    let pulls = 0;
    const slow: Request = async (path, opts) => {
      if (path.includes('/sync/pull') && path.includes('catalogs') && ++pulls === 2) {
        for (let waited = 0; waited < 3_000 && (await d.catalogs.count()) < 500; waited += 20) await new Promise((r) => setTimeout(r, 20));
        onDevice.push(await d.catalogs.count());
      }
      return api(path, opts);
    };
    await new SyncEngine({ db: d, request: slow }).pullCollection('catalogs');
    expect(onDevice).toEqual([500]);
    expect(await d.catalogs.count()).toBe(1100);
  }, 60_000);

  it('stops quietly when logged out', async () => {
    localStorage.removeItem('token');
    await engine.sync();
    expect(server.calls).toHaveLength(0);
    expect(engine.getState().loggedOut).toBe(true);
  });

  it('a deleted record is deleted on the server', async () => {
    const c = await saveRecord('contacts', contact('Ada'), d);
    await engine.sync();
    expect((await onServer('contacts')).has(c.id)).toBe(true);
    await deleteRecord('contacts', c.id, d);
    await engine.sync();
    expect((await onServer('contacts')).has(c.id)).toBe(false);
    expect((await server.as(token, 'GET', `/contacts/${c.id}`)).status).toBe(404);
    expect(await d.contacts.get(c.id)).toBeUndefined();
  });

  it('two devices edit different fields of one record: both edits are kept and both devices end with the same copy', async () => {
    const c = await saveRecord('contacts', contact('Ada'), d);
    await engine.sync();
    const base = (await d.contacts.get(c.id))!;
    // Meanwhile another device changes the city; this device, not yet pulled, changes the phone.
    await otherDevice([{ collection: 'contacts', op: 'upsert', id: c.id, data: { city: 'Kano' } }]);
    await saveRecord('contacts', { ...base, phone: '+2348059876543' }, d);
    expect((await d.queue.toArray())[0].base_version).toBe(base.version);
    await engine.sync();
    expect(await d.queue.count()).toBe(0);
    const there = (await onServer('contacts')).get(c.id)!;
    expect(there).toMatchObject({ city: 'Kano', phone: '+2348059876543' });
    expect(await d.contacts.get(c.id)).toMatchObject({ city: 'Kano', phone: '+2348059876543', version: there.version });
  });

  it('two devices edit the same field: the later write wins, the overwritten value is kept as history and the record is marked edited elsewhere', async () => {
    const c = await saveRecord('contacts', contact('Ada'), d);
    await engine.sync();
    const base = (await d.contacts.get(c.id))!;
    await otherDevice([{ collection: 'contacts', op: 'upsert', id: c.id, data: { city: 'Kano' } }]);
    await saveRecord('contacts', { ...base, city: 'Ibadan' }, d);
    await engine.sync();
    const there = (await onServer('contacts')).get(c.id)!;
    expect(there).toMatchObject({ city: 'Ibadan', conflict: true });
    expect(Number(there.history_count)).toBeGreaterThan(0);
    expect(await d.contacts.get(c.id)).toMatchObject({ city: 'Ibadan', conflict: true, version: there.version });
  });

  it('another user’s records never reach this device', async () => {
    const stranger = await server.signUp();
    await server.as(stranger, 'POST', '/sync/push', {
      mutations: [{ mutation_id: crypto.randomUUID(), collection: 'contacts', op: 'upsert', id: crypto.randomUUID(), data: { name: 'Stranger' } }],
    });
    await saveRecord('contacts', contact('Mine'), d);
    await engine.sync();
    expect((await d.contacts.toArray()).map((c) => c.name)).toEqual(['Mine']);
  });
});

describe('receipts', () => {
  it('keeps the photo until its expense is on the server, then uploads it', async () => {
    const e = await saveRecord('expenses', { id: crypto.randomUUID(), amount: 1500, currency: 'NGN', date: '2026-11-22', category: 'Rent' }, d);
    await saveReceipt(e.id, new Blob([PNG], { type: 'image/png' }), 'r.png', d);
    expect(await d.blobs.count()).toBe(1);
    await engine.sync();
    expect(engine.getState().error).toBeNull();
    expect(await d.blobs.count()).toBe(0);
    const upload = server.calls.find((c) => c.path === `/expenses/${e.id}/receipt`);
    expect(upload?.body).toBeInstanceOf(FormData);
    // The upload came after the expense's push: the server had the expense to attach it to.
    expect(server.calls.indexOf(upload!)).toBeGreaterThan(server.calls.findIndex((c) => c.path === '/sync/push'));
    const local = await d.expenses.get(e.id);
    expect(local?.receipt_url).toEqual(expect.any(String));
    expect((await onServer('expenses')).get(e.id)).toMatchObject({ receipt: local?.receipt, receipt_url: local?.receipt_url });
  });
});

describe('a change the server keeps failing on', () => {
  it('is isolated so the rest syncs, then held after repeated runs with Fix / Discard, and stops being sent', async () => {
    server.fault = (c) => (pushHolds((m) => m.name === 'Poison')(c) ? 'http500' : null);
    const good = await Promise.all(Array.from({ length: 9 }, (_, i) => saveRecord('contacts', contact(`Good${i}`), d)));
    const bad = await saveRecord('contacts', contact('Poison'), d);
    await engine.sync();
    // Everything else is on the server after the first run; the poisoned change waits, counted once.
    let there = await onServer('contacts');
    for (const g of good) expect(there.has(g.id)).toBe(true);
    expect(there.has(bad.id)).toBe(false);
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
    there = await onServer('contacts');
    expect(there.has(later.id)).toBe(true);
    expect(
      pushes()
        .slice(before)
        .flat()
        .some((m) => m.data?.name === 'Poison'),
    ).toBe(false);

    // Discard drops it and restores the server copy (none: the record goes).
    await engine.discard(q);
    expect(await d.queue.count()).toBe(0);
    expect(await d.contacts.get(bad.id)).toBeUndefined();
  });

  it('isolates several bad changes at the front of a full batch of 500', async () => {
    server.fault = (c) => (pushHolds((m) => String(m.name).startsWith('Bad'))(c) ? 'http500' : null);
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
    expect((await onServer('catalogs')).size).toBe(596);
    const left = await d.queue.toArray();
    expect(left.map((m) => m.data?.name).sort()).toEqual(['Bad 0', 'Bad 1', 'Bad 2', 'Bad 499']);
    expect(left.every((m) => m.attempts === 1 && m.status === 'pending')).toBe(true);
    // Far fewer requests than one per change.
    expect(pushes().length).toBeLessThan(60);
  }, 60_000);

  it('isolates a change the connection drops on, and Send again gives it fresh tries', async () => {
    server.fault = (c) => (pushHolds((m) => m.name === 'Dropped')(c) ? 'network' : null);
    const ok = await saveRecord('contacts', contact('Fine'), d);
    const bad = await saveRecord('contacts', contact('Dropped'), d);
    for (let i = 0; i < HOLD_AFTER_ATTEMPTS; i++) await engine.sync();
    expect((await onServer('contacts')).has(ok.id)).toBe(true);
    const [q] = await d.queue.toArray();
    expect(q).toMatchObject({ id: bad.id, status: 'rejected', held: true });
    // The network is fixed: Send again.
    server.fault = () => null;
    await engine.retry(q);
    expect(await d.queue.get(q.seq!)).toMatchObject({ status: 'pending', attempts: 0, held: false });
    await engine.sync();
    expect(await d.queue.count()).toBe(0);
    expect((await onServer('contacts')).get(bad.id)).toMatchObject({ name: 'Dropped' });
  });

  it('Fix: saving the record again replaces the held change and sends what was typed', async () => {
    server.fault = (c) => (pushHolds((m) => m.city === 'Bad city')(c) ? 'http500' : null);
    const c = await saveRecord('contacts', { ...contact('Ada'), city: 'Bad city' }, d);
    for (let i = 0; i < HOLD_AFTER_ATTEMPTS; i++) await engine.sync();
    expect((await d.queue.toArray())[0]).toMatchObject({ held: true });
    // The edit form opens with the local record, as typed.
    expect((await d.contacts.get(c.id))?.city).toBe('Bad city');
    await saveRecord('contacts', { ...(await d.contacts.get(c.id))!, city: 'Lagos' }, d);
    await engine.sync();
    expect(await d.queue.count()).toBe(0);
    expect((await onServer('contacts')).get(c.id)).toMatchObject({ name: 'Ada', city: 'Lagos' });
  });

  it('does not blame any change when the server cannot be reached: nothing is held and the requests stay few', async () => {
    await Promise.all(Array.from({ length: 200 }, (_, i) => saveRecord('catalogs', { id: crypto.randomUUID(), name: `Item ${i}` }, d)));
    server.down = true;
    for (let i = 0; i < HOLD_AFTER_ATTEMPTS + 2; i++) await engine.sync();
    const q = await d.queue.toArray();
    expect(q.every((m) => m.status === 'pending' && !m.attempts)).toBe(true);
    expect(engine.getState()).toMatchObject({ error: 'You appear to be offline', online: false });
    // One push and one health check per run, not one per change.
    expect(pushes()).toHaveLength(HOLD_AFTER_ATTEMPTS + 2);
    expect(server.calls.filter((c) => c.path === '/health')).toHaveLength(HOLD_AFTER_ATTEMPTS + 2);
    server.down = false;
    await engine.sync();
    expect(await d.queue.count()).toBe(0);
    expect((await onServer('catalogs')).size).toBe(200);
  });
});

describe('parked changes', () => {
  it('changes kept at log out reach the server under their owner after the next log in, never under another user', async () => {
    const parked = createParkedDb(`engine-parked-${crypto.randomUUID()}`);
    const ada = token;
    const mine = await saveRecord('contacts', contact('Baraka'), d);
    const userA = JSON.parse(atob(ada.split('.')[1])).sub as string;
    // Offline log out: the change is parked and the device emptied.
    expect(await parkUnsynced(userA, d, parked)).toBe(1);
    await clearLocalData(d);

    // Someone else logs in on the device and syncs: nothing of Ada's goes up under their account.
    const bola = await server.signUp();
    localStorage.setItem('token', bola);
    const userB = JSON.parse(atob(bola.split('.')[1])).sub as string;
    expect(await restoreParked(userB, d, parked)).toBe(0);
    await engine.sync();
    expect((await onServer('contacts', bola)).size).toBe(0);
    await clearLocalData(d);

    // Ada logs in again: her change is put back before the first sync and uploads to her account.
    localStorage.setItem('token', ada);
    expect(await restoreParked(userA, d, parked)).toBe(1);
    await engine.sync();
    expect(await d.queue.count()).toBe(0);
    expect((await onServer('contacts', ada)).get(mine.id)).toMatchObject({ name: 'Baraka' });
    expect((await onServer('contacts', bola)).size).toBe(0);
    parked.close();
  });
});

/** A 1×1 PNG: a real image for the server's receipt check. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (ch) => ch.charCodeAt(0));

describe('first sync on a new phone (issue 30)', () => {
  const clients = (count: number) =>
    Array.from({ length: count }, (_, i) => ({
      collection: 'contacts',
      op: 'upsert' as const,
      id: crypto.randomUUID(),
      data: { name: `Client ${String(i).padStart(3, '0')}` },
    }));

  it('asks for the first page of clients before the full pull, leaves those out of the pull, and counts its progress up to the total', async () => {
    await otherDevice(clients(130));
    await otherDevice([{ collection: 'catalogs', op: 'upsert', id: crypto.randomUUID(), data: { name: 'Rice' } }]);
    const seen: Array<{ done: number; total: number }> = [];
    engine.subscribe(() => {
      const p = engine.getState().progress;
      if (p) seen.push(p);
    });
    await engine.sync();

    const paths = server.calls.map((c) => c.path);
    const first = paths.findIndex((p) => p.startsWith('/sync/first?collection=contacts'));
    const pull = paths.findIndex((p) => p.startsWith('/sync/pull?collection=contacts'));
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(pull);
    expect(paths[pull]).toMatch(/&seen=[^&]+&as_of=\d+/);
    expect(paths.filter((p) => p.startsWith('/sync/first'))).toHaveLength(1);

    // The device has everything, the first page once.
    expect(await d.contacts.count()).toBe(130);
    expect(await d.catalogs.count()).toBe(1);
    const pulled = await server.as<ServerPage>(token, 'GET', paths[pull]);
    expect(pulled.body.records).toHaveLength(130 - 50);

    // Progress: from the first page (50 on the device) to the live total of every collection; cleared at the end.
    const onServerTotal = (await Promise.all(['contacts', 'invoices', 'notes', 'expenses', 'catalogs', 'fees'].map((c) => onServer(c)))).reduce(
      (n, m) => n + m.size,
      0,
    );
    expect(seen[0]).toEqual({ done: 50, total: onServerTotal });
    expect(seen.at(-1)).toEqual({ done: onServerTotal, total: onServerTotal });
    expect(engine.getState().progress).toBeNull();

    // The next run is an ordinary one: no first page, no progress.
    server.calls.length = 0;
    seen.length = 0;
    await engine.sync();
    expect(server.calls.some((c) => c.path.startsWith('/sync/first'))).toBe(false);
    expect(server.calls.filter((c) => c.path.startsWith('/sync/pull')).every((c) => !c.path.includes('seen='))).toBe(true);
    expect(seen).toEqual([]);
  }, 60_000);

  it('never lets the first page overwrite a change waiting on the device, and pulls a record changed after the page', async () => {
    const batch = clients(3);
    await otherDevice(batch);
    // The device edits one of them before its first sync (its copy is newer than the server's for now).
    await saveRecord('contacts', { ...contact('Mine'), id: batch[0].id, name: 'Client 000 (edited here)' }, d);
    await engine.firstPage('contacts');
    expect((await d.contacts.get(batch[0].id))?.name).toBe('Client 000 (edited here)');
    // Another device renames one after the page was read: the pull brings it although it is in the page's range.
    await otherDevice([{ collection: 'contacts', op: 'upsert', id: batch[1].id, data: { name: 'Client 001 renamed' } }]);
    await engine.sync();
    expect((await d.contacts.get(batch[1].id))?.name).toBe('Client 001 renamed');
    expect((await onServer('contacts')).get(batch[0].id)?.name).toBe('Client 000 (edited here)');
  }, 30_000);

  it('a first page that fails leaves the full pull to bring everything', async () => {
    await otherDevice(clients(5));
    server.fault = (c) => (c.path.startsWith('/sync/first') ? 'http500' : null);
    await engine.sync();
    expect(engine.getState().error).toBeNull();
    expect(await d.contacts.count()).toBe(5);
  }, 30_000);
});
