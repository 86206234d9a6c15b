import { SYNC_LIMITS, type SyncPullResponse, versionRanges } from '@duka/core';
import type { TypedCall } from '../api';
import { type AnyRecord, type Collection, cursorKey, type DukaDb } from '../db';
import { seenOf } from './firstPage';
import { since } from './firstSync';
import { type Pusher } from './push';
import { writePulled } from './writePulled';

/**
 * The pull half of the sync engine: each collection since its cursor (a server version), page by page, in bulk,
 * never overwriting a record that still has local changes waiting. What the first page (issue 30) and the device's own
 * pushes already brought is left out of the answers.
 */

/** Records per pull page: the most the server sends (core's SYNC_LIMITS). */
export const PULL_LIMIT = SYNC_LIMITS.maxPageSize;
/** Records gathered from pull pages before they are written in one transaction, at most. */
export const PULL_FLUSH = 5_000;
/**
 * A pulled page is written as soon as it comes when the last write began this long ago or more (ms); on a fast link the
 * pages of the next second are gathered into one write (fewer IndexedDB commits and live-query reruns). On a weak link
 * every page is written as it comes: the owner finds a client (a search, the list) as soon as its page is in, not when
 * the whole collection is (issue 30: a search during the first sync waited 1.5–2 s for the collection's last page).
 */
export const PULL_WRITE_EVERY_MS = 1_000;
/** Records written to IndexedDB per request (writePulled.ts). */
export { WRITE_SLICE } from './writePulled';
/** Collections pulled at the same time. */
export const PULL_CONCURRENCY = 3;

/** One page of GET /sync/pull; the records are the collection's (the device knows which collection it pulled). */
export type PullPage = Omit<SyncPullResponse, 'records'> & { records: AnyRecord[] };

export interface PullDeps {
  db: DukaDb;
  call: TypedCall;
  token: () => string | null;
  pusher: Pusher;
  /** Records pulled (the first sync's progress moves on). */
  advance: (records: number) => void;
}

/** Pulls every collection since its cursor, page by page, a few collections at a time. */
export async function pullAll(deps: PullDeps, collections: readonly Collection[]): Promise<void> {
  const todo = [...collections];
  const worker = async () => {
    for (let c = todo.shift(); c; c = todo.shift()) await pullCollection(deps, c);
  };
  // Settle every worker before reporting a failure, so no pull is still writing when the next run starts.
  const failed = (await Promise.allSettled(Array.from({ length: PULL_CONCURRENCY }, worker))).find((r) => r.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
}

export async function pullCollection(deps: PullDeps, collection: Collection): Promise<void> {
  const { db: d, call, token, pusher } = deps;
  let cursor = since((await d.meta.get(cursorKey(collection)))?.value);
  // What the first page brought is left out of the pull (issue 30).
  const had = await seenOf(d, collection);
  // Records the device took from its push answers are left out too (their versions, as ranges).
  const own = pusher.ownAbove(collection, cursor);
  const leaveOut = { ...(had ? { seen: had.seen, as_of: had.as_of } : {}), ...(own.length ? { except: versionRanges(own) } : {}) };
  // Pages are written in few large transactions (fewer IndexedDB commits and live-query reruns), one at a time and in
  // page order, while the next page is on its way; the cursor is stored with each write, so an interrupted first sync
  // resumes where it was.
  let latest = new Map<string, AnyRecord | null>();
  let writing: Promise<void> = Promise.resolve();
  let lastWrite = -Infinity;
  let failed = false;
  const flush = (version: number, done: boolean) => {
    const changes = latest;
    latest = new Map();
    lastWrite = Date.now();
    writing = writing.then(async () => {
      // Logged out meanwhile: the local data was cleared, write nothing back.
      if (token()) await writePulled(d, { collection, changes, version, dropFirst: done && !!had });
    });
    // A failed write stops the pull at its next page (no write after it runs: the cursor stays before it).
    writing.catch(() => (failed = true));
    return writing;
  };
  try {
    for (;;) {
      const page = (await call('GET /sync/pull', { query: { collection, since: cursor, limit: PULL_LIMIT, ...leaveOut } })) as PullPage;
      if (!token()) return; // logged out meanwhile: the local data was cleared, write nothing back
      for (const r of page.records) latest.set(r.id, r);
      for (const id of page.deleted) latest.set(id, null);
      deps.advance(page.records.length);
      const done = !page.has_more || page.version <= cursor;
      if (done) {
        await flush(page.version, done);
        // Versions up to the cursor are behind every later pull: no need to leave them out any more.
        pusher.forget(collection, own, page.version);
        return;
      }
      if (failed) await writing; // a write failed: stop here (its error is this pull's)
      if (latest.size >= PULL_FLUSH || Date.now() - lastWrite >= PULL_WRITE_EVERY_MS) void flush(page.version, false);
      cursor = page.version;
    }
  } finally {
    // No write of this pull is still running when it returns or fails (the next run starts from its cursor).
    await writing;
  }
}
