import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext, ZApp } from '../../lib/context';
import { AppError } from '../../lib/errors';

/**
 * Brute-force protection of the account calls, with @fastify/rate-limit (in-process store: with several
 * processes each keeps its own counters, so the effective limit is multiplied by the process count).
 * Two limits per call: per client IP (the route's config.rateLimit, checked on request) and per account
 * (keyed on the submitted username/e-mail, checked once the body is parsed).
 */
export interface Limit {
  max: number;
  timeWindow: number;
}

const MINUTE = 60_000;

export const LIMITS = {
  login: { ip: { max: 30, timeWindow: 5 * MINUTE }, account: { max: 10, timeWindow: 5 * MINUTE } },
  register: { ip: { max: 20, timeWindow: 60 * MINUTE }, account: { max: 5, timeWindow: 60 * MINUTE } },
  iforgot: { ip: { max: 10, timeWindow: 15 * MINUTE }, account: { max: 3, timeWindow: 15 * MINUTE } },
  reset: { ip: { max: 20, timeWindow: 15 * MINUTE }, account: { max: 5, timeWindow: 15 * MINUTE } },
} satisfies Record<string, { ip: Limit; account: Limit }>;

export type LimitName = keyof typeof LIMITS;

const TOO_MANY = 'Too many attempts. Please wait a moment and try again.';

/** Route options that rate-limit the call per IP; empty when RATE_LIMITS=off. */
export function ipLimit(ctx: AppContext, name: LimitName): { config?: { rateLimit: Limit & { groupId: string } } } {
  if (!ctx.config.rateLimits) return {};
  return { config: { rateLimit: { ...LIMITS[name].ip, groupId: `ip-${name}` } } };
}

/** A preHandler that rate-limits per account, keyed by what accountKey reads from the parsed request. */
export function accountLimit(
  app: ZApp,
  ctx: AppContext,
  name: LimitName,
  accountKey: (request: FastifyRequest) => string,
): preHandlerAsyncHookHandler[] {
  if (!ctx.config.rateLimits) return [];
  const limiter = app.createRateLimit({ ...LIMITS[name].account, keyGenerator: (request) => `${name}:${accountKey(request).trim().toLowerCase()}` });
  return [
    async (request, reply) => {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
        throw new AppError('rate_limited', TOO_MANY);
      }
    },
  ];
}
