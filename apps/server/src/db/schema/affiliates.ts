import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Affiliate programme (issue 17). An affiliate is a user with a code; a referred user is attributed once
 * (at registration, from users.ref_code); each plan payment of a referred user inside the programme's
 * months earns a commission, a refund a reversal (one row per provider event and kind: replays add nothing).
 */
export const affiliates = pgTable(
  'affiliates',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** 'bank' or 'mobile_money'. */
    payoutMethod: text('payout_method').notNull(),
    payoutDetails: jsonb('payout_details')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('affiliates_code_idx').on(sql`lower(${t.code})`)],
);

/** One row per visitor (a random id kept on the device) per affiliate: a click is counted once. */
export const affiliateClicks = pgTable(
  'affiliate_clicks',
  {
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.userId, { onDelete: 'cascade' }),
    visitorId: text('visitor_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('affiliate_clicks_visitor_idx').on(t.affiliateId, t.visitorId)],
);

/** Who referred whom: one row per referred user (attributed once). */
export const affiliateReferrals = pgTable(
  'affiliate_referrals',
  {
    referredId: uuid('referred_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.userId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('affiliate_referrals_affiliate_idx').on(t.affiliateId)],
);

export const affiliatePayouts = pgTable(
  'affiliate_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.userId, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** 'requested' or 'paid'. */
    status: text('status').notNull().default('requested'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('affiliate_payouts_affiliate_idx').on(t.affiliateId)],
);

/** Commissions (positive) and reversals (negative), in the payment's currency and minor units. */
export const affiliateCommissions = pgTable(
  'affiliate_commissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.userId, { onDelete: 'cascade' }),
    referredId: uuid('referred_id').references(() => users.id, { onDelete: 'set null' }),
    /** The payment provider's event id: with kind, unique, so a replayed webhook pays nothing twice. */
    eventId: text('event_id').notNull(),
    /** 'commission' or 'reversal'. */
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    payoutId: uuid('payout_id').references(() => affiliatePayouts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('affiliate_commissions_event_idx').on(t.eventId, t.kind), index('affiliate_commissions_affiliate_idx').on(t.affiliateId)],
);
