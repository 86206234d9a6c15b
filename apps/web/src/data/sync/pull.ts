import { type SyncPullResponse, versionRanges } from '@duka/core';
import { ApiError } from '../api';
import { type AnyRecord, type Collection, cursorKey } from '../db';
import { seenOf } from './firstPage';
import { since } from './firstSync';
import { PULL_LIMIT, type PullDeps, pullPages } from './pages';
import { pullTogether, steadyCursors } from './pullTogether';
import { writePulled } from './writePulled';

/**
 * The pull half of the sync engine: each collection since its cursor (a server version), page by page (pages.ts), in
 * bulk, never overwriting a record that still has local changes waiting. What the first page (issue 30) and the
 * device's own pushes already brought is left out of the answers.
 */

export { PULL_FLUSH, PULL_LIMIT, PULL_WRITE_EVERY_MS, type PullDeps } from './pages';
/** Records written to IndexedDB per request (writePulled.ts). */
export { WRITE_SLICE } from './writePulled';
/** Collections pulled at the same time (a device's first sync; later syncs pull them all in one request series). */
export const PULL_CONCURRENCY = 3;

/** One page of GET /sync/pull; the records are the collection's (the device knows which collection it pulled). */
export type PullPage = Omit<SyncPullResponse, 'records'> & { records: AnyRecord[] };

/**
 * Once the device has done its full sync (every cursor past the start, no first page pending), a pull is one request
 * series for every collection (`collections=`, pullTogether.ts) instead of one per collection: fewer round trips
 * after every change on a weak link, one request instead of seven on the server (issue 27).
 */
export const PULL_TOGETHER = true;

/** Pulls every collection since its cursor: all together in the steady state, else page by page, a few at a time. */
export async function pullAll(deps: PullDeps, collections: readonly Collection[]): Promise<void> {
  if (PULL_TOGETHER && collections.length > 1) {
    const cursors = await steadyCursors(deps.db, collections);
    try {
      if (cursors) return await pullTogether(deps, cursors);
    } catch (e) {
      // A server process that does not know `collections` yet (a rolling update behind a balancer) refuses it: this run
      // pulls each collection alone (every page written so far moved its cursors, so they carry on from there).
      if (!(e instanceof ApiError && e.status === 400)) throw e;
    }
  }
  const todo = [...collections];
  const worker = async () => {
    for (let c = todo.shift(); c; c = todo.shift()) await pullCollection(deps, c);
  };
  // Settle every worker before reporting a failure, so no pull is still writing when the next run starts.
  const failed = (await Promise.allSettled(Array.from({ length: PULL_CONCURRENCY }, worker))).find((r) => r.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
}

export async function pullCollection(deps: PullDeps, collection: Collection): Promise<void> {
  const { db: d, call, pusher } = deps;
  const start = since((await d.meta.get(cursorKey(collection)))?.value);
  // What the first page brought is left out of the pull (issue 30).
  const had = await seenOf(d, collection);
  // Records the device took from its push answers are left out too (their versions, as ranges).
  const own = pusher.ownAbove(collection, start);
  const leaveOut = { ...(had ? { seen: had.seen, as_of: had.as_of } : {}), ...(own.length ? { except: versionRanges(own) } : {}) };
  await pullPages(deps, {
    start,
    ask: async (cursor) => {
      const page = (await call('GET /sync/pull', { query: { collection, since: cursor, limit: PULL_LIMIT, ...leaveOut } })) as PullPage;
      return { parts: [{ collection, records: page.records, deleted: page.deleted }], version: page.version, has_more: page.has_more };
    },
    write: (changes, version, done) =>
      writePulled(d, { collection, changes: changes.get(collection) ?? new Map(), version, dropFirst: done && !!had }).then(() => undefined),
    // Versions up to the cursor are behind every later pull: no need to leave them out any more.
    passed: (version) => pusher.forget(collection, own, version),
  });
}
