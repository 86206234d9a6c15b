import Dexie from 'dexie';
import { SYNC_LIMITS, type SyncPullResponse, type SyncResult, versionRanges } from '@duka/core';
import { ApiError, request as api, type Transport, type TypedCall, typedClient } from '../api';
import { type AnyRecord, COLLECTIONS, type Collection, cursorKey, type DukaDb, db as defaultDb, onLocalWrite, type QueuedMutation, table } from '../db';
import { getToken } from '../session';
import { firstKey, seenOf } from './firstPage';
import { FirstSync, since } from './firstSync';
import { setFirstSyncBusy } from './linkBusy';

export { FIRST_SCREEN_WAIT_MS } from './firstSync';

/**
 * The sync engine (DESIGN "Local-first data and sync"). Push: the queue goes up in batches of ≤ 500
 * mutations; applied/duplicate ones leave the queue, rejected ones stay with the server's reason.
 * A change the server keeps failing on (5xx, or the connection dropping on it) while it answers the rest is
 * sent alone, then held after HOLD_AFTER_ATTEMPTS runs as a change to fix, so it never blocks the queue.
 * Pull: each collection since its cursor (a server version), page by page, in bulk, never overwriting
 * a record that still has local changes waiting. Then receipt photos of applied expenses are uploaded.
 * Generic over the six collections, which the server all syncs. First sync (issue 30): firstSync.ts.
 * Every request goes through the typed client (core's route map); batch and page sizes are core's SYNC_LIMITS.
 */

/** Mutations per push and records per pull page: the most the server takes (core's SYNC_LIMITS). */
export const PUSH_BATCH = SYNC_LIMITS.maxPushBatch;
export const PULL_LIMIT = SYNC_LIMITS.maxPageSize;
/** Records gathered from pull pages before they are written in one transaction. */
export const PULL_FLUSH = 5_000;
/** Collections pulled at the same time. */
export const PULL_CONCURRENCY = 3;
export const SYNC_INTERVAL_MS = 60_000;
/** Sync runs in which a change, sent alone, fails with a server error before it is held for the user. */
export const HOLD_AFTER_ATTEMPTS = 3;
/** Failed push requests in one run after which pushing stops for this run (the push route itself looks broken). */
const MAX_PUSH_FAILURES = 40;
export const WRITE_DEBOUNCE_MS = 800;
/** Pushed records whose versions are written at once while full batches go up (an import). */
const VERSIONS_FLUSH = 5_000;

/** What a push answer said about one pushed record: its version, and the stored record when the server sent it. */
interface Pushed {
  version: number;
  record?: AnyRecord;
}

/** One answer of POST /sync/push and one page of GET /sync/pull: core's contract. */
export type PushResult = SyncResult;
/** The records are the collection's (the device knows which collection it pulled). */
export type PullPage = Omit<SyncPullResponse, 'records'> & { records: AnyRecord[] };

export interface SyncState {
  online: boolean;
  syncing: boolean;
  /** Last failure that stopped a run (network, server), if the last run failed. */
  error: string | null;
  lastSyncedAt: number | null;
  loggedOut: boolean;
  /** The first sync's progress: records on the device of the account's total ("Syncing 1,240 of 2,000"); null otherwise. */
  progress: { done: number; total: number } | null;
}

export type Request = Transport;

export interface EngineDeps {
  db?: DukaDb;
  request?: Request;
  token?: () => string | null;
  collections?: readonly Collection[];
}

function reason(error: PushResult['error']): string {
  if (!error) return 'The server refused this change';
  if (typeof error === 'string') return error;
  return error.message ?? error.code ?? 'The server refused this change';
}

/** The refused fields of a rejection, keyed as the record's fields ('data.email' → 'email'). */
export function refusedFields(error: PushResult['error'] | Record<string, string> | undefined): Record<string, string> | undefined {
  const fields = error && typeof error === 'object' ? ('fields' in error && typeof error.fields === 'object' ? error.fields : undefined) : undefined;
  if (!fields) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields as Record<string, string>)) out[k.replace(/^(mutations\.\d+\.)?data\./, '')] = v;
  return Object.keys(out).length ? out : undefined;
}

/** A failure that may belong to one change (5xx, or the connection dropping on it), not to the request as a whole. */
function isServerFailure(e: unknown): e is ApiError {
  return e instanceof ApiError && (e.status === 0 || e.status >= 500);
}

/** What one push pass learnt: changes that failed alone with a server error, and whether the server answered any push. */
interface PushPass {
  suspects: QueuedMutation[];
  failures: number;
  /** The server answered a health check during this pass: failures are about the changes, not an outage. */
  serverUp: boolean;
  error: ApiError | null;
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
  private timers: { interval?: ReturnType<typeof setInterval>; debounce?: ReturnType<typeof setTimeout> } = {};
  private stopFns: (() => void)[] = [];
  private readonly first: FirstSync;

  constructor(deps: EngineDeps = {}) {
    this.db = deps.db ?? defaultDb;
    this.call = typedClient(deps.request ?? api);
    this.token = deps.token ?? getToken;
    this.collections = deps.collections ?? COLLECTIONS;
    this.state = {
      online: typeof navigator === 'undefined' ? true : navigator.onLine,
      syncing: false,
      error: null,
      lastSyncedAt: null,
      loggedOut: !this.token(),
      progress: null,
    };
    this.first = new FirstSync({
      db: this.db,
      call: this.call,
      token: this.token,
      collections: this.collections,
      progress: { get: () => this.state.progress, set: (progress) => this.set({ progress }) },
    });
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
    const onFocus = () => void this.sync();
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    window.addEventListener('focus', onFocus);
    this.timers.interval = setInterval(() => {
      if (navigator.onLine) void this.sync();
    }, SYNC_INTERVAL_MS);
    const offWrite = onLocalWrite(() => this.schedule());
    this.stopFns.push(
      () => window.removeEventListener('online', onOnline),
      () => window.removeEventListener('offline', onOffline),
      () => window.removeEventListener('focus', onFocus),
      () => clearInterval(this.timers.interval),
      () => clearTimeout(this.timers.debounce),
      offWrite,
    );
    void this.sync();
  }

  stop(): void {
    this.stopFns.forEach((f) => f());
    this.stopFns = [];
  }

  /** Debounced sync after a local write. */
  schedule(delay = WRITE_DEBOUNCE_MS): void {
    clearTimeout(this.timers.debounce);
    this.timers.debounce = setTimeout(() => void this.sync(), delay);
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
    if (!this.token()) {
      this.set({ loggedOut: true, syncing: false });
      return;
    }
    if (typeof navigator !== 'undefined' && !navigator.onLine) {
      this.set({ online: false, syncing: false });
      return;
    }
    this.set({ syncing: true, loggedOut: false });
    let first = false;
    try {
      const pass = await this.push();
      first = await this.first.isFirst();
      if (first) {
        setFirstSyncBusy(true);
        // The first clients first, alone on the link; the rest once the list is drawn, with progress.
        await this.first.prepare();
      }
      // The pull tells whether the server is up: only then do the changes that failed alone count against themselves.
      await this.pull();
      const waiting = await this.countFailures(pass);
      await this.uploadReceipts();
      this.set({ syncing: false, online: true, error: waiting ? (pass.error?.message ?? null) : null, lastSyncedAt: Date.now(), progress: null });
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        // Logged out or the token expired: stop quietly, keep local data and the queue.
        this.set({ syncing: false, loggedOut: true, progress: null });
        return;
      }
      const offline = e instanceof ApiError && e.status === 0;
      this.set({ syncing: false, online: offline ? false : this.state.online, error: e instanceof Error ? e.message : String(e), progress: null });
      // Over the server's limit (a large import): go on as soon as it allows, not at the next minute's run.
      if (e instanceof ApiError && e.status === 429) this.schedule(Math.min(Math.max(e.retryAfterSeconds ?? 5, 1), SYNC_INTERVAL_MS / 1000) * 1000);
    } finally {
      if (first) setFirstSyncBusy(false);
    }
  }

  /**
   * Sends pending mutations in order, ≤ 500 per call, until none are left. A batch failing with a server or
   * network error is split in halves and sent again, down to single changes, so one change the server cannot
   * take never holds back the others. Returns the changes that failed alone (the caller decides, once it
   * knows the server is up, whether they count against the change). Throws when the server looks down.
   */
  async push(): Promise<PushPass> {
    const d = this.db;
    const pass: PushPass = { suspects: [], failures: 0, serverUp: false, error: null };
    for (;;) {
      const skip = new Set(pass.suspects.map((m) => m.seq));
      // Read on the status index, which keeps each status's changes in queue order: one request for the batch. A JS
      // filter walks a cursor one change at a time (a round trip each: ≈1 s per batch of an import, issue 22),
      // so it is used only when changes that failed alone are to be left out.
      const pending = d.queue.where('status').equals('pending');
      const batch = await (skip.size ? pending.filter((m) => !skip.has(m.seq)) : pending).limit(PUSH_BATCH).toArray();
      if (!batch.length) break;
      try {
        await this.sendIsolating(batch, pass);
      } finally {
        if ([...this.heldVersions.values()].reduce((n, m) => n + m.size, 0) >= VERSIONS_FLUSH || batch.length < PUSH_BATCH) await this.writeVersions();
      }
      if (batch.length < PUSH_BATCH) break;
    }
    await this.writeVersions();
    return pass;
  }

  /** Versions (and stored records) of pushed records not yet written to their tables (full batches: see applyResults). */
  private heldVersions = new Map<Collection, Map<string, Pushed>>();
  /**
   * Versions whose record the device took from a push answer, per collection: the next pull leaves them out
   * (`except`), so an import is not downloaded back (issue 22). Forgotten once a pull has passed them.
   */
  private ownVersions = new Map<Collection, Set<number>>();

  private async writeVersions(): Promise<void> {
    const held = this.heldVersions;
    if (!held.size) return;
    this.heldVersions = new Map();
    const d = this.db;
    await d.transaction('rw', [d.queue, ...[...held.keys()].map((c) => d.table(c))], async () => {
      for (const [collection, byRecord] of held) await this.writePushed(collection, byRecord);
    });
  }

  /**
   * Writes what push answers said about records: the server's stored copy where no later change of the record is
   * waiting (its version is then left out of the next pull), else only the version later changes build on.
   */
  private async writePushed(collection: Collection, byRecord: Map<string, Pushed>): Promise<void> {
    const d = this.db;
    const withRecord = [...byRecord].filter(([, p]) => p.record);
    // Ids from the index alone (one request), as the pull does.
    const waiting = withRecord.length
      ? new Set(
          (await d.queue.where('[collection+id]').between([collection, Dexie.minKey], [collection, Dexie.maxKey]).keys()).map((k) =>
            String((k as unknown as [string, string])[1]),
          ),
        )
      : new Set<string>();
    const puts: AnyRecord[] = [];
    const updates: Array<{ key: string; changes: { version: number } }> = [];
    for (const [id, p] of byRecord) {
      if (p.record && !waiting.has(id)) puts.push(p.record);
      else updates.push({ key: id, changes: { version: p.version } });
    }
    if (puts.length) {
      await d.table(collection).bulkPut(puts);
      const own = this.ownVersions.get(collection) ?? new Set<number>();
      for (const r of puts) own.add(Number(r.version));
      this.ownVersions.set(collection, own);
    }
    if (updates.length) await d.table(collection).bulkUpdate(updates);
  }

  private async sendIsolating(batch: QueuedMutation[], pass: PushPass): Promise<void> {
    try {
      await this.send(batch);
    } catch (e) {
      if (!isServerFailure(e)) throw e;
      pass.failures += 1;
      pass.error ??= e;
      if (e.status === 0 && typeof navigator !== 'undefined' && !navigator.onLine) throw e;
      if (pass.failures > MAX_PUSH_FAILURES) throw e; // nothing is counted against a change on a run that throws
      if (!pass.serverUp) {
        // Down, or failing on these changes? One cheap request tells.
        try {
          await this.call('GET /health', { timeoutMs: 15_000 });
        } catch {
          throw e;
        }
        pass.serverUp = true;
      }
      if (batch.length === 1) {
        pass.suspects.push(batch[0]);
        return;
      }
      const half = Math.ceil(batch.length / 2);
      await this.sendIsolating(batch.slice(0, half), pass);
      await this.sendIsolating(batch.slice(half), pass);
    }
  }

  /**
   * Counts a failed attempt against each change that failed alone while the server was up; after
   * HOLD_AFTER_ATTEMPTS runs the change is held (shown as a change to fix, with Fix / Discard) and no longer sent.
   */
  private async countFailures(pass: PushPass): Promise<number> {
    if (!pass.suspects.length) return 0;
    let waiting = 0;
    const reasonText = pass.error?.message ?? 'The server could not save this change';
    await this.db.transaction('rw', this.db.queue, async () => {
      for (const m of pass.suspects) {
        const cur = await this.db.queue.get(m.seq!);
        if (!cur || cur.status !== 'pending') continue;
        const attempts = (cur.attempts ?? 0) + 1;
        const hold = attempts >= HOLD_AFTER_ATTEMPTS;
        if (!hold) waiting += 1;
        await this.db.queue.update(m.seq!, hold ? { attempts, held: true, status: 'rejected', error: reasonText, error_fields: undefined } : { attempts });
      }
    });
    return waiting;
  }

  /** Sends one batch. A whole-request 400 (a push the server cannot read) keeps the batch's changes as rejected. */
  private async send(batch: QueuedMutation[]): Promise<void> {
    const body = {
      mutations: batch.map((m) => ({
        mutation_id: m.mutation_id,
        collection: m.collection,
        op: m.op,
        id: m.id,
        ...(m.op === 'upsert' ? { data: m.data ?? {} } : {}),
        ...(m.base_version !== undefined && m.base_version !== null ? { base_version: m.base_version } : {}),
      })),
    };
    try {
      const res = await this.call('POST /sync/push', { body });
      await this.applyResults(batch, res.results);
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 400) throw e;
      const fields = refusedFields({ fields: e.fields } as PushResult['error']);
      await this.db.queue.bulkUpdate(batch.map((m) => ({ key: m.seq!, changes: { status: 'rejected' as const, error: e.message, error_fields: fields } })));
    }
  }

  /**
   * Applies one push's answers in one transaction and in bulk (a 500-change batch of an import is a few requests to
   * IndexedDB, not 1,500): accepted changes leave the queue, their records take the server's version, and later
   * changes of the same records build on it; refused ones stay with the server's reason.
   */
  private async applyResults(batch: QueuedMutation[], results: PushResult[]): Promise<void> {
    const d = this.db;
    const byId = new Map(results.map((r) => [r.mutation_id, r]));
    const tables = [...new Set(batch.map((m) => m.collection))].map((c) => d.table(c));
    await d.transaction('rw', [d.queue, ...tables], async () => {
      const done: number[] = [];
      const versions = new Map<Collection, Map<string, Pushed>>();
      const refused: Array<{ key: number; changes: Partial<QueuedMutation> }> = [];
      for (const m of batch) {
        const r = byId.get(m.mutation_id);
        if (!r) continue; // no answer: stays pending and is sent again (the server applies it once)
        const deleteOfMissing = m.op === 'delete' && r.status === 'rejected' && typeof r.error === 'object' && r.error?.code === 'not_found';
        if (r.status === 'applied' || r.status === 'duplicate' || deleteOfMissing) {
          done.push(m.seq!);
          // Our own write is now the server's state: later edits of the record build on this version.
          if (r.version !== undefined && m.op === 'upsert') {
            const pushed: Pushed = {
              version: r.version,
              ...(r.record?.id === m.id && r.record.version === r.version ? { record: r.record as AnyRecord } : {}),
            };
            versions.set(m.collection, (versions.get(m.collection) ?? new Map()).set(m.id, pushed));
          }
        } else {
          refused.push({ key: m.seq!, changes: { status: 'rejected', error: reason(r.error), error_fields: refusedFields(r.error) } });
        }
      }
      if (done.length) await d.queue.bulkDelete(done);
      if (refused.length) await d.queue.bulkUpdate(refused);
      for (const [collection, byRecord] of versions) {
        if (batch.length >= PUSH_BATCH) {
          // A full batch (an import): the records' versions are written every VERSIONS_FLUSH changes and at the end of
          // the push, not per batch — each write to the records' table waits for, and reruns, every list reading it.
          const held = this.heldVersions.get(collection) ?? new Map<string, Pushed>();
          for (const [id, pushed] of byRecord) held.set(id, pushed);
          this.heldVersions.set(collection, held);
        } else await this.writePushed(collection, byRecord);
        // One request per record, all sent at once (anyOf walks a cursor, a round trip per record).
        const later = (await Promise.all([...byRecord.keys()].map((id) => d.queue.where('[collection+id]').equals([collection, id]).toArray())))
          .flat()
          .filter((m) => m.status === 'pending');
        if (later.length) await d.queue.bulkPut(later.map((m) => ({ ...m, base_version: byRecord.get(m.id)?.version })));
      }
    });
  }

  /** Pulls every collection since its cursor, page by page, a few collections at a time. */
  async pull(): Promise<void> {
    const todo = [...this.collections];
    const worker = async () => {
      for (let c = todo.shift(); c; c = todo.shift()) await this.pullCollection(c);
    };
    // Settle every worker before reporting a failure, so no pull is still writing when the next run starts.
    const failed = (await Promise.allSettled(Array.from({ length: PULL_CONCURRENCY }, worker))).find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }

  async pullCollection(collection: Collection): Promise<void> {
    const d = this.db;
    const t = table(collection, d);
    let cursor = since((await d.meta.get(cursorKey(collection)))?.value);
    // What the first page brought is left out of the pull (issue 30).
    const had = await seenOf(d, collection);
    // Records the device took from its push answers are left out too (their versions, as ranges).
    const own = [...(this.ownVersions.get(collection) ?? [])].filter((v) => v > cursor);
    const leaveOut = { ...(had ? { seen: had.seen, as_of: had.as_of } : {}), ...(own.length ? { except: versionRanges(own) } : {}) };
    // Pages are gathered and written in few large transactions (fewer IndexedDB commits and live-query reruns);
    // the cursor is stored with each write, so an interrupted first sync resumes where it was.
    let latest = new Map<string, AnyRecord | null>();
    const flush = async (version: number, done: boolean) => {
      const changes = latest;
      latest = new Map();
      await d.transaction('rw', [t, d.queue, d.meta], async () => {
        if (done && had) await d.meta.delete(firstKey(collection));
        // Ids from the index alone: a large import still waiting is not read in full on every page written.
        const waiting = new Set(
          (await d.queue.where('[collection+id]').between([collection, Dexie.minKey], [collection, Dexie.maxKey]).keys()).map((k) =>
            String((k as unknown as [string, string])[1]),
          ),
        );
        const puts: AnyRecord[] = [];
        const gone: string[] = [];
        for (const [id, r] of changes) {
          if (waiting.has(id)) continue; // local changes not yet accepted by the server win until they are
          if (r) puts.push(r);
          else gone.push(id);
        }
        if (puts.length) await t.bulkPut(puts as never[]);
        if (gone.length) await t.bulkDelete(gone);
        await d.meta.put({ key: cursorKey(collection), value: version });
      });
    };
    for (;;) {
      const page = (await this.call('GET /sync/pull', { query: { collection, since: cursor, limit: PULL_LIMIT, ...leaveOut } })) as PullPage;
      if (!this.token()) return; // logged out meanwhile: the local data was cleared, write nothing back
      for (const r of page.records) latest.set(r.id, r);
      for (const id of page.deleted) latest.set(id, null);
      this.first.advance(page.records.length);
      const done = !page.has_more || page.version <= cursor;
      if (done || latest.size >= PULL_FLUSH) await flush(page.version, done);
      if (done) {
        // Versions up to the cursor are behind every later pull: no need to leave them out any more.
        const held = this.ownVersions.get(collection);
        if (held) for (const v of own) if (v <= page.version) held.delete(v);
        return;
      }
      cursor = page.version;
    }
  }

  /** Uploads receipt photos of expenses the server already has; keeps them on the device until then. */
  async uploadReceipts(): Promise<void> {
    const d = this.db;
    const blobs = await d.blobs.toArray();
    for (const b of blobs) {
      if (b.error) continue;
      const waiting = await d.queue.where('[collection+id]').equals(['expenses', b.id]).count();
      const expense = await d.expenses.get(b.id);
      if (waiting || !expense?.version) continue;
      const form = new FormData();
      // Some IndexedDB implementations hand back a Blob from another realm: copy it into this one.
      const file = b.blob instanceof Blob ? b.blob : new Blob([await (b.blob as Blob).arrayBuffer()], { type: b.type });
      form.append('receipt', file, b.name);
      try {
        const updated = await this.call('POST /expenses/:id/receipt', { params: { id: b.id }, form });
        await d.transaction('rw', [d.blobs, d.expenses, d.queue], async () => {
          await d.blobs.delete(b.id);
          const stillWaiting = await d.queue.where('[collection+id]').equals(['expenses', b.id]).count();
          if (!stillWaiting && updated?.id === b.id) await d.expenses.put(updated as never);
        });
      } catch (e) {
        if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 408 && e.status !== 429) {
          await d.blobs.update(b.id, { error: e.message });
          continue;
        }
        throw e;
      }
    }
  }

  /** Drops a rejected change and restores the server's copy of the record (or removes it if the server has none). */
  async discard(mutation: QueuedMutation): Promise<void> {
    const d = this.db;
    await d.queue.delete(mutation.seq!);
    const others = await d.queue.where('[collection+id]').equals([mutation.collection, mutation.id]).count();
    if (others) return;
    try {
      // Each collection's REST resource is in the map: GET /<collection>/:id answers its record.
      const server = (await this.call(`GET /${mutation.collection}/:id` as 'GET /contacts/:id', { params: { id: mutation.id } })) as AnyRecord;
      await table(mutation.collection, d).put(server as never);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) await table(mutation.collection, d).delete(mutation.id);
      // offline: the next pull brings the server's copy when the record changes; nothing else to do
    }
  }

  /** Marks a rejected change to be sent again (after the user fixed the record, saveRecord queues a new one). */
  async retry(mutation: QueuedMutation): Promise<void> {
    await this.db.queue.update(mutation.seq!, { status: 'pending', error: undefined, error_fields: undefined, attempts: 0, held: false });
    this.schedule(0);
  }
}

export const syncEngine = new SyncEngine();
