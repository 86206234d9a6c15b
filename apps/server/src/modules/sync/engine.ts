import { findBadText, type SyncMutation, type SyncResult, textProblem } from '@duka/core';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordHistory, syncMutations, users } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Tx } from '../../lib/registry';
import { inIds, insertJson, selectJson, selectRows } from './bulk';
import { type BatchState, type Data, getAdapter, type RecordState, type SyncAdapter } from './registry';

/**
 * One change to apply: core's SyncMutation (what a push carries), except that mutation_id is absent for REST
 * writes (they are not recorded as mutations), plus server-only fields for the adapter's prepare
 * (PrepareInfo.server; the push route never sets them).
 */
export type Mutation = Omit<SyncMutation, 'mutation_id' | 'data'> & { mutation_id?: string; data?: Data; server?: Data };

/** Core's SyncResult (what a push answers), plus whether a record was created (REST answers 201; never sent). */
export type MutationResult = SyncResult & { created?: boolean };

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

/** Loads the current rows of `ids` (any owner: an id owned by someone else is refused, never touched). */
async function loadStates(tx: Tx, adapter: SyncAdapter, userId: string, ids: string[], into: Map<string, RecordState>, foreign: Set<string>) {
  if (!ids.length) return;
  const t = adapter.table;
  const rows = await selectRows(tx, t, inIds(t.id, ids));
  for (const row of rows) {
    const id = row.id as string;
    if (row.userId !== userId) {
      foreign.add(id);
      continue;
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
  }
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

/** Everything a batch will write, worked out from the user's data at sync version `base`. */
interface Plan {
  base: number;
  now: Date;
  version: number;
  results: MutationResult[];
  applied: Array<{ mutationId: string; collection: string; recordId: string; version: number }>;
  history: Array<typeof recordHistory.$inferInsert>;
  writes: Array<{ adapter: SyncAdapter; rows: Array<[string, RecordState]> }>;
}

const hasWrites = (p: Plan) => p.applied.length > 0 || p.history.length > 0 || p.writes.some((w) => w.rows.length > 0);

/**
 * Applies mutations for one user. Validation first (a rejected mutation changes nothing and does not stop
 * the others), then one multi-row upsert per collection.
 *
 * Two phases, so the user's row lock is held only while versions are allocated and rows written:
 *  1. without any lock, every mutation is read, validated and prepared (schemas, maths, references,
 *     numbers) against the user's data as of its sync_version `base` (prepare and preload only read);
 *  2. the user's row is locked; if sync_version is still `base`, nothing of this user changed in between
 *     (every write of a user's synced data bumps it under this lock), so the prepared rows are written as
 *     they are. Otherwise (another device or process wrote meanwhile), or if the database refuses the
 *     prepared writes (e.g. a unique index), the batch is worked out again under the lock, as before.
 * If the database refuses the batch's writes under the lock, the mutations are applied again one at a time,
 * each in its own savepoint, so the one the database refuses comes back 'rejected' with the reason while
 * the rest apply. A batch with nothing to write (replays, rejections) answers without taking the lock.
 * Within one process the pushes of one account run one after another, so phase 1 sees the previous one's
 * writes (two devices of a shop pushing at once would otherwise each prepare, and one prepare again).
 * See registry.ts.
 */
/** Pushes of one account in this process, one after another (their work would otherwise be done twice, see below). */
const inFlight = new Map<string, Promise<unknown>>();

export async function applyMutations(ctx: AppContext, userId: string, mutations: Mutation[], now = new Date()): Promise<MutationResult[]> {
  const before = inFlight.get(userId);
  const run = (before ?? Promise.resolve()).catch(() => undefined).then(() => applyNow(ctx, userId, mutations, now));
  const settled = run.catch(() => undefined);
  inFlight.set(userId, settled);
  try {
    return await run;
  } finally {
    if (inFlight.get(userId) === settled) inFlight.delete(userId);
  }
}

async function applyNow(ctx: AppContext, userId: string, mutations: Mutation[], now: Date): Promise<MutationResult[]> {
  // Unknown collections refuse the whole request (a client bug, not a user's input to fix).
  const adapters = new Map<string, SyncAdapter>();
  for (const m of mutations) if (!adapters.has(m.collection)) adapters.set(m.collection, getAdapter(ctx, m.collection));

  // Phase 1: read-only, outside any transaction (prepare and preload must not write, see registry.ts).
  let plan: Plan | null = null;
  try {
    plan = await computeBatch(ctx.db as unknown as Tx, adapters, userId, mutations, now);
  } catch (err) {
    if (err instanceof AppError && err.code === 'unauthorized') throw err;
    plan = null; // worked out again under the lock, where an error is handled as before
  }

  let committed: MutationResult[];
  if (plan && !hasWrites(plan)) committed = plan.results;
  else {
    const prepared = plan;
    committed = await ctx.db.transaction(async (tx) => {
      const [user] = await tx.select({ v: users.syncVersion }).from(users).where(eq(users.id, userId)).for('update');
      if (!user) throw new AppError('unauthorized', 'Please login to continue');
      const current = Number(user.v);
      if (prepared && prepared.base === current) {
        try {
          await tx.transaction((sp) => writePlan(sp, userId, prepared));
          return prepared.results;
        } catch (err) {
          if (err instanceof AppError) throw err;
          // refused by the database: work the batch out again below
        }
      }
      try {
        return await tx.transaction(async (sp) => {
          const p = await computeBatch(sp, adapters, userId, mutations, now, current);
          await writePlan(sp, userId, p);
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
              await writePlan(sp, userId, p);
              return p.results;
            })),
          );
        } catch (err) {
          if (err instanceof AppError) throw err;
          results.push({ mutation_id: m.mutation_id ?? '', status: 'rejected', error: storageRejection(err) });
        }
      }
      return results;
    });
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
  return committed;
}

/** Works out a batch (no writes). `base`: the user's sync_version when the caller already read it under the lock. */
async function computeBatch(tx: Tx, adapters: Map<string, SyncAdapter>, userId: string, mutations: Mutation[], now: Date, base?: number): Promise<Plan> {
  if (base === undefined) {
    const [user] = await tx.select({ v: users.syncVersion }).from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('unauthorized', 'Please login to continue');
    base = Number(user.v);
  }
  let version = base;

  const mutationIds = mutations.map((m) => m.mutation_id).filter((x): x is string => !!x);
  const done = new Map<string, number>();
  if (mutationIds.length) {
    const rows = await selectJson(
      tx,
      sql`select mutation_id, version from ${syncMutations} where ${syncMutations.userId} = ${userId} and ${inIds(syncMutations.mutationId, mutationIds)}`,
    );
    for (const r of rows) done.set(String(r.mutation_id), Number(r.version));
  }

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
  const refused = new Map<Mutation, AppError>();
  for (const m of mutations) {
    const bad = badTextOf(m);
    if (bad) refused.set(m, bad);
  }
  for (const [name, adapter] of adapters) {
    if (!mutations.some((m) => m.collection === name)) continue;
    const ids = [...new Set(mutations.filter((m) => m.collection === name && !done.has(m.mutation_id ?? '') && !refused.has(m)).map((m) => m.id))];
    const f = new Set<string>();
    foreign.set(name, f);
    await loadStates(tx, adapter, userId, ids, batch.records(name), f);
    if (adapter.preload) {
      const items = mutations
        .filter((m) => m.collection === name && m.op === 'upsert' && m.data && !refused.has(m))
        .map((m) => ({ id: m.id, data: m.data as Data }));
      if (items.length) await adapter.preload(tx, userId, items, batch);
    }
  }

  const results: MutationResult[] = [];
  const applied: Array<{ mutationId: string; collection: string; recordId: string; version: number }> = [];
  const history: Array<typeof recordHistory.$inferInsert> = [];

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
      if (foreign.get(m.collection)?.has(m.id)) throw new AppError('not_found', `${adapter.label} not found`);
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
        const patch = adapter.patch.parse(m.data ?? {});
        const live = cur && !cur.deleted ? cur.data : null;
        const merged = adapter.fields.parse({ ...adapter.defaults, ...(cur?.data ?? {}), ...patch });
        const data = adapter.prepare ? await adapter.prepare(tx, userId, merged, { id: m.id, existing: live, batch, server: m.server }) : merged;
        const changed = live ? Object.keys(data).filter((k) => !same(data[k], live[k])) : Object.keys(data);
        if (cur && !cur.deleted && changed.length === 0) {
          result = { mutation_id: mid, status: 'applied', version: cur.version, created: false };
        } else {
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
          result = { mutation_id: mid, status: 'applied', version, created };
        }
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

  const writes = [...adapters.entries()]
    .filter(([name]) => states.has(name))
    .sort((a, b) => a[1].order - b[1].order)
    .map(([name, adapter]) => ({ adapter, rows: [...batch.records(name).entries()].filter(([, st]) => st.dirty) }));
  return { base, now, version, results, applied, history, writes };
}

/** Writes a plan: one multi-row upsert per collection (referenced collections first), history, mutation ids, the user's version. */
async function writePlan(tx: Tx, userId: string, plan: Plan): Promise<void> {
  for (const { adapter, rows } of plan.writes) {
    for (let i = 0; i < rows.length; i += 500) await writeRows(tx, adapter, userId, rows.slice(i, i + 500));
    if (adapter.afterWrite && rows.length)
      await adapter.afterWrite(
        tx,
        userId,
        rows.map(([id, st]) => ({ id, data: st.data, deleted: st.deleted })),
      );
  }
  if (plan.history.length) await tx.insert(recordHistory).values(plan.history);
  await insertJson(
    tx,
    syncMutations,
    plan.applied.map((a) => ({ userId, ...a, appliedAt: plan.now })),
  );
  if (plan.version !== plan.base) await tx.update(users).set({ syncVersion: plan.version }).where(eq(users.id, userId));
}

async function writeRows(tx: Tx, adapter: SyncAdapter, userId: string, items: Array<[string, RecordState]>) {
  const values = items.map(([id, s]) => ({
    ...adapter.toRow(s.data),
    id,
    userId,
    version: s.version,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    deletedAt: s.deleted ? s.updatedAt : null,
    device: s.device,
    historyCount: s.historyCount,
  }));
  await insertJson(tx, adapter.table, values, { upsert: true });
}
