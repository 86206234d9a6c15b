import Dexie, { type EntityTable } from 'dexie';
import { type AnyRecord, type Collection, db as defaultDb, type DukaDb, type QueuedMutation, type StoredBlob, table } from './db';

/**
 * Changes kept for a user who logged out before they reached the server (issue 14 item 1).
 * Log out empties the device database, so the next person on the device sees nothing; the changes still
 * waiting (queued mutations, the records they touch, receipt photos) are first moved here, under the
 * user's id, in a database of their own. When the same user logs in again on this device they are put
 * back and the sync engine uploads them; nobody else's session ever reads them.
 */
export interface ParkedChanges {
  user_id: string;
  queue: QueuedMutation[];
  records: { collection: Collection; record: AnyRecord }[];
  blobs: StoredBlob[];
  parked_at: string;
}

type ParkedDb = Dexie & { parked: EntityTable<ParkedChanges, 'user_id'> };

export const PARKED_DB_NAME = 'duka-parked';

export function createParkedDb(name = PARKED_DB_NAME): ParkedDb {
  const d = new Dexie(name) as ParkedDb;
  d.version(1).stores({ parked: 'user_id' });
  return d;
}

let shared: ParkedDb | null = null;
function parkedDb(): ParkedDb {
  shared ??= createParkedDb();
  return shared;
}

export interface UnsyncedCounts {
  /** Queued changes and receipt photos still to be sent. */
  waiting: number;
  /** Changes the server refused and photos that failed: kept on the device to fix. */
  rejected: number;
  total: number;
}

/**
 * The one count of changes on the device not yet accepted by the server (issue 23): queued mutations and
 * receipt photos. The header's "N waiting" and the log-out dialog's "N changes" both come from here.
 */
export function unsyncedCounts(queue: Pick<QueuedMutation, 'status'>[], photos: Pick<StoredBlob, 'error'>[]): UnsyncedCounts {
  const rejected = queue.filter((m) => m.status === 'rejected').length + photos.filter((b) => !!b.error).length;
  const total = queue.length + photos.length;
  return { waiting: total - rejected, rejected, total };
}

export async function readUnsyncedCounts(d: DukaDb = defaultDb): Promise<UnsyncedCounts> {
  const [queue, photos] = await Promise.all([d.queue.toArray(), d.blobs.toArray()]);
  return unsyncedCounts(queue, photos);
}

/** Changes on the device not yet accepted by the server: queued mutations (waiting or refused) and receipt photos. */
export async function countUnsynced(d: DukaDb = defaultDb): Promise<number> {
  return (await readUnsyncedCounts(d)).total;
}

/** Moves the changes still on the device into the user's parked copy (merged with an older one). Returns how many. */
export async function parkUnsynced(userId: string, d: DukaDb = defaultDb, p: ParkedDb = parkedDb()): Promise<number> {
  const queue = await d.queue.orderBy('seq').toArray();
  const blobs = await d.blobs.toArray();
  if (!queue.length && !blobs.length) return 0;
  const records: ParkedChanges['records'] = [];
  const seen = new Set<string>();
  for (const m of queue) {
    const key = `${m.collection}:${m.id}`;
    if (m.op !== 'upsert' || seen.has(key)) continue;
    seen.add(key);
    const record = await table(m.collection, d).get(m.id);
    if (record) records.push({ collection: m.collection, record });
  }
  for (const b of blobs) {
    const key = `expenses:${b.id}`;
    if (seen.has(key)) continue;
    const record = await d.expenses.get(b.id);
    if (record) {
      seen.add(key);
      records.push({ collection: 'expenses', record });
    }
  }
  await p.transaction('rw', p.parked, async () => {
    const older = await p.parked.get(userId);
    const newer = new Set(records.map((r) => `${r.collection}:${r.record.id}`));
    const blobIds = new Set(blobs.map((b) => b.id));
    await p.parked.put({
      user_id: userId,
      // Older changes go first: the server applies them in order, and each is applied once (mutation ids).
      queue: [...(older?.queue ?? []), ...queue.map(({ seq: _seq, ...m }) => m as QueuedMutation)],
      records: [...(older?.records ?? []).filter((r) => !newer.has(`${r.collection}:${r.record.id}`)), ...records],
      blobs: [...(older?.blobs ?? []).filter((b) => !blobIds.has(b.id)), ...blobs],
      parked_at: new Date().toISOString(),
    });
  });
  return queue.length + blobs.length;
}

/** How many changes are parked for this user on this device. */
export async function countParked(userId: string, p: ParkedDb = parkedDb()): Promise<number> {
  const row = await p.parked.get(userId);
  return row ? row.queue.length + row.blobs.length : 0;
}

/**
 * Puts the user's parked changes back into the device database (before the first sync after log in),
 * so they upload; the parked copy is removed once they are back. Returns how many were restored.
 */
export async function restoreParked(userId: string, d: DukaDb = defaultDb, p: ParkedDb = parkedDb()): Promise<number> {
  const row = await p.parked.get(userId);
  if (!row) return 0;
  const tables = [...new Set(row.records.map((r) => r.collection))].map((c) => d.table(c));
  await d.transaction('rw', [d.queue, d.blobs, ...tables], async () => {
    const known = new Set((await d.queue.toArray()).map((m) => m.mutation_id));
    for (const { collection, record } of row.records) await table(collection, d).put(record as never);
    for (const m of row.queue) if (!known.has(m.mutation_id)) await d.queue.add({ ...m });
    for (const b of row.blobs) await d.blobs.put(b);
  });
  await p.parked.delete(userId);
  return row.queue.length + row.blobs.length;
}

/** Forgets a user's parked changes (their account was deleted). */
export async function dropParked(userId: string, p: ParkedDb = parkedDb()): Promise<void> {
  await p.parked.delete(userId);
}
