import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type AnyRecord, type Contact, createDb, cursorKey, type DukaDb, saveRecord } from '../db';
import { firstKey } from './firstPage';
import { WRITE_SLICE, writePulled } from './writePulled';

let d: DukaDb;
let n = 0;
beforeEach(async () => {
  d = createDb(`write-pulled-${++n}`);
  await d.open();
});
afterEach(() => d.close());

const pulled = (i: number, version = i + 1) =>
  ({
    id: `c${String(i).padStart(4, '0')}`,
    name: `Client ${i}`,
    permalink: `client-${i}`,
    version,
    updated_at: '2026-11-27T09:00:00Z',
  }) as unknown as AnyRecord;

it('writes a pull in steps, with its cursor, and the live list shows it after the one transaction', async () => {
  const seen: number[] = [];
  const sub = liveQuery(() => d.contacts.toArray()).subscribe((rows) => seen.push(rows.length));
  await new Promise((r) => setTimeout(r, 50));
  const count = WRITE_SLICE * 3 + 5;
  const changes = new Map(Array.from({ length: count }, (_, i) => [pulled(i).id, pulled(i)] as const));
  await d.meta.put({ key: firstKey('contacts'), value: '{"seen":"x","as_of":1}' });

  expect(await writePulled(d, { collection: 'contacts', changes, version: 99, dropFirst: true })).toBe(count);

  expect(await d.contacts.count()).toBe(count);
  expect((await d.meta.get(cursorKey('contacts')))?.value).toBe(99);
  expect(await d.meta.get(firstKey('contacts'))).toBeUndefined();
  await expect.poll(() => seen.at(-1)).toBe(count);
  expect(seen).toEqual([0, count]); // one rerun for the whole write, not one per step
  sub.unsubscribe();
});

it('keeps a record with a local change waiting and deletes what the server deleted', async () => {
  const mine = await saveRecord('contacts', { id: 'c0001', name: 'Typed on this phone' } as never, d);
  await d.contacts.put(pulled(2) as unknown as Contact);
  const changes = new Map<string, AnyRecord | null>([
    [mine.id, pulled(1, 50)],
    ['c0002', null],
    ['c0003', pulled(3)],
  ]);

  expect(await writePulled(d, { collection: 'contacts', changes, version: 7, dropFirst: false })).toBe(1);

  expect((await d.contacts.get(mine.id))?.name).toBe('Typed on this phone');
  expect(await d.contacts.get('c0002')).toBeUndefined();
  expect((await d.contacts.get('c0003'))?.name).toBe('Client 3');
  expect((await d.meta.get(cursorKey('contacts')))?.value).toBe(7);
});

it('writes nothing, cursor included, when a record cannot be stored', async () => {
  const bad = { ...pulled(5), bad: () => 1 } as unknown as AnyRecord; // a function cannot be stored
  const changes = new Map<string, AnyRecord | null>([
    ['c0004', pulled(4)],
    ['c0005', bad],
  ]);

  await expect(writePulled(d, { collection: 'contacts', changes, version: 9, dropFirst: false })).rejects.toBeTruthy();

  expect(await d.contacts.count()).toBe(0);
  expect((await d.meta.get(cursorKey('contacts')))?.value).not.toBe(9);
});
