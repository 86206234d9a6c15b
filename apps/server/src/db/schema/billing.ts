import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The plan of a user (one row per user once they have paid for a plan; SPEC §4 subscription states). */
export const subscriptions = pgTable('subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The plan's intent (plan code), see @duka/core PLANS. */
  plan: text('plan').notNull(),
  /** active | cancelled (stays paid until current_period_end) | past_due */
  status: text('status').notNull(),
  provider: text('provider').notNull(),
  /** The provider's subscription id/code (Stripe sub_…, Paystack SUB_…); null for one-time plans. */
  providerSubscriptionId: text('provider_subscription_id'),
  /** Stripe customer id or Paystack customer code (billing portal). */
  providerCustomerId: text('provider_customer_id'),
  /** Paystack's email_token (needed to disable a subscription). */
  providerToken: text('provider_token'),
  /** Null for a lifetime plan. */
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  months: integer('months').notNull(),
  /** Time of the newest provider event applied to the status (older events arriving late do not undo it). */
  lastEventAt: timestamp('last_event_at', { withTimezone: true, precision: 3 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A checkout started by POST /transactions (plan or credit pack); paid only by a verified webhook. */
export const billingCheckouts = pgTable(
  'billing_checkouts',
  {
    /** Our reference, sent to the provider and back in its webhook. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    item: text('item').notNull(),
    provider: text('provider').notNull(),
    /** The provider's id of the checkout (Stripe cs_…, Paystack access code). */
    providerRef: text('provider_ref'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** open | paid | failed | underpaid (money arrived but less than the price, or in another currency: nothing granted). */
    status: text('status').notNull().default('open'),
    /** Where the provider sends the user back after paying (our /thank-you?checkout=…). */
    successUrl: text('success_url').notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('billing_checkouts_user_idx').on(t.userId, t.createdAt)],
);

/** Money received for plans and credit packs (and refunds), for the payment history. */
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    /** plan | credit_pack | refund | underpaid (received, nothing granted) */
    kind: text('kind').notNull(),
    item: text('item').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    credits: integer('credits').notNull().default(0),
    /** Paid through a test provider (the built-in one, or a provider's test keys): no real money, no commission. */
    test: boolean('test').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('billing_payments_user_idx').on(t.userId, t.createdAt)],
);
