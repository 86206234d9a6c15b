import { type SyncPullManyResponse, type SyncPushPull, versionRanges } from '@duka/core';
import { type AnyRecord, type Collection, cursorKey, type DukaDb } from '../db';
import { firstKey } from './firstPage';
import { since } from './firstSync';
import { PULL_LIMIT, type PullDeps, pullPages } from './pages';
import type { Pusher } from './push';
import { writePulledTogether } from './writePulled';

/**
 * The steady state's pull (issue 27): every collection in one request series (`GET /sync/pull?collections=…`) once the
 * device has done its full sync. Versions are one counter per user across collections, so one cursor serves them all:
 * the pull starts from the smallest cursor (a collection whose pull failed last time is behind the others; what the
 * others already hold comes again and is written again, the server's copy being the newest), leaves out the versions
 * the device took from its push answers in any collection, and ends with every cursor at the last page's version.
 */

/** One page of the pull of several collections; the records are each named collection's. */
type PullTogetherPage = Omit<SyncPullManyResponse, 'collections'> & { collections: Record<string, { records: AnyRecord[]; deleted: string[] }> };

/**
 * Each collection's cursor when the device is in the steady state: every cursor past the start and no first page
 * (issue 30) waiting for its collection's full pull; null otherwise (that collection's first sync pulls it alone).
 */
export async function steadyCursors(d: DukaDb, collections: readonly Collection[]): Promise<Map<Collection, number> | null> {
  const [cursors, firsts] = await Promise.all([d.meta.bulkGet(collections.map(cursorKey)), d.meta.bulkGet(collections.map(firstKey))]);
  const out = new Map<Collection, number>();
  for (const [i, c] of collections.entries()) {
    const cursor = since(cursors[i]?.value);
    if (cursor === 0 || firsts[i]) return null;
    out.set(c, cursor);
  }
  return out;
}

/**
 * The cursor of the pull of `cursors` (from the smallest cursor, leaving out what the device holds from its pushes): what
 * a push asks its answer to carry (`pull`, issue 27), so that the sync's pull needs no request of its own.
 */
export function pullCursor(pusher: Pusher, cursors: ReadonlyMap<Collection, number>): SyncPushPull {
  const collections = [...cursors.keys()];
  const start = Math.min(...cursors.values());
  const except = versionRanges(collections.flatMap((c) => pusher.ownAbove(c, start)));
  return { collections, since: start, limit: PULL_LIMIT, ...(except ? { except } : {}) };
}

/**
 * Pulls every collection of `cursors` in one request series from the smallest cursor. `first`: that pull's first page,
 * already come with a push's answer (asked for with pullCursor): written as if pulled, and pulled on only when it has more.
 */
export async function pullTogether(deps: PullDeps, cursors: ReadonlyMap<Collection, number>, first?: SyncPullManyResponse): Promise<void> {
  const { db: d, call, pusher } = deps;
  const collections = [...cursors.keys()];
  const start = Math.min(...cursors.values());
  // Taken after the push whose answer brought `first`: its records' versions are left out of the pages after it too.
  const own = new Map(collections.map((c) => [c, pusher.ownAbove(c, start)] as const));
  const except = versionRanges([...own.values()].flat());
  let carried = first;
  await pullPages(deps, {
    start,
    ask: async (cursor) => {
      const query = { collections: collections.join(','), since: cursor, limit: PULL_LIMIT, ...(except ? { except } : {}) };
      const ready = cursor === start ? carried : undefined;
      carried = undefined;
      const page = (ready ?? (await call('GET /sync/pull', { query }))) as PullTogetherPage;
      const parts = collections.map((collection) => {
        const part = page.collections?.[collection];
        // Every named collection is in the answer: one missing would move its cursor past changes it never got.
        if (!part) throw new Error(`The server's pull left out ${collection}; nothing was written, the next sync asks again.`);
        return { collection, records: part.records, deleted: part.deleted };
      });
      return { parts, version: page.version, has_more: page.has_more };
    },
    // One transaction for every collection; a cursor never moves back (a collection ahead keeps its own).
    write: (changes, version) =>
      writePulledTogether(
        d,
        collections.map((collection) => ({
          collection,
          changes: changes.get(collection) ?? new Map<string, AnyRecord | null>(),
          version: Math.max(version, cursors.get(collection)!),
          dropFirst: false,
        })),
      ).then(() => undefined),
    passed: (version) => {
      for (const [collection, versions] of own) pusher.forget(collection, versions, version);
    },
  });
}
