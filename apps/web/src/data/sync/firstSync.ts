import { DEFAULT_LAST_UPDATED } from '@duka/core';
import { ApiError, type TypedCall } from '../api';
import { type Collection, cursorKey, type DukaDb, table } from '../db';
import { FIRST_PAGE, takeAhead } from './ahead';
import { seenOf, totalsOf, writeFirstPage } from './firstPage';
import { LIST_PAGES } from '../../paths';

/** How long the first sync's full pull waits for the first screen to be drawn (its code still loading on a weak link). */
export const FIRST_SCREEN_WAIT_MS = 4_000;

/** The first sync's progress: records on the device of the account's total ("Syncing 1,240 of 2,000"). */
export interface Progress {
  done: number;
  total: number;
}

/** A pull cursor: the first pull starts from SPEC §1's 2020 default; the server's cursor is a version number. */
export function since(value: string | number | undefined): number {
  if (value === undefined || value === DEFAULT_LAST_UPDATED) return 0;
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

export interface FirstSyncDeps {
  db: DukaDb;
  call: TypedCall;
  token: () => string | null;
  collections: readonly Collection[];
  progress: { get(): Progress | null; set(progress: Progress): void };
}

/**
 * The first sync of a device (issue 30): the first page of clients comes in its own small request (GET /sync/first)
 * before the full pull, which waits until the first screen is drawn (or FIRST_SCREEN_WAIT_MS), leaves out what that
 * page brought, and reports its progress.
 */
export class FirstSync {
  private pages = new Map<Collection, Promise<void>>();
  private screen: { drawn: Promise<void>; resolve: () => void };

  constructor(private readonly deps: FirstSyncDeps) {
    let resolve = () => {};
    const drawn = new Promise<void>((r) => (resolve = r));
    this.screen = { drawn, resolve };
  }

  /** The first screen (the client list) is on screen: the first sync's full pull need not wait any longer for it. */
  screenDrawn = (): void => this.screen.resolve();

  /**
   * Before a collection is pulled for the first time: its first page in list order, in one small request (the one
   * asked for at Log in when there is one). Later calls share it; nothing happens once the collection is pulled.
   */
  page(collection: Collection): Promise<void> {
    let p = this.pages.get(collection);
    if (!p) {
      p = (async () => {
        const d = this.deps.db;
        if (since((await d.meta.get(cursorKey(collection)))?.value) > 0 || (await seenOf(d, collection))) return;
        const ask = () => this.deps.call('GET /sync/first', { query: { collection, limit: FIRST_PAGE } });
        // An answer asked ahead that failed (the early script's has no retry nor the server's sentence): ask again.
        const page = await (takeAhead(collection)?.catch(ask) ?? ask());
        if (!this.deps.token()) return;
        await writeFirstPage(d, collection, page);
      })();
      p.catch(() => this.pages.delete(collection));
      this.pages.set(collection, p);
    }
    return p;
  }

  /** Whether nothing was pulled yet on this device (a new phone, or after a log out). */
  async isFirst(): Promise<boolean> {
    const cursors = await this.deps.db.meta.bulkGet(this.deps.collections.map(cursorKey));
    return cursors.some((c) => since(c?.value) === 0);
  }

  /** What comes before the first full pull: the first clients alone on the link, the screen drawn, the progress started. */
  async prepare(): Promise<void> {
    await this.page('contacts').catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 401) throw e; // else the full pull brings them
    });
    // Only the client list is worth the wait (other screens draw without the sync), and only when it has clients.
    const onList = typeof location !== 'undefined' && LIST_PAGES.includes(location.pathname.replace(/\/$/, '') || '/');
    if (onList && (await this.deps.db.contacts.count())) {
      await Promise.race([this.screen.drawn, new Promise((r) => setTimeout(r, FIRST_SCREEN_WAIT_MS))]);
    }
    this.screen.resolve(); // once per page: a later run does not wait again
    await this.startProgress();
  }

  private async startProgress(): Promise<void> {
    const { db, collections } = this.deps;
    const totals = await totalsOf(db);
    if (!totals) return;
    const total = collections.reduce((n, c) => n + (totals[c] ?? 0), 0);
    const counts = await Promise.all(collections.map((c) => table(c, db).count()));
    this.deps.progress.set({
      done: Math.min(
        total,
        counts.reduce((a, b) => a + b, 0),
      ),
      total,
    });
  }

  /** Records pulled: the progress moves on (while there is one). */
  advance(records: number): void {
    const p = this.deps.progress.get();
    if (p && records) this.deps.progress.set({ done: Math.min(p.total, p.done + records), total: p.total });
  }
}
