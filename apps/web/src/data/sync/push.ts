import Dexie from 'dexie';
import { SYNC_LIMITS, type SyncMutation, type SyncPullManyResponse, type SyncPushPull, type SyncResult } from '@duka/core';
import { ApiError, type TypedCall } from '../api';
import { type AnyRecord, type Collection, type DukaDb, type QueuedMutation } from '../db';
import { dropStockMovements, dropUnsavedDerivedStock } from './derivedStock';
import { refusalCode } from './refusalOf';

/**
 * The push half of the sync engine (DESIGN "Local-first data and sync"): the queue goes up in batches of ≤ 500
 * mutations; applied/duplicate ones leave the queue, rejected ones stay with the server's reason. A change the server
 * keeps failing on (5xx, or the connection dropping on it) while it answers the rest is sent alone, then held after
 * HOLD_AFTER_ATTEMPTS runs as a change to fix, so it never blocks the queue.
 */

/** Mutations per push: the most the server takes (core's SYNC_LIMITS). */
export const PUSH_BATCH = SYNC_LIMITS.maxPushBatch;
/** Sync runs in which a change, sent alone, fails with a server error before it is held for the user. */
export const HOLD_AFTER_ATTEMPTS = 3;
/** Failed push requests in one run after which pushing stops for this run (the push route itself looks broken). */
const MAX_PUSH_FAILURES = 40;
/** Pushed records whose versions are written at once while full batches go up (an import). */
const VERSIONS_FLUSH = 5_000;

/** A pull a push asks its answer to carry, and the pass that keeps the page. */
interface PullAsked {
  pull: SyncPushPull;
  into: PushPass;
}

/** One answer of POST /sync/push: core's contract. */
export type PushResult = SyncResult;

/** What a push answer said about one pushed record: its version, and the stored record when the server sent it. */
interface Pushed {
  version: number;
  record?: AnyRecord;
}

/** What one push pass learnt: changes that failed alone with a server error, and whether the server answered any push. */
export interface PushPass {
  suspects: QueuedMutation[];
  failures: number;
  /** The server answered a health check during this pass: failures are about the changes, not an outage. */
  serverUp: boolean;
  error: ApiError | null;
  /** The pull's first page a push answer carried (asked for with `push(pull)`); absent when none did. */
  pulled?: SyncPullManyResponse;
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

/** Ids of a collection's records with changes waiting, from the queue's index alone (one request). */
export async function waitingIds(d: DukaDb, collection: Collection): Promise<Set<string>> {
  const keys = await d.queue.where('[collection+id]').between([collection, Dexie.minKey], [collection, Dexie.maxKey]).keys();
  return new Set(keys.map((k) => String((k as unknown as [string, string])[1])));
}

export class Pusher {
  /** Versions (and stored records) of pushed records not yet written to their tables (full batches: see applyResults). */
  private heldVersions = new Map<Collection, Map<string, Pushed>>();
  /**
   * Versions whose record the device took from a push answer, per collection: the next pull leaves them out
   * (`except`), so an import is not downloaded back (issue 22). Forgotten once a pull has passed them.
   */
  private ownVersions = new Map<Collection, Set<number>>();

  constructor(
    private readonly db: DukaDb,
    private readonly call: TypedCall,
  ) {}

  /** Versions above `cursor` the device already holds from its own pushes (for the pull's `except`). */
  ownAbove(collection: Collection, cursor: number): number[] {
    return [...(this.ownVersions.get(collection) ?? [])].filter((v) => v > cursor);
  }

  /** A pull has passed these versions: no later pull needs to leave them out. */
  forget(collection: Collection, versions: number[], upTo: number): void {
    const held = this.ownVersions.get(collection);
    if (held) for (const v of versions) if (v <= upTo) held.delete(v);
  }

  /**
   * Sends pending mutations in order, ≤ 500 per call, until none are left. A batch failing with a server or
   * network error is split in halves and sent again, down to single changes, so one change the server cannot
   * take never holds back the others. Returns the changes that failed alone (the caller decides, once it
   * knows the server is up, whether they count against the change). Throws when the server looks down.
   */
  async push(pull?: () => SyncPushPull): Promise<PushPass> {
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
        // The last batch (not a full one) asks its answer to carry the sync's pull (issue 27): one request, not two.
        // Sent whole only: the halves of a batch that failed go without it (the sync then pulls as before).
        // Its cursor is made now: what the full batches before it brought is written first, so it is left out too.
        if (pull && batch.length < PUSH_BATCH) {
          await this.writeVersions();
          await this.sendIsolating(batch, pass, { pull: pull(), into: pass });
        } else await this.sendIsolating(batch, pass);
      } finally {
        if ([...this.heldVersions.values()].reduce((n, m) => n + m.size, 0) >= VERSIONS_FLUSH || batch.length < PUSH_BATCH) await this.writeVersions();
      }
      if (batch.length < PUSH_BATCH) break;
    }
    await this.writeVersions();
    return pass;
  }

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
    const waiting = withRecord.length ? await waitingIds(d, collection) : new Set<string>();
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

  private async sendIsolating(batch: QueuedMutation[], pass: PushPass, withPull?: PullAsked): Promise<void> {
    try {
      await this.send(batch, withPull);
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
   * Returns the changes still waiting to be sent again.
   */
  async countFailures(pass: PushPass): Promise<number> {
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
        await this.db.queue.update(
          m.seq!,
          hold ? { attempts, held: true, status: 'rejected', error: reasonText, error_fields: undefined, ...refusalCode(undefined) } : { attempts },
        );
      }
    });
    return waiting;
  }

  /**
   * Sends one batch (with `withPull`: asking for the pull's page, kept in `withPull.into.pulled`). A whole-request 400
   * (a push the server cannot read) keeps the batch's changes as rejected.
   */
  private async send(batch: QueuedMutation[], withPull?: PullAsked): Promise<void> {
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
      const res = await this.pushAsking(body, withPull);
      await this.applyResults(batch, res.results);
      if (withPull && res.pull) withPull.into.pulled = res.pull;
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 400) throw e;
      const fields = refusedFields({ fields: e.fields } as PushResult['error']);
      await this.db.queue.bulkUpdate(
        batch.map((m) => ({ key: m.seq!, changes: { status: 'rejected' as const, error: e.message, error_fields: fields, ...refusalCode(undefined) } })),
      );
    }
  }

  /**
   * POST /sync/push, asking for the pull's page when `withPull`. A 400 then may be the pull's (a server that does not
   * know one of the collections): the batch goes again without it, so the changes are never refused for the pull's sake.
   */
  private async pushAsking(body: { mutations: SyncMutation[] }, withPull?: PullAsked) {
    if (!withPull) return this.call('POST /sync/push', { body });
    try {
      return await this.call('POST /sync/push', { body: { ...body, pull: withPull.pull } });
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 400) throw e;
      return this.call('POST /sync/push', { body });
    }
  }

  /**
   * Applies one push's answers in one transaction and in bulk (a 500-change batch of an import is a few requests to
   * IndexedDB, not 1,500): accepted changes leave the queue, their records take the server's version, and later
   * changes of the same records build on it; refused ones stay with the server's reason.
   */
  private async applyResults(batch: QueuedMutation[], results: PushResult[]): Promise<void> {
    const refusedInvoices = await this.applyAnswers(batch, results);
    await this.keepServerCopies(refusedInvoices);
  }

  /**
   * A refused invoice change keeps the server's copy of the invoice beside it (t19 N6): the invoice's page and the lists
   * show the saved figures, never the refused ones, until the owner reviews or discards the change. Best effort: offline,
   * the page asks again when opened.
   */
  private async keepServerCopies(ids: Set<string>): Promise<void> {
    await Promise.all(
      [...ids].map(async (id) => {
        let copy: Record<string, unknown> | null;
        try {
          copy = (await this.call('GET /invoices/:id', { params: { id } })) as unknown as Record<string, unknown>;
        } catch (e) {
          if (!(e instanceof ApiError && e.status === 404)) return;
          copy = null;
        }
        const refused = await this.db.queue
          .where('[collection+id]')
          .equals(['invoices', id])
          .filter((m) => m.status === 'rejected')
          .toArray();
        if (refused.length) await this.db.queue.bulkUpdate(refused.map((m) => ({ key: m.seq!, changes: { server_copy: copy } })));
      }),
    );
  }

  /** The answers of one push applied; the invoices whose change was refused. */
  private async applyAnswers(batch: QueuedMutation[], results: PushResult[]): Promise<Set<string>> {
    const d = this.db;
    const byId = new Map(results.map((r) => [r.mutation_id, r]));
    const names = new Set<Collection>(batch.map((m) => m.collection));
    if (names.has('invoices')) names.add('stock_movements');
    const tables = [...names].map((c) => d.table(c));
    const refusedInvoices = new Set<string>();
    await d.transaction('rw', [d.queue, ...tables], async () => {
      const done: number[] = [];
      const versions = new Map<Collection, Map<string, Pushed>>();
      const refused: Array<{ key: number; changes: Partial<QueuedMutation> }> = [];
      const refusedMoves = new Map<number, string>();
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
          refused.push({ key: m.seq!, changes: { status: 'rejected', error: reason(r.error), error_fields: refusedFields(r.error), ...refusalCode(r.error) } });
          if (m.collection === 'invoices' && m.op === 'upsert') refusedInvoices.add(m.id);
          if (m.collection === 'stock_movements') refusedMoves.set(m.seq!, m.id);
        }
      }
      if (done.length) await d.queue.bulkDelete(done);
      // Stock a refused invoice change moved on the device is undone (issue 28): its derived movements the server
      // refused (or has not taken) leave the device instead of waiting as changes to fix.
      const derivedRefused = refusedMoves.size
        ? (await d.stock_movements.bulkGet([...refusedMoves.values()])).filter((x) => !!x?.invoice_id).map((x) => x!.id)
        : [];
      const accepted = new Set(versions.get('stock_movements')?.keys() ?? []);
      const dropped = new Set([...derivedRefused, ...(await dropUnsavedDerivedStock(d, refusedInvoices, accepted))]);
      await dropStockMovements(d, derivedRefused);
      const stillRefused = refused.filter((x) => !dropped.has(refusedMoves.get(x.key) ?? ''));
      if (stillRefused.length) await d.queue.bulkUpdate(stillRefused);
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
    return refusedInvoices;
  }
}
