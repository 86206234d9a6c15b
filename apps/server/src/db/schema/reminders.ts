import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The owner's default reminder rule (issue 18). */
export const reminderSettings = pgTable('reminder_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  rule: jsonb('rule').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One invoice's own rule (null: the owner's defaults) and whether reminders were stopped, by whom. */
export const invoiceReminders = pgTable('invoice_reminders', {
  invoiceId: uuid('invoice_id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  rule: jsonb('rule'),
  stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  /** 'owner' or 'customer' (the stop link). */
  stoppedBy: text('stopped_by'),
});

/**
 * Every reminder sent or tried: the unique key (invoice, kind, seq, channel) makes each scheduled reminder go
 * out at most once whatever the number of processes. Manual ones use seq = a running number.
 */
export const reminderLog = pgTable(
  'reminder_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').notNull(),
    kind: text('kind').notNull(),
    seq: integer('seq').notNull(),
    channel: text('channel').notNull(),
    scheduledFor: date('scheduled_for', { mode: 'string' }).notNull(),
    /** sending → sent | failed | skipped */
    state: text('state').notNull().default('sending'),
    to: text('to').notNull().default(''),
    error: text('error'),
    providerRef: text('provider_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reminder_log_once_idx').on(t.invoiceId, t.kind, t.seq, t.channel), index('reminder_log_user_invoice_idx').on(t.userId, t.invoiceId)],
);

/** Built-in SMS transport without Africa's Talking settings: kept here and readable at /api/dev/sms (not in production). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account the SMS was sent for (deleted with it). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    text: text('text').notNull(),
    extra: jsonb('extra'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_created_idx').on(t.createdAt)],
);
