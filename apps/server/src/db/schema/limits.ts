import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every server process on the database (lib/rate-limit.ts): one row per key
 * (e.g. `ip:login:203.0.113.7`, `login:<user id>`), a fixed window that ends at reset_at, and for the
 * login back-off the time before which the next attempt is refused.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
