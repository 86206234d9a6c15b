import { findBadText, textProblem } from '@duka/core';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordHistory, syncMutations, users } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Tx } from '../../lib/registry';
import { inIds, insertJson, selectJson, selectRows } from './bulk';
import { type BatchState, type Data, getAdapter, type RecordState, type SyncAdapter } from './registry';

/** One change to apply. mutation_id is absent for REST writes (they are not recorded as mutations). */
export interface Mutation {
  mutation_id?: string;
  collection: string;
  op: 'upsert' | 'delete';
  id: string;
  data?: Data;
  base_version?: number;
  device?: string;
  /** Server-only fields for the adapter's prepare (see PrepareInfo.server); the push route never sets it. */
  server?: Data;
}

export interface MutationResult {
  mutation_id: string;
  status: 'applied' | 'duplicate' | 'rejected';
  version?: number;
  error?: { code: string; message: string; fields?: Record<string, string> };
  /** Internal: whether a record was created (REST answers 201). */
  created?: boolean;
}

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

/**
 * Applies mutations for one user in one transaction: validation first (a rejected mutation changes nothing
 * and does not stop the others), then one multi-row upsert per collection. If the database refuses the
 * batch's writes, the mutations are applied again one at a time, each in its own savepoint, so the one the
 * database refuses comes back 'rejected' with the reason while the rest apply. See registry.ts.
 */
export async function applyMutations(ctx: AppContext, userId: string, mutations: Mutation[], now = new Date()): Promise<MutationResult[]> {
  // Unknown collections refuse the whole request (a client bug, not a user's input to fix).
  const adapters = new Map<string, SyncAdapter>();
  for (const m of mutations) if (!adapters.has(m.collection)) adapters.set(m.collection, getAdapter(ctx, m.collection));

  const committed = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select({ v: users.syncVersion }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('unauthorized', 'Please login to continue');
    try {
      return await tx.transaction((sp) => applyBatch(sp, adapters, userId, mutations, now));
    } catch (err) {
      if (err instanceof AppError || mutations.length === 0) throw err;
      if (mutations.length === 1) return [{ mutation_id: mutations[0].mutation_id ?? '', status: 'rejected' as const, error: storageRejection(err) }];
    }
    const results: MutationResult[] = [];
    for (const m of mutations) {
      try {
        results.push(...(await tx.transaction((sp) => applyBatch(sp, adapters, userId, [m], now))));
      } catch (err) {
        if (err instanceof AppError) throw err;
        results.push({ mutation_id: m.mutation_id ?? '', status: 'rejected', error: storageRejection(err) });
      }
    }
    return results;
  });
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

async function applyBatch(tx: Tx, adapters: Map<string, SyncAdapter>, userId: string, mutations: Mutation[], now: Date): Promise<MutationResult[]> {
  const [user] = await tx.select({ v: users.syncVersion }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('unauthorized', 'Please login to continue');
  let version = Number(user.v);

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

  // Writes: one multi-row upsert per collection, referenced collections first.
  const ordered = [...adapters.entries()].filter(([name]) => states.has(name)).sort((a, b) => a[1].order - b[1].order);
  for (const [name, adapter] of ordered) {
    const dirty = [...batch.records(name).entries()].filter(([, s]) => s.dirty);
    for (let i = 0; i < dirty.length; i += 500) await writeRows(tx, adapter, userId, dirty.slice(i, i + 500));
    if (adapter.afterWrite && dirty.length)
      await adapter.afterWrite(
        tx,
        userId,
        dirty.map(([id, st]) => ({ id, data: st.data, deleted: st.deleted })),
      );
  }
  if (history.length) await tx.insert(recordHistory).values(history);
  await insertJson(
    tx,
    syncMutations,
    applied.map((a) => ({ userId, ...a, appliedAt: now })),
  );
  if (version !== Number(user.v)) await tx.update(users).set({ syncVersion: version }).where(eq(users.id, userId));
  return results;
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
