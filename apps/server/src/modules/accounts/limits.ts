import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext, ZApp } from '../../lib/context';
import { attempt, type Backoff, clearAttempts, RateLimited } from '../../lib/rate-limit';

/**
 * Brute-force and abuse protection (all counters in the database table rate_limits, so they hold across
 * processes on one PostgreSQL; lib/rate-limit.ts). RATE_LIMITS=off turns every one of them off (tests).
 * - per client address (request.ip: the socket's address unless TRUST_PROXY names the proxies in front);
 * - per account for the anonymous calls (keyed on the submitted e-mail or token);
 * - password checks (log in, change password, change e-mail) back off per account: a few free tries,
 *   then a wait that doubles with each failure up to a few minutes — slow guessing, no lasting lock-out;
 * - per signed-in user for costly or mail-sending calls.
 */
export interface Limit {
  max: number;
  timeWindow: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export { chargeUser, USER_LIMITS, userLimit } from '../../lib/user-limits';

export const LIMITS = {
  login: { ip: { max: 30, timeWindow: 5 * MINUTE } },
  register: { ip: { max: 20, timeWindow: HOUR }, account: { max: 5, timeWindow: HOUR } },
  iforgot: { ip: { max: 10, timeWindow: 15 * MINUTE }, account: { max: 3, timeWindow: 15 * MINUTE } },
  reset: { ip: { max: 20, timeWindow: 15 * MINUTE }, account: { max: 5, timeWindow: 15 * MINUTE } },
  password: { ip: { max: 30, timeWindow: 15 * MINUTE } },
} satisfies Record<string, { ip: Limit; account?: Limit }>;

export type LimitName = keyof typeof LIMITS;

/** Password checks of one account (its username and e-mail are one bucket): 5 free, then 2 s, 4 s, … ≤ 5 min. */
export const PASSWORD_BACKOFF: Backoff = { free: 5, baseMs: 2_000, capMs: 5 * MINUTE, forgetMs: HOUR };

/** Route options that rate-limit the call per client address; empty when RATE_LIMITS=off. */
export function ipLimit(ctx: AppContext, name: LimitName): { config?: { rateLimit: Limit & { groupId: string } } } {
  if (!ctx.config.rateLimits) return {};
  return { config: { rateLimit: { ...LIMITS[name].ip, groupId: `ip-${name}` } } };
}

/** A preHandler that rate-limits per account, keyed by what accountKey reads from the parsed request. */
export function accountLimit(
  app: ZApp,
  ctx: AppContext,
  name: 'register' | 'iforgot' | 'reset',
  accountKey: (request: FastifyRequest) => string,
): preHandlerAsyncHookHandler[] {
  if (!ctx.config.rateLimits) return [];
  const limiter = app.createRateLimit({ ...LIMITS[name].account, keyGenerator: (request) => `${name}:${accountKey(request).trim().toLowerCase()}` });
  return [
    async (request) => {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) throw new RateLimited(Math.max(1, result.ttlInSeconds));
    },
  ];
}

/**
 * One password check of an account (key: the user's id, or the typed login when no account has it): refused
 * with 429 while the account waits, counted otherwise. `passed()` forgets the failures after a success.
 */
export async function passwordAttempt(ctx: AppContext, accountKey: string): Promise<{ passed: () => Promise<void> }> {
  if (!ctx.config.rateLimits) return { passed: async () => undefined };
  const key = `password:${accountKey.trim().toLowerCase()}`;
  await attempt(ctx.db, key, PASSWORD_BACKOFF);
  return { passed: () => clearAttempts(ctx.db, key) };
}
