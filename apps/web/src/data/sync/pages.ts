import { SYNC_LIMITS } from '@duka/core';
import type { TypedCall } from '../api';
import type { AnyRecord, Collection, DukaDb } from '../db';
import type { Pusher } from './push';

/**
 * The page loop every pull shares (one collection, or all of them together): pages since a cursor, gathered and written
 * in few large transactions, one at a time and in page order, while the next page is on its way.
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

export interface PullDeps {
  db: DukaDb;
  call: TypedCall;
  token: () => string | null;
  pusher: Pusher;
  /** Records pulled (the first sync's progress moves on). */
  advance: (records: number) => void;
}

/** What a pull gathered, per collection: records by id, null for a record deleted on the server. */
export type Changes = Map<Collection, Map<string, AnyRecord | null>>;

/** One page of a pull, per collection. */
export interface Page {
  parts: Array<{ collection: Collection; records: AnyRecord[]; deleted: string[] }>;
  version: number;
  has_more: boolean;
}

export interface Pages {
  /** The cursor the pull starts from. */
  start: number;
  /** Asks for the page after `cursor`. */
  ask: (cursor: number) => Promise<Page>;
  /** Writes what was gathered with the cursor `version` (the pull's last write when `done`). */
  write: (changes: Changes, version: number, done: boolean) => Promise<void>;
  /** The pull ended at `version`. */
  passed: (version: number) => void;
}

/**
 * Pulls page by page until the server has no more. The cursor is stored with each write, so an interrupted pull resumes
 * where it was; a failed write stops the pull at its next page (no write after it runs: the cursor stays before it).
 */
export async function pullPages(deps: PullDeps, pages: Pages): Promise<void> {
  const { token } = deps;
  let cursor = pages.start;
  let latest: Changes = new Map();
  let gathered = 0;
  let writing: Promise<void> = Promise.resolve();
  let lastWrite = -Infinity;
  let failed = false;
  const flush = (version: number, done: boolean) => {
    const changes = latest;
    latest = new Map();
    gathered = 0;
    lastWrite = Date.now();
    writing = writing.then(async () => {
      // Logged out meanwhile: the local data was cleared, write nothing back.
      if (token()) await pages.write(changes, version, done);
    });
    writing.catch(() => (failed = true));
    return writing;
  };
  try {
    for (;;) {
      const page = await pages.ask(cursor);
      if (!token()) return; // logged out meanwhile: the local data was cleared, write nothing back
      let records = 0;
      for (const { collection, records: put, deleted } of page.parts) {
        const into = latest.get(collection) ?? new Map<string, AnyRecord | null>();
        latest.set(collection, into);
        for (const r of put) into.set(r.id, r);
        for (const id of deleted) into.set(id, null);
        records += put.length;
        gathered += put.length + deleted.length;
      }
      deps.advance(records);
      const done = !page.has_more || page.version <= cursor;
      if (done) {
        await flush(page.version, done);
        pages.passed(page.version);
        return;
      }
      if (failed) await writing; // a write failed: stop here (its error is this pull's)
      if (gathered >= PULL_FLUSH || Date.now() - lastWrite >= PULL_WRITE_EVERY_MS) void flush(page.version, false);
      cursor = page.version;
    }
  } finally {
    // No write of this pull is still running when it returns or fails (the next run starts from its cursor).
    await writing;
  }
}
