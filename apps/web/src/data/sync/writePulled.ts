import Dexie, { RangeSet } from 'dexie';
import { type AnyRecord, type Collection, cursorKey, type DukaDb, table } from '../db';
import { firstKey } from './firstPage';

/**
 * Writes what a pull brought (issue 30: the first sync of a new phone must not block the screen): straight through
 * IndexedDB in one transaction, a few records per request, instead of through Dexie's table API. Dexie tracks every key
 * and indexed value of a small bulkPut in interval trees and runs each step through its promise zones: on the first
 * sync of 1,000 clients and 1,000 invoices that was most of the main thread's work after the list was drawn (Lighthouse's
 * blocking time). The live queries (the list) are told once, after the transaction, as Dexie tells them of its own.
 */

/**
 * Records put per step: each step is one task on the main thread (the records are copied as they are put), kept short
 * on a slow phone (an invoice with its lines costs most; Lighthouse counts a task 4× as long and blocks over 50 ms).
 */
export const WRITE_SLICE = 16;

export interface PulledWrite {
  collection: Collection;
  /** Records by id; null for a record deleted on the server. */
  changes: Map<string, AnyRecord | null>;
  /** The pull's cursor after these changes. */
  version: number;
  /** The first page's mark (`first:<collection>`) goes: the full pull has passed it. */
  dropFirst: boolean;
}

const done = (r: IDBRequest) =>
  new Promise<void>((resolve, reject) => {
    r.onsuccess = () => resolve();
    r.onerror = () => reject(r.error ?? new Error('The device database refused the write'));
  });

const committed = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('The device database did not keep the write'));
  });

/**
 * Writes a pull's changes, never over a record with local changes waiting (those win until the server accepts them),
 * and stores the cursor with them: all or nothing. Returns how many records were put.
 */
export function writePulled(d: DukaDb, write: PulledWrite): Promise<number> {
  return writePulledTogether(d, [write]);
}

/**
 * Writes what one pull brought for several collections (the steady state's one pull for all of them, pull.ts) in one
 * transaction: each collection's changes and cursor as writePulled does, all or nothing. Returns how many records were
 * put. Only the collections that changed tell their live queries.
 */
export async function writePulledTogether(d: DukaDb, writes: readonly PulledWrite[]): Promise<number> {
  if (!d.isOpen()) await d.open();
  const stores = writes.map((w) => table(w.collection, d).name);
  // Only the tables something is written to are in the transaction: a pull that brought nothing (most syncs) moves the
  // cursors without holding up the screens reading the tables.
  const changed = [...new Set(stores.filter((_, i) => writes[i].changes.size))];
  const tx = d.backendDB().transaction([...changed, ...(changed.length ? [d.queue.name] : []), d.meta.name], 'readwrite');
  const finished = committed(tx);
  try {
    const meta = tx.objectStore(d.meta.name);
    let put = 0;
    for (const [i, { collection, changes, version, dropFirst }] of writes.entries()) {
      if (changes.size) put += await writeChanges(tx.objectStore(stores[i]), tx.objectStore(d.queue.name), collection, changes);
      if (dropFirst) meta.delete(firstKey(collection));
      meta.put({ key: cursorKey(collection), value: version });
    }
    await finished;
    for (const w of writes) if (w.changes.size) tell(d, w.collection);
    return put;
  } catch (e) {
    try {
      tx.abort();
    } catch {
      // already finished
    }
    await finished.catch(() => undefined);
    throw e;
  }
}

/** Puts and deletes one collection's changes, a few at a time, skipping records with changes waiting; returns the puts. */
async function writeChanges(target: IDBObjectStore, queue: IDBObjectStore, collection: Collection, changes: Map<string, AnyRecord | null>): Promise<number> {
  const waiting = await waitingIds(queue, collection);
  const puts: AnyRecord[] = [];
  let last: IDBRequest | null = null;
  for (const [id, r] of changes) {
    if (waiting.has(id)) continue;
    if (r) puts.push(r);
    else last = target.delete(id);
  }
  // Each step waits for the one before it: the browser runs other tasks (a tap, a frame) in between.
  for (let i = 0; i < puts.length; i += WRITE_SLICE) {
    for (const r of puts.slice(i, i + WRITE_SLICE)) last = target.put(r);
    await done(last!);
  }
  return puts.length;
}

/** Ids of the collection's records with changes queued, from the queue's [collection+id] index alone (no records read). */
function waitingIds(queue: IDBObjectStore, collection: Collection): Promise<Set<string>> {
  const ids = new Set<string>();
  const range = IDBKeyRange.bound([collection, Dexie.minKey], [collection, Dexie.maxKey]);
  const cursor = queue.index('[collection+id]').openKeyCursor(range);
  return new Promise((resolve, reject) => {
    cursor.onsuccess = () => {
      const c = cursor.result;
      if (!c) return resolve(ids);
      ids.add(String((c.key as [string, string])[1]));
      c.continue();
    };
    cursor.onerror = () => reject(cursor.error);
  });
}

/**
 * The live queries reading the collection run again (and Dexie's cache of their results is dropped): the event Dexie
 * itself listens to for a change made outside its own transactions (its `x-storagemutated-1` window event).
 */
function tell(d: DukaDb, collection: Collection): void {
  if (typeof dispatchEvent !== 'function') return;
  const t = table(collection, d);
  const all = () => new RangeSet(Dexie.minKey, Dexie.maxKey);
  const part = (index: string) => `idb://${d.name}/${t.name}/${index}`;
  const parts: Record<string, RangeSet> = { [part('')]: all(), [part(':dels')]: all() };
  for (const index of t.schema.indexes) parts[part(index.name)] = all();
  dispatchEvent(new CustomEvent('x-storagemutated-1', { detail: parts }));
}
