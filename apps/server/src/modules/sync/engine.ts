import { findBadText, type SyncMutation, textProblem } from '@duka/core';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordHistory, syncMutations, users } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { idTaken } from '../../lib/taken-id';
import type { Tx } from '../../lib/registry';
import { allDone, eachId, eachKey, fixed, inIds, readingTogether, rowFromJson, selectJson, selectRows } from './bulk';
import { type BatchState, type Data, getAdapter, type RecordState, type Row, type SyncAdapter } from './registry';
import { afterWrites, canWriteAtOnce, hasWrites, lockUser, type MutationResult, type Plan, quietPlan, writeAtOnce, writePlan } from './write';

/**
 * One change to apply: core's SyncMutation (what a push carries), except that mutation_id is absent for REST
 * writes (they are not recorded as mutations), plus server-only fields for the adapter's prepare
 * (PrepareInfo.server; the push route never sets them).
 */
export type Mutation = Omit<SyncMutation, 'mutation_id' | 'data'> & { mutation_id?: string; data?: Data; server?: Data };

export type { MutationResult };

function zodFields(err: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    if (!fields[key]) fields[key] = issue.message;
  }
  return fields;
}

function rejection(err: unknown): MutationResult['error'] {
  if (err instanceof AppError) return { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) };
  if (err instanceof z.ZodError) {
    const fields = zodFields(err);
    const [key, msg] = Object.entries(fields)[0] ?? ['_', 'Invalid value'];
    return { code: 'validation_failed', message: key === '_' ? msg : `${key}: ${msg}`, fields };
  }
  throw err;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * An upsert's data over the record's current data (or the defaults), checked: `patch` parses the pushed data, then
 * `fields` the merge. With `patchIsPartialFields` one parse of the merge gives the same data (issue 27: zod was the
 * largest part of a push's own work); only a refusal is parsed again the long way, for the same reason as before.
 */
function mergedData(adapter: SyncAdapter, current: Data | undefined, input: Data): Data {
  if (adapter.patchIsPartialFields) {
    const once = adapter.fields.safeParse({ ...adapter.defaults, ...(current ?? {}), ...input });
    if (once.success) return once.data;
  }
  const patch = adapter.patch.parse(input);
  return adapter.fields.parse({ ...adapter.defaults, ...(current ?? {}), ...patch });
}

/** A stored row as the batch's state of that record (an id owned by someone else goes to `foreign`, never touched). */
function keepState(adapter: SyncAdapter, userId: string, row: Row, into: Map<string, RecordState>, foreign: Set<string>) {
  const id = row.id as string;
  if (row.userId !== userId) {
    foreign.add(id);
    return;
  }
  into.set(id, {
    data: adapter.fromRow(row),
    deleted: row.deletedAt != null,
    version: Number(row.version),
    createdAt: row.createdAt as Date,
    updatedAt: row.updatedAt as Date,
    device: (row.device as string | null) ?? null,
    historyCount: Number(row.historyCount),
    stored: true,
    dirty: false,
  });
  const st = into.get(id) as RecordState;
  st.original = st.deleted ? null : st.data;
}

/**
 * What a batch starts from: the user's sync_version (when `withVersion`; null if the user is gone), the versions of
 * the mutation ids applied before, and per collection the current rows of `ids`. Read through `reader` (made by
 * readingTogether): asked for in the same tick as the adapters' preloads, they all go as ONE statement (one round
 * trip, one snapshot).
 */
async function readBatch(
  reader: Tx,
  userId: string,
  withVersion: boolean,
  mutationIds: string[],
  collections: Array<[SyncAdapter, string[]]>,
): Promise<{ version: number | null; done: Map<string, number>; rows: Row[][] }> {
  // Every read is asked for before the first await (readingTogether sends what was asked for in this tick).
  const version = withVersion ? selectJson(reader, sql`select sync_version as v from ${fixed(users)} where id = ${userId}`) : null;
  const applied = mutationIds.length
    ? selectJson(
        reader,
        eachKey(mutationIds, (id) => sql`select mutation_id, version from ${fixed(syncMutations)} where user_id = ${userId} and mutation_id = ${id}::uuid`),
      )
    : null;
  const current = collections.map(([adapter, ids]) => (ids.length ? selectJson(reader, eachId(adapter.table, ids)) : null));
  const [v, d, ...rows] = await Promise.all([version, applied, ...current]);
  const done = new Map<string, number>();
  for (const r of d ?? []) done.set(String(r.mutation_id), Number(r.version));
  const first = v?.[0]?.v;
  return {
    version: first === null || first === undefined ? null : Number(first),
    done,
    rows: collections.map(([adapter], i) => (rows[i] ?? []).map((r) => rowFromJson(adapter.table, r))),
  };
}

/** Refuses, before anything is read or written, text no database column can hold (NUL, lone surrogates). */
function badTextOf(m: Mutation): AppError | null {
  if (m.device !== undefined) {
    const problem = textProblem(m.device);
    if (problem) return new AppError('validation_failed', `device: ${problem}`, { device: problem });
  }
  const bad = m.data ? findBadText(m.data) : null;
  return bad ? new AppError('validation_failed', `${bad.path}: ${bad.message}`, { [bad.path]: bad.message }) : null;
}

/** An error of the database (or any unexpected one) while one mutation was applied, as its rejection. */
function storageRejection(err: unknown): MutationResult['error'] {
  const pg = err as { code?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } };
  const cause = pg?.cause && typeof pg.cause.code === 'string' ? pg.cause : pg;
  const detail = typeof cause?.code === 'string' && typeof cause.message === 'string' ? ` (${cause.message.slice(0, 200)})` : '';
  return { code: 'unprocessable', message: `The server could not store this change${detail}. Fix the record or discard the change.` };
}

/**
 * Applies mutations for one user. Validation first (a rejected mutation changes nothing and does not stop
 * the others), then one multi-row upsert per collection.
 *
 * Two phases, so the user's row lock is held only while versions are allocated and rows written:
 *  1. without any lock, every mutation is read, validated and prepared (schemas, maths, references,
 *     numbers) against the user's data as of its sync_version `base` (prepare and preload only read);
 *  2. the user's row is locked; if sync_version is still `base`, nothing of this user changed in between
 *     (every write of a user's synced data bumps it under this lock), so the prepared rows are written as
 *     they are, without a savepoint (few round trips while the lock is held; a batch of new records whose
 *     afterWrites need no statement is ONE statement with no transaction, see write.ts). Otherwise (another device or
 *     process wrote meanwhile) the batch is worked out again under the lock; if the database refuses the
 *     prepared writes (e.g. a unique index), the transaction is rolled back and run again that way.
 * If the database refuses the batch's writes under the lock, the mutations are applied again one at a time,
 * each in its own savepoint, so the one the database refuses comes back 'rejected' with the reason while
 * the rest apply. A batch with nothing to write (replays, rejections) answers without taking the lock.
 * While an account's prepared batches keep being stale (see CONTENDED_MS), its pushes skip phase 1.
 * Within one process the pushes of one account run one after another, so phase 1 sees the previous one's
 * writes (two devices of a shop pushing at once would otherwise each prepare, and one prepare again); the pushes
 * that wait meanwhile are applied together in one batch (group commit, see runGroup).
 * See registry.ts.
 */
/** Options of applyMutations. */
export interface ApplyOptions {
  /**
   * Applied upserts carry `record`: the stored record at the version they got (as a pull would bring it), read
   * in the write's own last statement (POST /sync/push answers it; no read after the commit). Left out when a
   * later mutation of the same batch (or of a push applied with it, see `group`) changed that record again.
   */
  records?: boolean;
  /**
   * May be applied in one transaction with other pushes of the account that wait in this process (group commit):
   * each still gets its own results, the same as if it had been applied alone after the ones before it.
   */
  group?: boolean;
}

/** One call of applyMutations waiting for its turn. */
interface Queued {
  mutations: Mutation[];
  now: Date;
  opts: ApplyOptions;
  resolve: (results: MutationResult[]) => void;
  reject: (err: unknown) => void;
}

/** The most changes applied in one grouped transaction (a push carries at most 500). */
const GROUP_MAX_MUTATIONS = 1_000;

/**
 * Per app context, the calls of each account in this process, in arrival order: they run one after another (their
 * work would otherwise be done twice, see below); the pushes that arrived while one ran are applied together in
 * the next transaction (one lock, one read, one write per table for all of them).
 */
const queues = new WeakMap<AppContext, Map<string, Queued[]>>();

export function applyMutations(ctx: AppContext, userId: string, mutations: Mutation[], now = new Date(), opts: ApplyOptions = {}): Promise<MutationResult[]> {
  // Unknown collections refuse the whole request (a client bug, not a user's input to fix): this call only.
  try {
    for (const m of mutations) getAdapter(ctx, m.collection);
  } catch (err) {
    return Promise.reject(err);
  }
  let byUser = queues.get(ctx);
  if (!byUser) queues.set(ctx, (byUser = new Map()));
  let queue = byUser.get(userId);
  const idle = !queue;
  if (!queue) byUser.set(userId, (queue = []));
  const waiting = queue;
  const out = new Promise<MutationResult[]>((resolve, reject) => waiting.push({ mutations, now, opts, resolve, reject }));
  if (idle) void drain(ctx, userId, byUser, waiting);
  return out;
}

/** Runs an account's queue until it is empty (each turn takes the first call and the pushes that may join it). */
async function drain(ctx: AppContext, userId: string, byUser: Map<string, Queued[]>, queue: Queued[]): Promise<void> {
  try {
    while (queue.length) await runGroup(ctx, userId, takeGroup(queue));
  } finally {
    byUser.delete(userId);
  }
}

/** The first waiting call, and the calls right after it that may be applied with it (same options, up to the cap). */
function takeGroup(queue: Queued[]): Queued[] {
  const first = queue.shift() as Queued;
  const group = [first];
  if (!first.opts.group) return group;
  let size = first.mutations.length;
  while (queue.length) {
    const next = queue[0];
    if (!next.opts.group || !!next.opts.records !== !!first.opts.records || size + next.mutations.length > GROUP_MAX_MUTATIONS) break;
    size += next.mutations.length;
    group.push(queue.shift() as Queued);
  }
  return group;
}

async function runAlone(ctx: AppContext, userId: string, q: Queued): Promise<void> {
  try {
    q.resolve(await applyNow(ctx, userId, q.mutations, q.now, q.opts));
  } catch (err) {
    q.reject(err);
  }
}

/**
 * Applies a group's mutations as one batch, in arrival order, and answers each call with its own slice of the
 * results. Applying the concatenation is the same as applying the pushes one after another: a mutation id seen
 * earlier in the batch is a duplicate, each record's state and version follow from the mutations before, and a
 * refused change (by its checks, or by the database: one savepoint per change, see workedOutUnderLock) refuses
 * only itself. If the group fails as a whole (e.g. the database went away), each push is applied again alone, so
 * one push's trouble never becomes another's.
 */
async function runGroup(ctx: AppContext, userId: string, group: Queued[]): Promise<void> {
  if (group.length === 1) return runAlone(ctx, userId, group[0]);
  let results: MutationResult[];
  try {
    // One date for the batch (updated_at, history): the latest push's arrival, so no change is dated before a push
    // it follows.
    const now = group.reduce((t, q) => (q.now > t ? q.now : t), group[0].now);
    results = await applyNow(
      ctx,
      userId,
      group.flatMap((q) => q.mutations),
      now,
      group[0].opts,
    );
  } catch {
    for (const q of group) await runAlone(ctx, userId, q);
    return;
  }
  let at = 0;
  for (const q of group) {
    q.resolve(results.slice(at, at + q.mutations.length));
    at += q.mutations.length;
  }
}

/**
 * Accounts whose prepared batch was stale (another process wrote for them in between) in the last CONTENDED_MS:
 * their pushes go straight to the lock for a while. With devices of one shop on two processes most prepared
 * batches were stale (≈80% in bench/sync-load.bench.mjs), so phase 1 was mostly work done twice.
 */
const CONTENDED_MS = 5_000;
const contendedUntil = new Map<string, number>();
function contended(userId: string): boolean {
  const until = contendedUntil.get(userId);
  if (until === undefined) return false;
  if (until > Date.now()) return true;
  contendedUntil.delete(userId);
  return false;
}
function markContended(userId: string): void {
  if (contendedUntil.size > 10_000) for (const [id, until] of contendedUntil) if (until <= Date.now()) contendedUntil.delete(id);
  contendedUntil.set(userId, Date.now() + CONTENDED_MS);
}

async function applyNow(ctx: AppContext, userId: string, mutations: Mutation[], now: Date, opts: ApplyOptions): Promise<MutationResult[]> {
  // Unknown collections refuse the whole request (a client bug, not a user's input to fix).
  const adapters = new Map<string, SyncAdapter>();
  for (const m of mutations) if (!adapters.has(m.collection)) adapters.set(m.collection, getAdapter(ctx, m.collection));
  const records = !!opts.records;

  // Phase 1: read-only, outside any transaction (prepare and preload must not write, see registry.ts). Skipped
  // while this account's pushes keep finding that another process wrote in between (it would be worked out twice).
  let plan: Plan | null = null;
  if (!contended(userId)) {
    try {
      plan = await computeBatch(ctx.db as unknown as Tx, adapters, userId, mutations, now);
    } catch (err) {
      if (err instanceof AppError && err.code === 'unauthorized') throw err;
      plan = null; // worked out again under the lock, where an error is handled as before
    }
  }

  /** Phase 2, under the user's lock: the prepared plan as it is when nothing changed since, else worked out again. */
  const locked = (prepared: Plan | null) =>
    ctx.db.transaction(async (tx) => {
      if (prepared) {
        // The plan's first write takes the lock and writes only if sync_version is still `base` (one round trip).
        // No savepoint: if the database refuses these writes, the whole transaction is rolled back and run again
        // without the plan (below), where each step has its savepoint.
        const stale = await writePlan(tx, userId, prepared, records, true);
        if (stale === null) return prepared.results;
        markContended(userId);
        return workedOutUnderLock(tx, adapters, userId, mutations, now, stale, records);
      }
      return workedOutUnderLock(tx, adapters, userId, mutations, now, await lockUser(tx, userId), records);
    });

  let committed: MutationResult[];
  if (plan && !hasWrites(plan)) committed = plan.results;
  else if (plan && canWriteAtOnce(userId, plan) && quietPlan(plan)) {
    // One statement, no transaction (it is atomic alone, and takes and releases the user's lock itself): one round
    // trip. Stale or refused by the database: nothing was written; worked out again under the lock, as below.
    let stale: number | null | undefined;
    try {
      stale = await writeAtOnce(ctx.db as unknown as Tx, userId, plan, records);
    } catch (err) {
      if (err instanceof AppError) throw err;
    }
    if (stale === null) {
      await afterWrites(ctx.db as unknown as Tx, userId, plan);
      committed = plan.results;
    } else {
      if (stale !== undefined) markContended(userId);
      committed = await locked(null);
    }
  } else {
    try {
      committed = await locked(plan);
    } catch (err) {
      // Refused by the database (e.g. a unique index): rolled back; worked out again under the lock, step by step.
      if (err instanceof AppError || !plan) throw err;
      committed = await locked(null);
    }
  }
  // Committed: hooks that reach other services (ctx.registry.afterMutations) start now, without holding the writer.
  const collections = [...adapters.keys()];
  for (const hook of ctx.registry.afterMutations) {
    try {
      hook(userId, collections);
    } catch {
      // a hook handles and logs its own failures
    }
  }
  return records ? latestRecordsOnly(mutations, committed) : committed;
}

/**
 * Under the lock, when the prepared plan cannot be used: the batch worked out again and written in a savepoint;
 * if the database refuses that, each mutation again in its own savepoint, so the one the database refuses comes
 * back 'rejected' with the reason while the rest apply.
 */
async function workedOutUnderLock(
  tx: Tx,
  adapters: Map<string, SyncAdapter>,
  userId: string,
  mutations: Mutation[],
  now: Date,
  current: number,
  records: boolean,
): Promise<MutationResult[]> {
  try {
    return await tx.transaction(async (sp) => {
      const p = await computeBatch(sp, adapters, userId, mutations, now, current);
      await writePlan(sp, userId, p, records);
      return p.results;
    });
  } catch (err) {
    if (err instanceof AppError || mutations.length === 0) throw err;
    if (mutations.length === 1) return [{ mutation_id: mutations[0].mutation_id ?? '', status: 'rejected' as const, error: storageRejection(err) }];
  }
  const results: MutationResult[] = [];
  for (const m of mutations) {
    try {
      results.push(
        ...(await tx.transaction(async (sp) => {
          const p = await computeBatch(sp, adapters, userId, [m], now);
          await writePlan(sp, userId, p, records);
          return p.results;
        })),
      );
    } catch (err) {
      if (err instanceof AppError) throw err;
      results.push({ mutation_id: m.mutation_id ?? '', status: 'rejected', error: storageRejection(err) });
    }
  }
  return results;
}

/** Drops `record` from a result when a later result of the batch applied to the same record (it would be stale). */
function latestRecordsOnly(mutations: Mutation[], results: MutationResult[]): MutationResult[] {
  const last = new Map<string, number>();
  results.forEach((r, i) => {
    const m = mutations[i];
    if (m && r.status === 'applied') last.set(`${m.collection}\u0000${m.id}`, i);
  });
  return results.map((r, i) => {
    const m = mutations[i];
    if (!r.record || (m?.op === 'upsert' && last.get(`${m.collection}\u0000${m.id}`) === i && r.record.version === r.version)) return r;
    const { record: _record, ...rest } = r;
    return rest;
  });
}

/** Works out a batch (no writes). `base`: the user's sync_version when the caller already read it under the lock. */
async function computeBatch(tx: Tx, adapters: Map<string, SyncAdapter>, userId: string, mutations: Mutation[], now: Date, base?: number): Promise<Plan> {
  const refused = new Map<Mutation, AppError>();
  for (const m of mutations) {
    const bad = badTextOf(m);
    if (bad) refused.set(m, bad);
  }
  const names = [...adapters.keys()].filter((name) => mutations.some((m) => m.collection === name));
  const mutationIds = mutations.map((m) => m.mutation_id).filter((x): x is string => !!x);
  const candidates = names.map((name) => [...new Set(mutations.filter((m) => m.collection === name && !refused.has(m)).map((m) => m.id))]);
  const states = new Map<string, Map<string, RecordState>>();
  const foreign = new Map<string, Set<string>>();
  const batch: BatchState = {
    userId,
    now,
    memo: new Map(),
    records(collection) {
      let m = states.get(collection);
      if (!m) states.set(collection, (m = new Map()));
      return m;
    },
  };
  // One statement (one round trip, one snapshot, see readingTogether): the user's sync_version, the mutation ids
  // applied before, the current rows of the records the batch names (any owner: an id owned by someone else is
  // refused), and what the collections' preloads read (they need only the pushed data, not the rows).
  const reader = readingTogether(tx);
  let read: Awaited<ReturnType<typeof readBatch>> | undefined;
  await allDone([
    readBatch(
      reader,
      userId,
      base === undefined,
      mutationIds,
      names.map((name, i) => [adapters.get(name) as SyncAdapter, candidates[i]]),
    ).then((r) => {
      read = r;
    }),
    ...names.map((name) => {
      const adapter = adapters.get(name) as SyncAdapter;
      const items = mutations
        .filter((m) => m.collection === name && m.op === 'upsert' && m.data && !refused.has(m))
        .map((m) => ({ id: m.id, data: m.data as Data }));
      return adapter.preload && items.length ? adapter.preload(reader, userId, items, batch) : Promise.resolve();
    }),
  ]);
  if (!read) throw new Error('readBatch did not answer');
  if (base === undefined) {
    if (read.version === null) throw new AppError('unauthorized', 'Please login to continue');
    base = read.version;
  }
  let version = base;
  const done = read.done;
  const rowsRead = read.rows;
  names.forEach((name, i) => {
    const ids = new Set(mutations.filter((m) => m.collection === name && !done.has(m.mutation_id ?? '') && !refused.has(m)).map((m) => m.id));
    const f = new Set<string>();
    foreign.set(name, f);
    const into = batch.records(name);
    const adapter = adapters.get(name) as SyncAdapter;
    for (const row of rowsRead[i]) if (ids.has(row.id as string)) keepState(adapter, userId, row, into, f);
  });

  const results: MutationResult[] = [];
  const applied: Array<{ mutationId: string; collection: string; recordId: string; version: number }> = [];
  const history: Array<typeof recordHistory.$inferInsert> = [];

  /** An upsert applied to the batch's state (its prepare, history and version); the result of the mutation. */
  const upsert = async (m: Mutation, adapter: SyncAdapter, records: Map<string, RecordState>): Promise<MutationResult> => {
    const mid = m.mutation_id ?? '';
    const cur = records.get(m.id);
    const live = cur && !cur.deleted ? cur.data : null;
    const merged = mergedData(adapter, cur?.data, m.data ?? {});
    const data = adapter.prepare ? await adapter.prepare(tx, userId, merged, { id: m.id, existing: live, batch, server: m.server }) : merged;
    const changed = live ? Object.keys(data).filter((k) => !same(data[k], live[k])) : Object.keys(data);
    if (cur && !cur.deleted && changed.length === 0) return { mutation_id: mid, status: 'applied', version: cur.version, created: false };
    version += 1;
    if (cur && live && ((m.base_version !== undefined && m.base_version < cur.version) || adapter.keepHistory?.(live, data))) {
      const lost: Data = {};
      for (const k of changed) lost[k] = live[k];
      history.push({
        userId,
        collection: m.collection,
        recordId: m.id,
        version: cur.version,
        replacedByVersion: version,
        data: lost,
        device: cur.device,
        replacedAt: now,
      });
      cur.historyCount += 1;
    }
    const created = !cur || cur.deleted;
    if (cur) {
      Object.assign(cur, { data, deleted: false, version, updatedAt: now, device: m.device ?? null, dirty: true });
    } else {
      records.set(m.id, {
        data,
        deleted: false,
        version,
        createdAt: now,
        updatedAt: now,
        device: m.device ?? null,
        historyCount: 0,
        stored: false,
        dirty: true,
      });
    }
    return { mutation_id: mid, status: 'applied', version, created };
  };

  for (const m of mutations) {
    const mid = m.mutation_id ?? '';
    if (m.mutation_id && done.has(m.mutation_id)) {
      results.push({ mutation_id: mid, status: 'duplicate', version: done.get(m.mutation_id) });
      continue;
    }
    const adapter = adapters.get(m.collection) as SyncAdapter;
    const records = batch.records(m.collection);
    try {
      const bad = refused.get(m);
      if (bad) throw bad;
      // Another account's id (t19 A2): written to, it is refused as any used id is (never "not found", which told
      // that the id exists elsewhere); deleted, it is absent from this account as an unknown id is, and nothing changes.
      if (m.op !== 'delete' && foreign.get(m.collection)?.has(m.id)) throw idTaken(adapter.label.toLowerCase());
      const cur = records.get(m.id);
      let result: MutationResult;
      if (m.op === 'delete') {
        if (!cur || cur.deleted) {
          result = { mutation_id: mid, status: 'applied', ...(cur ? { version: cur.version } : {}) };
        } else {
          await adapter.beforeDelete?.(tx, userId, m.id, batch);
          version += 1;
          if (m.base_version !== undefined && m.base_version < cur.version) {
            history.push({
              userId,
              collection: m.collection,
              recordId: m.id,
              version: cur.version,
              replacedByVersion: version,
              data: cur.data,
              device: cur.device,
              replacedAt: now,
            });
            cur.historyCount += 1;
          }
          Object.assign(cur, { deleted: true, version, updatedAt: now, device: m.device ?? null, dirty: true });
          result = { mutation_id: mid, status: 'applied', version };
        }
      } else {
        result = await upsert(m, adapter, records);
      }
      results.push(result);
      if (m.mutation_id) {
        done.set(m.mutation_id, result.version ?? 0);
        applied.push({ mutationId: m.mutation_id, collection: m.collection, recordId: m.id, version: result.version ?? 0 });
      }
    } catch (err) {
      results.push({ mutation_id: mid, status: 'rejected', error: rejection(err) });
    }
  }

  // Records whose stored fields follow from others this batch wrote (the invoice a credit note credits, issue 26 F9)
  // are prepared again with no change of their own, whichever path wrote the others and whatever else was pushed.
  for (const [name, adapter] of adapters) {
    if (!adapter.follows) continue;
    const records = batch.records(name);
    const ids = new Set<string>();
    for (const [id, st] of records) if (st.dirty) for (const f of adapter.follows(st.data)) if (f !== id) ids.add(f);
    const missing = [...ids].filter((id) => !records.has(id));
    if (missing.length)
      for (const row of await selectRows(tx, adapter.table, and(eq(adapter.table.userId, userId), inIds(adapter.table.id, missing)) as SQL))
        keepState(adapter, userId, row, records, new Set());
    for (const id of ids) {
      if (!records.get(id) || records.get(id)?.deleted) continue;
      try {
        await upsert({ collection: name, id, op: 'upsert', data: {} } as Mutation, adapter, records);
      } catch {
        // It keeps what it stored (e.g. a row written before today's limits); its next write works it out again.
      }
    }
  }

  const writes = [...adapters.entries()]
    .filter(([name]) => states.has(name))
    .sort((a, b) => a[1].order - b[1].order)
    .map(([name, adapter]) => ({ adapter, rows: [...batch.records(name).entries()].filter(([, st]) => st.dirty) }));
  return { adapters, base, now, version, results, applied, history, writes };
}
