import type { preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from './context';
import { consume, type Window } from './rate-limit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Per signed-in user. */
export const USER_LIMITS = {
  /** change-password calls (on top of the back-off on wrong old passwords). */
  changePassword: { max: 10, windowMs: HOUR },
  invoiceEmailHour: { max: 30, windowMs: HOUR },
  invoiceEmailDay: { max: 100, windowMs: 24 * HOUR },
  /** Mutations pushed by sync (counted by mutation, not by request): a CSV import of 100,000 rows fits (issue 22). */
  syncMutations: { max: 100_000, windowMs: 10 * MINUTE },
  syncPushes: { max: 1_000, windowMs: 10 * MINUTE },
  uploads: { max: 60, windowMs: HOUR },
  /** Orders in words and receipt photos read (each may call the paid model with AI_BASE_URL): per account, whatever
   * addresses it calls from. A busy counter reads a few a minute. */
  readings: { max: 300, windowMs: HOUR },
  /** Calls that make the server contact the business's KRA eTIMS address (saving the settings, code lists, registering
   * an item now): an account cannot turn the server into a request pump, nor probe which devices are taken. */
  fiscalCalls: { max: 120, windowMs: HOUR },
} satisfies Record<string, Window>;

export type UserLimitName = keyof typeof USER_LIMITS;

/** Counts `cost` (default 1) against the signed-in user's limit; no-op when RATE_LIMITS=off. */
export async function chargeUser(ctx: AppContext, userId: string, name: UserLimitName, cost = 1): Promise<void> {
  if (!ctx.config.rateLimits) return;
  await consume(ctx.db, `user:${name}:${userId}`, USER_LIMITS[name], cost);
}

/** A preHandler (after ctx.auth) charging the user one unit of each named limit. */
export function userLimit(ctx: AppContext, ...names: UserLimitName[]): preHandlerAsyncHookHandler[] {
  if (!ctx.config.rateLimits) return [];
  return [
    async (request) => {
      for (const name of names) await chargeUser(ctx, request.userId, name);
    },
  ];
}

/** Per client address on the upload routes (route options config.rateLimit, lib/rate-limit; empty when RATE_LIMITS=off). */
export function uploadIpLimit(ctx: AppContext): { config?: { rateLimit: { max: number; timeWindow: number; groupId: string } } } {
  if (!ctx.config.rateLimits) return {};
  return { config: { rateLimit: { max: 120, timeWindow: HOUR, groupId: 'ip-upload' } } };
}
