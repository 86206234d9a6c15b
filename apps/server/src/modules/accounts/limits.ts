import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext, ZApp } from '../../lib/context';
import { attempt, type Backoff, clearAttempts, consume, limitAddress } from '../../lib/rate-limit';

/**
 * Brute-force and abuse protection (all counters in the database table rate_limits, so they hold across
 * processes on one PostgreSQL; lib/rate-limit.ts). RATE_LIMITS=off turns every one of them off (tests).
 * - per client address (request.ip: the socket's address unless TRUST_PROXY names the proxies in front; an IPv6
 *   client by its /64, limitAddress);
 * - per account for the anonymous calls (keyed on the submitted e-mail or token);
 * - password checks back off: a few free tries, then a wait that doubles with each failure up to a few
 *   minutes. Logins (issue 22 item 5) back off per account AND client address, plus a wider per-account
 *   back-off for devices the account never logged in from; a device that logged in before (device
 *   cookie) counts only under itself, so strangers cannot keep the owner out; a throttled owner can ask
 *   for a mailed login link. Change password / e-mail (signed in) back off per account;
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
  loginLink: { ip: { max: 10, timeWindow: 15 * MINUTE }, account: { max: 3, timeWindow: 15 * MINUTE } },
  redeemLink: { ip: { max: 20, timeWindow: 15 * MINUTE } },
} satisfies Record<string, { ip: Limit; account?: Limit }>;

export type LimitName = keyof typeof LIMITS;

/** Password checks of one account (its username and e-mail are one bucket): 5 free, then 2 s, 4 s, … ≤ 5 min. */
export const PASSWORD_BACKOFF: Backoff = { free: 5, baseMs: 2_000, capMs: 5 * MINUTE, forgetMs: HOUR };

/** Logins of one account from devices it never logged in from, whatever the address: 20 free, then the same waits. */
export const UNKNOWN_DEVICE_BACKOFF: Backoff = { free: 20, baseMs: 2_000, capMs: 5 * MINUTE, forgetMs: HOUR };

/** Route options that rate-limit the call per client address; empty when RATE_LIMITS=off. */
export function ipLimit(ctx: AppContext, name: LimitName): { config?: { rateLimit: Limit & { groupId: string } } } {
  if (!ctx.config.rateLimits) return {};
  return { config: { rateLimit: { ...LIMITS[name].ip, groupId: `ip-${name}` } } };
}

/** A preHandler that rate-limits per account, keyed by what accountKey reads from the parsed request. */
export function accountLimit(
  _app: ZApp,
  ctx: AppContext,
  name: 'register' | 'iforgot' | 'reset' | 'loginLink',
  accountKey: (request: FastifyRequest) => string,
): preHandlerAsyncHookHandler[] {
  if (!ctx.config.rateLimits) return [];
  const { max, timeWindow } = LIMITS[name].account;
  return [
    async (request) => {
      await consume(ctx.db, `account:${name}:${accountKey(request).trim().toLowerCase()}`, { max, windowMs: timeWindow });
    },
  ];
}

/**
 * One login attempt for an account (key: the user's id, or the typed login when no account has it).
 * From a known device (device: its id): counted under account + device only. Otherwise under account +
 * client address, then under the account for unknown devices. Refused with 429 while a key waits.
 * `passed()` forgets the failures of the key that let this attempt through (not the account-wide count:
 * one success of the owner must not give an attacker 20 fresh guesses).
 */
export async function loginAttempt(
  ctx: AppContext,
  request: FastifyRequest,
  accountKey: string,
  device: string | null,
): Promise<{ passed: () => Promise<void> }> {
  if (!ctx.config.rateLimits) return { passed: async () => undefined };
  const account = accountKey.trim().toLowerCase();
  const key = device ? `password:${account}:device:${device}` : `password:${account}:ip:${limitAddress(request.ip)}`;
  await attempt(ctx.db, key, PASSWORD_BACKOFF);
  if (!device) await attempt(ctx.db, `password:${account}`, UNKNOWN_DEVICE_BACKOFF);
  return { passed: () => clearAttempts(ctx.db, key) };
}

/**
 * One password check of an account (key: the user's id, or the typed login when no account has it): refused
 * with 429 while the account waits, counted otherwise. `passed()` forgets the failures after a success.
 */
export async function passwordAttempt(ctx: AppContext, accountKey: string): Promise<{ passed: () => Promise<void> }> {
  if (!ctx.config.rateLimits) return { passed: async () => undefined };
  const key = `password-check:${accountKey.trim().toLowerCase()}`;
  await attempt(ctx.db, key, PASSWORD_BACKOFF);
  return { passed: () => clearAttempts(ctx.db, key) };
}
