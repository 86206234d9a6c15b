import type { SyncFirstResponse } from '@duka/core';
import { type AnyRecord, type Collection, type DukaDb, table } from '../db';

/**
 * The device side of GET /sync/first (issue 30). The first page is written as it comes (never over a newer copy
 * or a record with local changes waiting); where it ends (`seen`, `as_of`) is kept so the full pull leaves those
 * records out; the live totals are kept for the first sync's progress.
 */

export const firstKey = (collection: Collection) => `first:${collection}`;
export const TOTALS_KEY = 'first:totals';

export interface Seen {
  seen: string;
  as_of: number;
}

function parse<T>(value: string | number | undefined): T | null {
  if (typeof value !== 'string') return null;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
}

export async function seenOf(d: DukaDb, collection: Collection): Promise<Seen | null> {
  return parse<Seen>((await d.meta.get(firstKey(collection)))?.value);
}

export async function totalsOf(d: DukaDb): Promise<Record<string, number> | null> {
  return parse<Record<string, number>>((await d.meta.get(TOTALS_KEY))?.value);
}

/** Writes a first page: new records and newer copies only, none with local changes waiting; keeps `seen` and the totals. */
export async function writeFirstPage(d: DukaDb, collection: Collection, page: SyncFirstResponse): Promise<void> {
  const t = table(collection, d);
  const records = page.records as unknown as AnyRecord[];
  await d.transaction('rw', [t, d.queue, d.meta], async () => {
    const waiting = new Set((await d.queue.where('collection').equals(collection).toArray()).map((m) => m.id));
    const have = await t.bulkGet(records.map((r) => r.id));
    const puts = records.filter((r, i) => !waiting.has(r.id) && (have[i]?.version ?? -1) < (r.version ?? 0));
    if (puts.length) await t.bulkPut(puts as never[]);
    await d.meta.put({ key: TOTALS_KEY, value: JSON.stringify(page.totals) });
    // The device now holds every record up to `seen` as of `as_of` (or a newer copy): pulls may leave them out.
    if (page.seen) await d.meta.put({ key: firstKey(collection), value: JSON.stringify({ seen: page.seen, as_of: page.version }) });
  });
}
