import { AppError } from '../../lib/errors';
import type { AppContext } from '../../lib/context';
import type { Tx } from '../../lib/registry';
import { computeBatch, type Mutation } from './batch';
import { getAdapter, type SyncAdapter } from './registry';
import { afterWrites, canWriteAtOnce, hasWrites, lockUser, type MutationResult, type Plan, quietPlan, writeAtOnce, writePlan } from './write';

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

/**
 * The user's sync_version once a call's results were committed, when it is known (not after the careful path): every
 * version up to it is committed, and the ones this call wrote are its results'. POST /sync/push uses it to skip the
 * pull it carries when the answer's own records are all there is since the device's cursor (see committedVersion).
 */
const versionAfter = new WeakMap<MutationResult[], number>();

/** The sync_version after `results` were committed (results as applyNow, or runGroup's slice of them, answered). */
export function committedVersion(results: MutationResult[]): number | undefined {
  return versionAfter.get(results);
}

/** Records `version` as the one after `results` were committed (see committedVersion). */
export function withCommittedVersion(results: MutationResult[], version: number | undefined): MutationResult[] {
  if (version !== undefined) versionAfter.set(results, version);
  return results;
}

/** An error of the database (or any unexpected one) while one mutation was applied, as its rejection. */
function storageRejection(err: unknown): MutationResult['error'] {
  const pg = err as { code?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } };
  const cause = pg?.cause && typeof pg.cause.code === 'string' ? pg.cause : pg;
  const detail = typeof cause?.code === 'string' && typeof cause.message === 'string' ? ` (${cause.message.slice(0, 200)})` : '';
  return { code: 'unprocessable', message: `The server could not store this change${detail}. Fix the record or discard the change.`, reason: 'not_stored' };
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
 *     process wrote meanwhile) the batch is worked out again under the lock and written the same way, still
 *     without a savepoint.
 * If the database refuses the batch's writes (e.g. a unique index), the transaction is rolled back and run again
 * carefully: worked out under the lock and written in a savepoint, and if the database refuses that too, the
 * mutations one at a time, each in its own savepoint, so the one the database refuses comes back 'rejected' with
 * the reason while the rest apply. A batch with nothing to write (replays, rejections) answers without taking the lock.
 * While an account's prepared batches keep being stale (see CONTENDED_MS), its pushes skip phase 1.
 * Within one process the pushes of one account run one after another, so phase 1 sees the previous one's
 * writes (two devices of a shop pushing at once would otherwise each prepare, and one prepare again); the pushes
 * that wait meanwhile are applied together in one batch (group commit, see runGroup).
 * See registry.ts.
 */
export async function applyNow(ctx: AppContext, userId: string, mutations: Mutation[], now: Date, opts: ApplyOptions): Promise<MutationResult[]> {
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

  /**
   * Phase 2, under the user's lock: the prepared plan as it is when nothing changed since, else worked out again.
   * `careful`: each step in its own savepoint (see workedOutUnderLock).
   */
  let version: number | undefined;
  const lockedOnce = (prepared: Plan | null, careful: boolean) =>
    ctx.db.transaction(async (tx): Promise<MutationResult[]> => {
      if (prepared) {
        // The plan's first write takes the lock and writes only if sync_version is still `base` (one round trip).
        const stale = await writePlan(tx, userId, prepared, records, true);
        if (stale === null) {
          version = prepared.version;
          return prepared.results;
        }
        markContended(userId);
        const done = await workedOutUnderLock(tx, adapters, userId, mutations, now, stale, records, careful);
        version = done.version;
        return done.results;
      }
      const done = await workedOutUnderLock(tx, adapters, userId, mutations, now, await lockUser(tx, userId), records, careful);
      version = done.version;
      return done.results;
    });
  // No savepoint at first: if the database refuses these writes, the whole transaction is rolled back and run again
  // without the plan, where each step has its savepoint (a refusal is rare; two round trips saved on every push).
  const locked = async (prepared: Plan | null) => {
    version = undefined;
    try {
      return await lockedOnce(prepared, false);
    } catch (err) {
      if (err instanceof AppError) throw err;
      version = undefined;
      return lockedOnce(null, true);
    }
  };

  let committed: MutationResult[];
  if (plan && !hasWrites(plan)) {
    committed = plan.results;
    version = plan.base;
  } else if (plan && canWriteAtOnce(userId, plan) && quietPlan(plan)) {
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
      version = plan.version;
    } else {
      if (stale !== undefined) markContended(userId);
      committed = await locked(null);
    }
  } else {
    committed = await locked(plan);
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
  return withCommittedVersion(records ? latestRecordsOnly(mutations, committed) : committed, version);
}

/**
 * Under the lock, when the prepared plan cannot be used: the batch worked out again and written, in as few statements
 * as writePlan can (issue 27: each is a round trip while the lock is held). `careful` (after the database refused
 * that): in a savepoint; if the database refuses it again, each mutation again in its own savepoint, so the one the
 * database refuses comes back 'rejected' with the reason while the rest apply.
 */
async function workedOutUnderLock(
  tx: Tx,
  adapters: Map<string, SyncAdapter>,
  userId: string,
  mutations: Mutation[],
  now: Date,
  current: number,
  records: boolean,
  careful: boolean,
): Promise<{ results: MutationResult[]; version?: number }> {
  if (!careful) {
    const p = await computeBatch(tx, adapters, userId, mutations, now, current);
    // The lock is held: sync_version cannot have moved (the statement's own guard is then always true).
    if ((await writePlan(tx, userId, p, records, true)) !== null) throw new Error('sync_version moved while the user was locked');
    return { results: p.results, version: p.version };
  }
  try {
    const results = await tx.transaction(async (sp) => {
      const p = await computeBatch(sp, adapters, userId, mutations, now, current);
      await writePlan(sp, userId, p, records);
      return p.results;
    });
    return { results };
  } catch (err) {
    if (err instanceof AppError || mutations.length === 0) throw err;
    if (mutations.length === 1)
      return { results: [{ mutation_id: mutations[0].mutation_id ?? '', status: 'rejected' as const, error: storageRejection(err) }] };
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
  return { results };
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
    if (r.recordJson === undefined || (m?.op === 'upsert' && last.get(`${m.collection}\u0000${m.id}`) === i && r.recordVersion === r.version)) return r;
    const { recordJson: _record, recordVersion: _version, ...rest } = r;
    return rest;
  });
}
