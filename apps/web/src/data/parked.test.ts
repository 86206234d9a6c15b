import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLocalData, createDb, type DukaDb, saveReceipt, saveRecord } from './db';
import { countParked, countUnsynced, createParkedDb, dropParked, parkUnsynced, restoreParked } from './parked';

/** Issue 14 item 1: changes waiting at log out are kept for that user on the device, never shown to another. */
let n = 0;
const open: { close: () => void }[] = [];
function dbs() {
  const d = createDb(`parked-test-${++n}`);
  const p = createParkedDb(`parked-store-${n}`);
  open.push(d, p);
  return { d, p };
}
afterEach(() => open.splice(0).forEach((x) => x.close()));

async function addClient(d: DukaDb, id: string, name: string) {
  return saveRecord('contacts', { id, name, email: '', phone: '', permalink: name.toLowerCase() } as never, d);
}

describe('parked changes', () => {
  it('keeps the queue, its records and receipt photos for the user and puts them back for the same user only', async () => {
    const { d, p } = dbs();
    await addClient(d, '11111111-1111-4111-8111-111111111111', 'Baraka');
    await saveRecord('expenses', { id: '22222222-2222-4222-8222-222222222222', amount: 1500, date: '2026-01-02', category: 'Transport' } as never, d);
    await saveReceipt('22222222-2222-4222-8222-222222222222', new Blob(['x'], { type: 'image/png' }), 'r.png', d);
    expect(await countUnsynced(d)).toBe(3);

    expect(await parkUnsynced('user-a', d, p)).toBe(3);
    await clearLocalData(d);
    expect(await countUnsynced(d)).toBe(0);
    expect(await d.contacts.count()).toBe(0);
    expect(await countParked('user-a', p)).toBe(3);

    // Another user on the device gets nothing back.
    expect(await restoreParked('user-b', d, p)).toBe(0);
    expect(await d.contacts.count()).toBe(0);

    // The same user gets the records, the queue (same mutation ids, in order) and the photo back.
    const before = (await p.parked.get('user-a'))!.queue.map((m) => m.mutation_id);
    expect(await restoreParked('user-a', d, p)).toBe(3);
    expect((await d.contacts.toArray()).map((c) => c.name)).toEqual(['Baraka']);
    expect((await d.queue.orderBy('seq').toArray()).map((m) => m.mutation_id)).toEqual(before);
    expect(await d.blobs.count()).toBe(1);
    expect(await countParked('user-a', p)).toBe(0);
  });

  it('adds to what an earlier log out kept, and forgets it when the account is deleted', async () => {
    const { d, p } = dbs();
    await addClient(d, '33333333-3333-4333-8333-333333333333', 'Amina');
    await parkUnsynced('user-a', d, p);
    await clearLocalData(d);
    await addClient(d, '44444444-4444-4444-8444-444444444444', 'Juma');
    expect(await parkUnsynced('user-a', d, p)).toBe(1);
    expect(await countParked('user-a', p)).toBe(2);
    await dropParked('user-a', p);
    expect(await countParked('user-a', p)).toBe(0);
  });

  it('keeps nothing when nothing is waiting', async () => {
    const { d, p } = dbs();
    expect(await parkUnsynced('user-a', d, p)).toBe(0);
    expect(await p.parked.count()).toBe(0);
  });
});
