import { findBadText, refusal, type SyncMutation, textProblem } from '@duka/core';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordHistory, syncMutations, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { idTaken } from '../../lib/taken-id';
import type { Tx } from '../../lib/registry';
import { allDone, eachId, eachSeek, fixed, inIds, readingTogether, rowFromJson, selectJson, selectRows } from './bulk';
import { type BatchState, type Data, type RecordState, type Row, type SyncAdapter } from './registry';
import type { MutationResult, Plan } from './write';

/** Working out a batch of mutations (validation, prepare, versions, history): what write.ts then writes. */

/**
 * One change to apply: core's SyncMutation (what a push carries), except that mutation_id is absent for REST
 * writes (they are not recorded as mutations), plus server-only fields for the adapter's prepare
 * (PrepareInfo.server; the push route never sets them).
 */
export type Mutation = Omit<SyncMutation, 'mutation_id' | 'data'> & { mutation_id?: string; data?: Data; server?: Data };

function zodFields(err: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    if (!fields[key]) fields[key] = issue.message;
  }
  return fields;
}

function rejection(err: unknown): MutationResult['error'] {
  if (err instanceof AppError)
    return {
      code: err.code,
      message: err.message,
      ...(err.fields ? { fields: err.fields } : {}),
      ...(err.refusal ? { reason: err.refusal.reason, ...(err.refusal.params ? { params: err.refusal.params } : {}) } : {}),
    };
  if (err instanceof z.ZodError) {
    const fields = zodFields(err);
    const [key, msg] = Object.entries(fields)[0] ?? ['_', 'Invalid value'];
    return { code: 'validation_failed', message: key === '_' ? msg : `${key}: ${msg}`, fields, reason: 'invalid_field', params: { field: key } };
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
    ? selectJson(reader, eachSeek(mutationIds, 'mutation_id', sql`select mutation_id, version from ${fixed(syncMutations)} where user_id = ${userId}`, 'uuid'))
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
    if (problem) return new AppError('validation_failed', `device: ${problem}`, { device: problem }, refusal('invalid_text', { field: 'device' }));
  }
  const bad = m.data ? findBadText(m.data) : null;
  return bad
    ? new AppError('validation_failed', `${bad.path}: ${bad.message}`, { [bad.path]: bad.message }, refusal('invalid_text', { field: bad.path }))
    : null;
}

/** Works out a batch (no writes). `base`: the user's sync_version when the caller already read it under the lock. */
export async function computeBatch(tx: Tx, adapters: Map<string, SyncAdapter>, userId: string, mutations: Mutation[], now: Date, base?: number): Promise<Plan> {
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
