import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/connect';
import { rateLimits } from '../db/schema';
import { AppError } from './errors';

/**
 * Rate limits kept in the database (table rate_limits), so every process on one PostgreSQL counts in the
 * same buckets; on the embedded PGlite the same table serves the one process. Two kinds:
 * - fixed windows (`consume`): at most `max` units per `windowMs` for a key (per address, per user…);
 * - back-off (`attempt`): a few free attempts, then each further one must wait twice as long as the last
 *   (capped), so guessing is slow but nobody can lock an account out for long.
 */
export const TOO_MANY = 'Too many attempts. Please wait a moment and try again.';

export interface Window {
  max: number;
  windowMs: number;
}

export interface Backoff {
  /** Attempts allowed before any wait. */
  free: number;
  /** Wait after the first attempt over `free`; doubles with each further one. */
  baseMs: number;
  /** The longest wait. */
  capMs: number;
  /** Attempts are forgotten after this long without one. */
  forgetMs: number;
}

export class RateLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', TOO_MANY);
  }
}

let calls = 0;
/** Now and then, drop rows whose window and back-off are over (keeps the table small). */
async function sweep(db: Db, now: Date): Promise<void> {
  if (++calls % 500 !== 0) return;
  await db.delete(rateLimits).where(and(lt(rateLimits.resetAt, now), or(isNull(rateLimits.blockedUntil), lt(rateLimits.blockedUntil, now))));
}

/**
 * Adds `cost` to the key's window (a new window starts when the last one is over) and returns the count
 * and the milliseconds until the window ends. One atomic statement: concurrent requests never share a count.
 */
export async function hit(db: Db, key: string, cost: number, windowMs: number, now = new Date()): Promise<{ count: number; ttlMs: number }> {
  const resetAt = new Date(now.getTime() + windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: cost, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then ${cost}::int else ${rateLimits.hits} + ${cost}::int end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
  void sweep(db, now).catch(() => undefined);
  return { count: row.hits, ttlMs: Math.max(0, row.resetAt.getTime() - now.getTime()) };
}

/** Counts `cost` units against the key; throws RateLimited (429) once the window holds more than max. */
export async function consume(db: Db, key: string, limit: Window, cost = 1, now = new Date()): Promise<void> {
  const { count, ttlMs } = await hit(db, key, cost, limit.windowMs, now);
  if (count > limit.max) throw new RateLimited(Math.max(1, Math.ceil(ttlMs / 1000)));
}

/** The wait after the n-th attempt (1-based) under a back-off policy; 0 while attempts are free. */
export function backoffDelay(policy: Backoff, attempts: number): number {
  if (attempts < policy.free) return 0;
  return Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(30, attempts - policy.free));
}

/**
 * One attempt under a back-off policy (e.g. a password check for an account). Refused with RateLimited
 * while the key waits; otherwise the attempt is counted (and the next wait set) before the caller checks
 * anything, so parallel guesses are counted too. Call `clearAttempts` after a success.
 */
export async function attempt(db: Db, key: string, policy: Backoff, now = new Date()): Promise<void> {
  const wait = await db.transaction(async (tx) => {
    await tx
      .insert(rateLimits)
      .values({ key, hits: 0, resetAt: new Date(now.getTime() + policy.forgetMs) })
      .onConflictDoNothing();
    const [row] = await tx.select().from(rateLimits).where(eq(rateLimits.key, key)).for('update');
    const fresh = row.resetAt.getTime() <= now.getTime();
    if (!fresh && row.blockedUntil && row.blockedUntil.getTime() > now.getTime()) return row.blockedUntil.getTime() - now.getTime();
    const attempts = (fresh ? 0 : row.hits) + 1;
    const delay = backoffDelay(policy, attempts);
    await tx
      .update(rateLimits)
      .set({ hits: attempts, resetAt: new Date(now.getTime() + policy.forgetMs), blockedUntil: delay ? new Date(now.getTime() + delay) : null })
      .where(eq(rateLimits.key, key));
    return 0;
  });
  if (wait > 0) throw new RateLimited(Math.max(1, Math.ceil(wait / 1000)));
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Sets Retry-After on the reply when err is a RateLimited; rethrows err. */
export function withRetryAfter(reply: FastifyReply, err: unknown): never {
  if (err instanceof RateLimited) reply.header('retry-after', String(err.retryAfterSeconds));
  throw err;
}

/**
 * A store for @fastify/rate-limit on the same table, so the per-address limits declared on routes
 * (config.rateLimit) hold across processes too. Each route's limits live under their own key prefix.
 */
export function databaseStore(db: Db) {
  return class DatabaseStore {
    prefix = 'route';
    constructor(_options?: unknown, prefix?: string) {
      if (prefix) this.prefix = prefix;
    }
    incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number) {
      hit(db, `${this.prefix}:${key}`, 1, timeWindow).then(
        ({ count, ttlMs }) => cb(null, { current: count, ttl: ttlMs }),
        (err: Error) => cb(err),
      );
    }
    // At run time the plugin passes the merged limit options: { …, groupId?, routeInfo: the route's options }.
    child(options: object) {
      const routeOptions = options as { groupId?: string; routeInfo?: { method?: string | string[]; url?: string } };
      const info = routeOptions.routeInfo;
      const route = info?.url ? `${[info.method].flat().join(',')} ${info.url}` : 'fn';
      return new DatabaseStore(undefined, `route:${routeOptions.groupId ?? route}`);
    }
  };
}
