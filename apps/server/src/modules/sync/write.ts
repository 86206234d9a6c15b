import { type SQL, sql } from 'drizzle-orm';
import { recordHistory, syncMutations, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Tx } from '../../lib/registry';
import { appliedUpserts, attachRecords, headOf, selectWithRecords } from './answer-records';
import { eachId, fixed, inIds, insertJson, insertJsonSql } from './bulk';
import type { Plan } from './plan';
import { afterWriteQuiet, type LastStatementPart, type RecordState, type Row, type SyncAdapter, type Written } from './registry';

export type { MutationResult, Plan } from './plan';

export const hasWrites = (p: Plan) => p.applied.length > 0 || p.history.length > 0 || p.writes.some((w) => w.rows.length > 0);

/** Locks the user's row (every write of a user's synced data holds it) and returns its sync_version. */
export async function lockUser(tx: Tx, userId: string): Promise<number> {
  const res = (await tx.execute(sql`select sync_version as v from ${fixed(users)} where id = ${userId} for update`)) as unknown as {
    rows: Array<{ v: unknown }>;
  };
  const v = res.rows[0]?.v;
  if (v === null || v === undefined) throw new AppError('unauthorized', 'Please login to continue');
  return Number(v);
}

/** A collection's rows of a batch as its afterWrite and lastStatement see them. */
const writtenOf = (rows: Array<[string, RecordState]>): Written[] =>
  rows.map(([id, st]) => ({ id, data: st.data, deleted: st.deleted, created: !st.stored, before: st.original ?? null }));

/**
 * Writes a plan: one multi-row upsert per collection (referenced collections first, each followed by its
 * afterWrite), then one last statement for the history, the mutation ids and the user's version, which also
 * reads back (`records`) the stored records of the applied upserts at the versions they got.
 * `lock`: the first statement also takes the user's row lock, and the plan is written only if the user's
 * sync_version is still the plan's base; else nothing is written and that sync_version is returned (null: written).
 */
export async function writePlan(tx: Tx, userId: string, plan: Plan, records = false, lock = false): Promise<number | null> {
  if (lock && canWriteAtOnce(userId, plan)) {
    const stale = await writeAtOnce(tx, userId, plan, records);
    if (stale === null) await afterWrites(tx, userId, plan);
    return stale;
  }
  let unlocked = lock;
  const last: LastStatementPart[] = [];
  for (const { adapter, rows } of plan.writes) {
    for (let i = 0; i < rows.length; i += 500) {
      if (!unlocked) {
        await writeRows(tx, adapter, userId, rows.slice(i, i + 500));
        continue;
      }
      unlocked = false;
      const current = await writeRows(tx, adapter, userId, rows.slice(i, i + 500), plan.base);
      if (current !== plan.base) return current;
    }
    if (!rows.length || (!adapter.afterWrite && !adapter.lastStatement)) continue;
    const written = writtenOf(rows);
    if (adapter.afterWrite) await adapter.afterWrite(tx, userId, written);
    if (adapter.lastStatement) last.push(...adapter.lastStatement(userId, written));
  }
  const parts: SQL[] = [];
  last.forEach((p, i) => {
    if (p.write) parts.push(sql`${sql.raw(`x${i}`)} as (${p.write})`);
  });
  const history = insertJsonSql(recordHistory, plan.history);
  if (history) parts.push(sql`h as (${history})`);
  const applied = insertJsonSql(
    syncMutations,
    plan.applied.map((a) => ({ userId, ...a, appliedAt: plan.now })),
  );
  if (applied) parts.push(sql`m as (${applied})`);
  if (plan.version !== plan.base) parts.push(sql`u as (update ${fixed(users)} set sync_version = ${plan.version} where id = ${userId})`);
  if (unlocked) {
    const current = await lockUser(tx, userId);
    if (current !== plan.base) return current;
  }
  const reads = records ? appliedUpserts(plan) : [];
  const checks = last.map((p, i) => ({ ...p, at: `c${i}` })).filter((p) => p.read);
  if (!parts.length && !reads.length && !checks.length) return null;
  const head: Array<[string, SQL]> = [
    ['done', sql`1`],
    ...checks.map((p): [string, SQL] => [p.at, sql`select coalesce(json_agg(x), '[]'::json)::text from (${p.read}) x`]),
  ];
  const sources = reads.map(({ adapter, ids }) => eachId(adapter.table, ids, userId, { live: true }));
  const res = (await tx.execute(
    sql`${parts.length ? sql`with ${sql.join(parts, sql`, `)} ` : sql``}${selectWithRecords(head, reads, sources)}`,
  )) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const out = headOf(res.rows);
  for (const p of checks) await p.check?.(JSON.parse(String(out[p.at] ?? '[]')) as Row[]);
  attachRecords(plan, reads, res.rows);
  return null;
}

const written = (plan: Plan) => plan.writes.filter((w) => w.rows.length > 0);

/**
 * Whether writePlan with `lock` can write the plan in ONE statement (writeAtOnce; issue 27: every statement under the
 * user's lock is a round trip, and a wake-up at which the Node process may lose the CPU): every collection has at most
 * 500 rows, none adds to the last statement (a write, or a read that must see this batch's writes), and only the last
 * written collection's afterWrite may use the database (it runs after the statement, as after its own write before).
 */
export function canWriteAtOnce(userId: string, plan: Plan): boolean {
  const writes = written(plan);
  if (writes.some((w) => w.rows.length > 500)) return false;
  if (writes.some((w, i) => i < writes.length - 1 && !afterWriteQuiet(w.adapter, writtenOf(w.rows)))) return false;
  return !writes.some((w) => w.adapter.lastStatement && w.adapter.lastStatement(userId, writtenOf(w.rows)).length > 0);
}

/** Whether no afterWrite of the plan uses the database: writeAtOnce's statement can then run without a transaction. */
export function quietPlan(plan: Plan): boolean {
  return written(plan).every((w) => afterWriteQuiet(w.adapter, writtenOf(w.rows)));
}

/** The plan's collections' afterWrites, in the order they were written (after writeAtOnce). */
export async function afterWrites(tx: Tx, userId: string, plan: Plan): Promise<void> {
  for (const w of written(plan)) if (w.adapter.afterWrite) await w.adapter.afterWrite(tx, userId, writtenOf(w.rows));
}

/**
 * One statement (see canWriteAtOnce): the user's row lock, every collection's upsert, the history, the mutation ids
 * and the user's version, all guarded by "sync_version is still the plan's base", and the records the push answers
 * with, read from the upserts' RETURNING (a statement does not see its own writes otherwise). Answers null when
 * written, else the sync_version found (nothing written). The caller runs afterWrites next.
 */
export async function writeAtOnce(tx: Tx, userId: string, plan: Plan, records: boolean): Promise<number | null> {
  const writes = written(plan);
  const guard = sql`(select v from l) = ${plan.base}`;
  const parts: SQL[] = [sql`l as (select sync_version as v from ${fixed(users)} where id = ${userId} for update)`];
  writes.forEach(({ adapter, rows }, i) => {
    const upsert = insertJsonSql(adapter.table, rowValues(adapter, userId, rows), { upsert: true, where: guard }) as SQL;
    parts.push(sql`${sql.raw(`w${i}`)} as (${upsert} returning *)`);
  });
  const history = insertJsonSql(recordHistory, plan.history, { where: guard });
  if (history) parts.push(sql`h as (${history})`);
  const applied = insertJsonSql(
    syncMutations,
    plan.applied.map((a) => ({ userId, ...a, appliedAt: plan.now })),
    { where: guard },
  );
  if (applied) parts.push(sql`m as (${applied})`);
  if (plan.version !== plan.base) parts.push(sql`u as (update ${fixed(users)} set sync_version = ${plan.version} where id = ${userId} and ${guard})`);
  // The records of the applied upserts: as written (RETURNING), or as stored when the upsert changed nothing.
  const reads = records ? appliedUpserts(plan) : [];
  const sources = reads.map(({ adapter, ids }) => {
    const at = writes.findIndex((w) => w.adapter === adapter);
    const own = new Set(at >= 0 ? writes[at].rows.map(([id]) => id) : []);
    const kept = ids.filter((id) => !own.has(id));
    const t = adapter.table;
    const from = [
      ...(at >= 0 ? [sql`select * from ${sql.raw(`w${at}`)} where deleted_at is null and ${inIds(sql.raw('id'), ids)}`] : []),
      ...(kept.length ? [eachId(t, kept, userId, { live: true })] : []),
    ];
    return from.length ? sql.join(from, sql` union all `) : null;
  });
  const res = (await tx.execute(sql`with ${sql.join(parts, sql`, `)} ${selectWithRecords([['v', sql`select v from l`]], reads, sources)}`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const out = headOf(res.rows);
  if (out.v === null || out.v === undefined) throw new AppError('unauthorized', 'Please login to continue');
  if (Number(out.v) !== plan.base) return Number(out.v);
  attachRecords(plan, reads, res.rows);
  return null;
}

/**
 * One multi-row upsert. With `base`: the same statement first locks the user's row and writes only if its
 * sync_version is still `base`; returns the sync_version it found (the caller goes on only if it is `base`).
 */
async function writeRows(tx: Tx, adapter: SyncAdapter, userId: string, items: Array<[string, RecordState]>, base?: number): Promise<number | null> {
  const values = rowValues(adapter, userId, items);
  if (base === undefined) {
    await insertJson(tx, adapter.table, values, { upsert: true });
    return null;
  }
  const write = insertJsonSql(adapter.table, values, { upsert: true, where: sql`(select v from l) = ${base}` }) as SQL;
  const res = (await tx.execute(
    sql`with l as (select sync_version as v from ${fixed(users)} where id = ${userId} for update), w as (${write}) select (select v from l) as v`,
  )) as unknown as { rows: Array<{ v: unknown }> };
  const v = res.rows[0]?.v;
  if (v === null || v === undefined) throw new AppError('unauthorized', 'Please login to continue');
  return Number(v);
}

/** The table rows of a batch's records (Drizzle property names). */
function rowValues(adapter: SyncAdapter, userId: string, items: Array<[string, RecordState]>): Row[] {
  return items.map(([id, s]) => ({
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
}
