import type { SyncPushPull } from '@duka/core';
import { ApiError, request as api, type JsonKey, type Transport, type TypedCall, typedClient } from '../api';
import { type AnyRecord, COLLECTIONS, type Collection, type DukaDb, db as defaultDb, onLocalWrite, type QueuedMutation, table } from '../db';
import { getToken } from '../session';
import { FirstSync } from './firstSync';
import { isFirstSyncBusy, setFirstSyncBusy } from './linkBusy';
import { noteFirstSyncEnded } from './linkSettled';
import { PULL_TOGETHER, type PullDeps, pullAll, pullCollection } from './pull';
import { pullCursor, pullTogether, steadyCursors } from './pullTogether';
import { dropUnsavedDerivedStock } from './derivedStock';
import { Pusher, type PushPass } from './push';
import { uploadReceipts } from './receipts';
import { RetryBackoff } from './retryBackoff';

/**
 * Each collection's record in core's route map: GET /<collection>/:id answers the server's copy (a collection
 * without a route there fails the type check). Stock movements have none: they are only ever added, so a refused
 * one has no server copy to restore.
 */
const RECORD_ROUTES = {
  contacts: 'GET /contacts/:id',
  invoices: 'GET /invoices/:id',
  notes: 'GET /notes/:id',
  expenses: 'GET /expenses/:id',
  catalogs: 'GET /catalogs/:id',
  fees: 'GET /fees/:id',
  stock_movements: null,
} as const satisfies Record<Collection, JsonKey | null>;

export { FIRST_SCREEN_WAIT_MS } from './firstSync';
export { PULL_CONCURRENCY, PULL_FLUSH, PULL_LIMIT, type PullPage } from './pull';
export { HOLD_AFTER_ATTEMPTS, PUSH_BATCH, type PushResult, refusedFields } from './push';

/**
 * The sync engine (DESIGN "Local-first data and sync"): when to sync (now, on 'online', on focus, every minute, after
 * local writes), one run at a time, and the state the screens show. A run pushes the queue (push.ts), pulls every
 * collection since its cursor (pull.ts; on a new device the first page of clients comes first, firstSync.ts), then
 * uploads receipt photos (receipts.ts). Every request goes through the typed client (core's route map); batch and page
 * sizes are core's SYNC_LIMITS.
 */

export const SYNC_INTERVAL_MS = 60_000;
export const WRITE_DEBOUNCE_MS = 800;

export interface SyncState {
  online: boolean;
  syncing: boolean;
  /** Last failure that stopped a run (network, server), if the last run failed. */
  error: string | null;
  lastSyncedAt: number | null;
  loggedOut: boolean;
  /** The server refused the token (expired or revoked, 401) while signed in: the shell asks to log in again (t22 T1). */
  sessionEnded: boolean;
  /** The first sync's progress: records on the device of the account's total ("Syncing 1,240 of 2,000"); null otherwise. */
  progress: { done: number; total: number } | null;
}

export type Request = Transport;

export interface EngineDeps {
  db?: DukaDb;
  request?: Request;
  token?: () => string | null;
  collections?: readonly Collection[];
  backoff?: RetryBackoff;
}

export class SyncEngine {
  readonly db: DukaDb;
  /** The typed client over this engine's transport (replaced in tests). */
  private readonly call: TypedCall;
  private readonly token: () => string | null;
  private readonly collections: readonly Collection[];
  private state: SyncState;
  private listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private timers: { interval?: ReturnType<typeof setInterval>; debounce?: ReturnType<typeof setTimeout>; retry?: ReturnType<typeof setTimeout> } = {};
  /** When to try again after a failed run (2, 4, 8… s with jitter; a 429's Retry-After is a floor). */
  private readonly backoff: RetryBackoff;
  private stopFns: (() => void)[] = [];
  private readonly first: FirstSync;
  private readonly pusher: Pusher;
  private readonly pullDeps: PullDeps;

  constructor(deps: EngineDeps = {}) {
    this.db = deps.db ?? defaultDb;
    this.backoff = deps.backoff ?? new RetryBackoff();
    this.call = typedClient(deps.request ?? api);
    this.token = deps.token ?? getToken;
    this.collections = deps.collections ?? COLLECTIONS;
    this.state = {
      online: typeof navigator === 'undefined' ? true : navigator.onLine,
      syncing: false,
      error: null,
      lastSyncedAt: null,
      loggedOut: !this.token(),
      sessionEnded: false,
      progress: null,
    };
    this.first = new FirstSync({
      db: this.db,
      call: this.call,
      token: this.token,
      collections: this.collections,
      progress: { get: () => this.state.progress, set: (progress) => this.set({ progress }) },
    });
    this.pusher = new Pusher(this.db, this.call);
    this.pullDeps = { db: this.db, call: this.call, token: this.token, pusher: this.pusher, advance: (n) => this.first.advance(n) };
  }

  /** The first screen (the client list) is on screen: the first sync's full pull need not wait any longer for it. */
  firstScreenDrawn = (): void => this.first.screenDrawn();

  /** Before a collection is pulled for the first time: its first page in list order (firstSync.ts). */
  firstPage(collection: Collection): Promise<void> {
    return this.first.page(collection);
  }

  getState = (): SyncState => this.state;
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  private set(patch: Partial<SyncState>) {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((l) => l());
  }

  /** Starts the triggers: now, on 'online', on window focus, every 60 s while online, after local writes. */
  start(): void {
    if (this.stopFns.length) return;
    const onOnline = () => {
      this.set({ online: true });
      void this.sync();
    };
    const onOffline = () => this.set({ online: false });
    // Automatic runs keep to a 429's Retry-After; the failed run's retry is already booked for then.
    const onFocus = () => {
      if (!this.backoff.atLeastFloor(0)) void this.sync();
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    window.addEventListener('focus', onFocus);
    this.timers.interval = setInterval(() => {
      if (navigator.onLine && !this.backoff.atLeastFloor(0)) void this.sync();
    }, SYNC_INTERVAL_MS);
    const offWrite = onLocalWrite(() => this.schedule());
    this.stopFns.push(
      () => window.removeEventListener('online', onOnline),
      () => window.removeEventListener('offline', onOffline),
      () => window.removeEventListener('focus', onFocus),
      () => clearInterval(this.timers.interval),
      () => clearTimeout(this.timers.debounce),
      () => clearTimeout(this.timers.retry),
      offWrite,
    );
    void this.sync();
  }

  stop(): void {
    this.stopFns.forEach((f) => f());
    this.stopFns = [];
  }

  /** Debounced sync after a local write (never before a 429's Retry-After). */
  schedule(delay = WRITE_DEBOUNCE_MS): void {
    clearTimeout(this.timers.debounce);
    this.timers.debounce = setTimeout(() => void this.sync(), this.backoff.atLeastFloor(delay));
  }

  /** After a failed run: the next try, sooner than the minute's run (retryBackoff.ts). */
  private retryAfterFailure(e?: unknown): void {
    const limited = e instanceof ApiError && e.status === 429;
    const delay = this.backoff.failed(limited ? Math.max(e.retryAfterSeconds ?? 5, 1) * 1000 : undefined);
    clearTimeout(this.timers.retry);
    // Only while the triggers run (start/stop): a stopped engine (logged out, a test) books nothing.
    if (this.stopFns.length) this.timers.retry = setTimeout(() => void this.sync(), delay);
  }

  /** One full run (push, pull, receipts). Concurrent calls share the run and ask for one more after it. */
  sync(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.runOnce();
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async runOnce(): Promise<void> {
    let first = false;
    try {
      if (!this.token()) {
        this.set({ loggedOut: true, syncing: false });
        return;
      }
      if (typeof navigator !== 'undefined' && !navigator.onLine) {
        this.set({ online: false, syncing: false });
        return;
      }
      this.set({ syncing: true, loggedOut: false, sessionEnded: false });
      // In the steady state the last push asks its answer to carry the pull's first page (issue 27): then the pull below
      // writes it and asks the server only when there is more. Else (nothing to push, a first sync, an older server) it
      // pulls as before.
      const cursors = await this.steadyCursors();
      const pass = await this.push(cursors ? () => pullCursor(this.pusher, cursors) : undefined);
      first = await this.first.isFirst();
      if (first) {
        setFirstSyncBusy(true);
        // The first clients first, alone on the link; the rest once the list is drawn, with progress.
        await this.first.prepare();
      }
      // The pull tells whether the server is up: only then do the changes that failed alone count against themselves.
      if (cursors && pass.pulled) await pullTogether(this.pullDeps, cursors, pass.pulled);
      else await this.pull();
      const waiting = await this.pusher.countFailures(pass);
      await this.uploadReceipts();
      this.set({ syncing: false, online: true, error: waiting ? (pass.error?.message ?? null) : null, lastSyncedAt: Date.now(), progress: null });
      // Changes that failed alone are tried again soon (they are held after HOLD_AFTER_ATTEMPTS such runs).
      if (waiting) this.retryAfterFailure();
      else {
        this.backoff.succeeded();
        clearTimeout(this.timers.retry);
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        // The token expired or was revoked: keep local data and the queue; the header asks to log in again (t22 T1).
        this.set({ syncing: false, loggedOut: true, sessionEnded: true, progress: null });
        return;
      }
      const offline = e instanceof ApiError && e.status === 0;
      this.set({ syncing: false, online: offline ? false : this.state.online, error: e instanceof Error ? e.message : String(e), progress: null });
      // Try again soon, not at the next minute's run; over the server's limit (a large import), as soon as it allows.
      // Offline, the 'online' event starts the next run.
      if (!offline || typeof navigator === 'undefined' || navigator.onLine) this.retryAfterFailure(e);
    } finally {
      // Also when Log in or the frame (holdLinkUntilFirstRun) marked the link busy ahead of a first sync this run found
      // not needed (data already here), and when the run stopped early (offline, logged out).
      // Code that can wait waits a little more after a first sync (linkSettled.ts); noted before the link is freed.
      if (first) noteFirstSyncEnded();
      if (first || isFirstSyncBusy()) setFirstSyncBusy(false);
    }
  }

  /**
   * Sends pending mutations in order (push.ts); returns what the pass learnt about changes that failed alone. With
   * `pull`, the last push asks for the pull's first page too (the pass's `pulled`).
   */
  push(pull?: () => SyncPushPull): Promise<PushPass> {
    return this.pusher.push(pull);
  }

  /** Each collection's cursor when every collection is pulled together (pullTogether.ts); null otherwise. */
  private steadyCursors(): Promise<Map<Collection, number> | null> {
    return PULL_TOGETHER && this.collections.length > 1 ? steadyCursors(this.db, this.collections) : Promise.resolve(null);
  }

  /** Pulls every collection since its cursor (pull.ts). */
  pull(): Promise<void> {
    return pullAll(this.pullDeps, this.collections);
  }

  pullCollection(collection: Collection): Promise<void> {
    return pullCollection(this.pullDeps, collection);
  }

  /** Uploads receipt photos of expenses the server already has (receipts.ts). */
  async uploadReceipts(): Promise<void> {
    await uploadReceipts(this.db, this.call);
    // Photos picked offline wait to be read on the device before they go up (issue 29): back online, read them now
    // (not only once the Expenses list opens), then sync again to send what the reading filled and the photos.
    if (this.db !== defaultDb || !navigator.onLine || !(await this.db.blobs.filter((b) => !!b.read_pending).count())) return;
    void import('../../features/expenses/ocr/waiting')
      .then((m) => m.readWaitingReceipts())
      .then(() => this.schedule(0))
      .catch(() => undefined);
  }

  /** Drops a rejected change and restores the server's copy of the record (or removes it if the server has none). */
  async discard(mutation: QueuedMutation): Promise<void> {
    const d = this.db;
    await d.queue.delete(mutation.seq!);
    // Stock the discarded change of an invoice moved on the device goes with it (issue 28).
    if (mutation.collection === 'invoices') await dropUnsavedDerivedStock(d, [mutation.id]);
    const others = await d.queue.where('[collection+id]').equals([mutation.collection, mutation.id]).count();
    if (others) return;
    try {
      const route = RECORD_ROUTES[mutation.collection];
      if (!route) {
        await table(mutation.collection, d).delete(mutation.id);
        return;
      }
      const server = (await this.call(route, { params: { id: mutation.id } })) as AnyRecord;
      await table(mutation.collection, d).put(server as never);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) await table(mutation.collection, d).delete(mutation.id);
      // Offline: the server's copy kept when the change was refused (t19 N6), else the next pull brings it when it changes.
      else if (mutation.server_copy) await table(mutation.collection, d).put(mutation.server_copy as never);
    }
  }

  /** Marks a rejected change to be sent again (after the user fixed the record, saveRecord queues a new one). */
  async retry(mutation: QueuedMutation): Promise<void> {
    await this.db.queue.update(mutation.seq!, {
      status: 'pending',
      error: undefined,
      error_fields: undefined,
      error_reason: undefined,
      error_params: undefined,
      attempts: 0,
      held: false,
    });
    this.schedule(0);
  }
}

export const syncEngine = new SyncEngine();
