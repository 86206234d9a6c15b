import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type AnyRecord, type Contact, createDb, cursorKey, type DukaDb, saveRecord } from '../db';
import { firstKey } from './firstPage';
import { WRITE_SLICE, writePulled, writePulledTogether } from './writePulled';

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

it('writes the pull of several collections in one transaction: each keeps its waiting changes, every cursor moves, only what changed reruns', async () => {
  const mine = await saveRecord('contacts', { id: 'c0001', name: 'Typed on this phone' } as never, d);
  const contacts: number[] = [];
  const catalogs: number[] = [];
  const subs = [
    liveQuery(() => d.contacts.toArray()).subscribe((rows) => contacts.push(rows.length)),
    liveQuery(() => d.catalogs.toArray()).subscribe((rows) => catalogs.push(rows.length)),
  ];
  await new Promise((r) => setTimeout(r, 50));
  const item = { id: 'i0001', name: 'Rice', version: 8, updated_at: '2026-11-27T09:00:00Z' } as unknown as AnyRecord;

  const put = await writePulledTogether(d, [
    {
      collection: 'contacts',
      changes: new Map([
        [mine.id, pulled(1, 50)],
        ['c0003', pulled(3, 9)],
      ]),
      version: 12,
      dropFirst: false,
    },
    { collection: 'invoices', changes: new Map(), version: 12, dropFirst: false },
    { collection: 'catalogs', changes: new Map([[item.id, item]]), version: 15, dropFirst: false },
  ]);

  expect(put).toBe(2);
  expect((await d.contacts.get(mine.id))?.name).toBe('Typed on this phone');
  expect((await d.contacts.get('c0003'))?.name).toBe('Client 3');
  expect((await d.catalogs.get('i0001'))?.name).toBe('Rice');
  expect((await d.meta.bulkGet(['contacts', 'invoices', 'catalogs'].map((c) => cursorKey(c as never)))).map((m) => m?.value)).toEqual([12, 12, 15]);
  await expect.poll(() => catalogs.at(-1)).toBe(1);
  await expect.poll(() => contacts.at(-1)).toBe(2);
  expect(catalogs).toEqual([0, 1]);
  subs.forEach((s) => s.unsubscribe());
});

it('writes nothing in any collection, cursors included, when one record cannot be stored', async () => {
  const bad = { id: 'i0002', name: 'Bad', fn: () => 1 } as unknown as AnyRecord;
  await expect(
    writePulledTogether(d, [
      { collection: 'contacts', changes: new Map([['c0004', pulled(4)]]), version: 20, dropFirst: false },
      { collection: 'catalogs', changes: new Map([['i0002', bad]]), version: 20, dropFirst: false },
    ]),
  ).rejects.toBeTruthy();

  expect(await d.contacts.count()).toBe(0);
  expect((await d.meta.get(cursorKey('contacts')))?.value).not.toBe(20);
  expect((await d.meta.get(cursorKey('catalogs')))?.value).not.toBe(20);
});
