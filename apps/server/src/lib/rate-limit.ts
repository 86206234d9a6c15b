import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import { rateLimits } from '../db/schema';
import { AppError } from './errors';

/**
 * The one rate limiter of the server (issue 27). Counters live in the database table rate_limits, so every
 * process on one PostgreSQL counts in the same buckets; on the embedded PGlite the same table serves the
 * one process. Every change to a counter is ONE atomic statement (an upsert), so concurrent requests on
 * any number of processes never share a count and never find a row missing half-way (the login 500
 * "reading 'resetAt'" of issue 27 came from a read after the insert). Two kinds:
 * - fixed windows (`consume`): at most `max` units per `windowMs` for a key (per address, per user…).
 *   Large limits (e.g. 20,000 sync mutations per 10 minutes) are counted in memory and written to the
 *   table in batches of max/50, so a request far from its limit writes nothing; near the limit (and for
 *   small limits such as logins) every unit is written. Overshoot is bounded by one batch per process.
 * - back-off (`attempt`): a few free attempts, then each further one must wait twice as long as the last
 *   (capped), so guessing is slow but nobody can lock an account out for long.
 * Route options `config: { rateLimit: { max, timeWindow, groupId? } }` limit a route per client address
 * (registered by `routeLimits`).
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

/** Per-address limit of one route (route option config.rateLimit). timeWindow: ms, or e.g. '1 minute'. */
export interface RouteLimit {
  max: number;
  timeWindow: number | string;
  /** Routes with one groupId share one counter per address. */
  groupId?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RouteLimit;
  }
}

export class RateLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', TOO_MANY);
  }
}

const retryAfter = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

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

/** What this process knows of a key with a large limit: the table's count at the last write, and units not yet written. */
interface Local {
  stored: number;
  pending: number;
  resetAt: number;
  blockedUntil: number;
}
const locals = new WeakMap<Db, Map<string, Local>>();
let localCalls = 0;

function localsOf(db: Db, now: number): Map<string, Local> {
  let map = locals.get(db);
  if (!map) locals.set(db, (map = new Map()));
  if (++localCalls % 1000 === 0) for (const [k, v] of map) if (v.resetAt <= now && v.blockedUntil <= now) map.delete(k);
  return map;
}

/** Units counted in memory before a write, for a limit of `max` (1: every unit is written). */
export function batchSize(max: number): number {
  return Math.max(1, Math.floor(max / 50));
}

/** Counts `cost` units against the key; throws RateLimited (429) once the window holds more than max. */
export async function consume(db: Db, key: string, limit: Window, cost = 1, now = new Date()): Promise<void> {
  const batch = batchSize(limit.max);
  if (batch <= 1) {
    const { count, ttlMs } = await hit(db, key, cost, limit.windowMs, now);
    if (count > limit.max) throw new RateLimited(retryAfter(ttlMs));
    return;
  }
  const t = now.getTime();
  const map = localsOf(db, t);
  let local = map.get(key);
  if (local && local.blockedUntil > t) throw new RateLimited(retryAfter(local.blockedUntil - t));
  if (local && local.resetAt <= t) local = undefined;
  if (local) {
    local.pending += cost;
    // Far from the limit: nothing written until a batch is full.
    if (local.pending < batch && local.stored + local.pending + batch <= limit.max) return;
  }
  const units = local ? local.pending : cost;
  if (local) local.pending = 0;
  const { count, ttlMs } = await hit(db, key, units, limit.windowMs, now);
  const entry: Local = { stored: count, pending: 0, resetAt: t + ttlMs, blockedUntil: count > limit.max ? t + ttlMs : 0 };
  // Units another request of this process added while the write was under way stay pending.
  const current = map.get(key);
  if (current && current !== local && current.resetAt > t) entry.pending = current.pending;
  else if (local && current === local) entry.pending = local.pending;
  map.set(key, entry);
  if (count > limit.max) throw new RateLimited(retryAfter(ttlMs));
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
 * One statement: the upsert counts the attempt only when the key is not waiting (its WHERE); no row back
 * means the key waits, and the wait is read afterwards (a row deleted meanwhile by a success waits 1 s).
 */
export async function attempt(db: Db, key: string, policy: Backoff, now = new Date()): Promise<void> {
  const nowIso = now.toISOString();
  const forget = new Date(now.getTime() + policy.forgetMs);
  const fresh = sql`${rateLimits.resetAt} <= ${nowIso}::timestamptz`;
  const attempts = sql`(case when ${fresh} then 1 else ${rateLimits.hits} + 1 end)`;
  const firstDelay = backoffDelay(policy, 1);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt: forget, blockedUntil: firstDelay ? new Date(now.getTime() + firstDelay) : null })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: attempts,
        resetAt: forget,
        blockedUntil: sql`case when ${attempts} < ${policy.free}::int then null
          else ${nowIso}::timestamptz + least(${policy.capMs}::float8, ${policy.baseMs}::float8 * power(2, least(30, ${attempts} - ${policy.free}::int))) * interval '1 millisecond' end`,
      },
      setWhere: sql`${fresh} or ${rateLimits.blockedUntil} is null or ${rateLimits.blockedUntil} <= ${nowIso}::timestamptz`,
    })
    .returning({ hits: rateLimits.hits });
  if (row) return;
  const [waiting] = await db.select({ blockedUntil: rateLimits.blockedUntil }).from(rateLimits).where(eq(rateLimits.key, key));
  const until = waiting?.blockedUntil?.getTime() ?? 0;
  throw new RateLimited(retryAfter(until - now.getTime()));
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Sets Retry-After on the reply when err is a RateLimited; rethrows err. */
export function withRetryAfter(reply: FastifyReply, err: unknown): never {
  if (err instanceof RateLimited) reply.header('retry-after', String(err.retryAfterSeconds));
  throw err;
}

const UNIT_MS: Record<string, number> = {
  ms: 1,
  millisecond: 1,
  second: 1000,
  sec: 1000,
  s: 1000,
  minute: 60_000,
  min: 60_000,
  m: 60_000,
  hour: 3_600_000,
  h: 3_600_000,
};

/** 60000, '1 minute', '15 minutes', '2 hours' → milliseconds. */
export function parseWindow(value: number | string): number {
  if (typeof value === 'number') return value;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+?)s?\s*$/i.exec(value);
  const unit = m && UNIT_MS[m[2].toLowerCase()];
  if (!m || !unit) throw new Error(`rate limit window '${value}' is not like '1 minute'`);
  return Number(m[1]) * unit;
}

/**
 * The address a per-address limit counts under. An IPv4 client is its address (written as an IPv4-mapped IPv6 one
 * by a dual-stack socket, it is still the same client). An IPv6 client is its /64: one home or phone line is given
 * a /64 (often more), so counting each of its 2^64 addresses apart would let anyone with IPv6 (reaching the server
 * directly, or through a proxy named in TRUST_PROXY) dodge every limit by changing address on each request.
 */
export function limitAddress(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^(?:0{0,4}:){0,5}ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address.replace(/^::/, '0:'));
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, '') || '0')
    .join(':')}::/64`;
}

/**
 * Per-address limits declared on routes (config.rateLimit): one onRequest hook per such route, counting
 * under `route:<groupId or "METHOD url">:<client address>`. Register before the routes (an onRoute hook).
 */
export function routeLimits(app: FastifyInstance, db: Db): void {
  app.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit;
    if (!limit) return;
    const windowMs = parseWindow(limit.timeWindow);
    const group = limit.groupId ?? `${[route.method].flat().join(',')} ${route.url}`;
    const hook = async (request: FastifyRequest) => {
      await consume(db, `route:${group}:${limitAddress(request.ip)}`, { max: limit.max, windowMs });
    };
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [hook, ...existing] as typeof route.onRequest;
  });
}
