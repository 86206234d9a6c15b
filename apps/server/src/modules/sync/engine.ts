import type { AppContext } from '../../lib/context';
import { type ApplyOptions, applyNow, committedVersion, withCommittedVersion } from './apply';
import type { Mutation } from './batch';
import { getAdapter } from './registry';
import type { MutationResult } from './write';

/**
 * The entry point of every synced write (sync push and REST): an account's calls in this process run one after
 * another, and the pushes that wait meanwhile are applied together (group commit). How one batch is applied:
 * apply.ts; how it is worked out: batch.ts; how it is written: write.ts.
 */

export type { ApplyOptions, Mutation, MutationResult };
export { committedVersion };

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
  const version = committedVersion(results);
  for (const q of group) {
    q.resolve(withCommittedVersion(results.slice(at, at + q.mutations.length), version));
    at += q.mutations.length;
  }
}
