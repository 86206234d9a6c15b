import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Recurring invoices (issue 18): a schedule made from an invoice, with a copy of what each new invoice
 * repeats (client, lines, fees, discount, notes…). Online-only for the owner; the invoices it makes reach
 * devices through sync.
 */
export const recurringInvoices = pgTable(
  'recurring_invoices',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').notNull(),
    template: jsonb('template').notNull(),
    frequency: text('frequency').notNull(),
    interval: integer('interval').notNull().default(1),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    count: integer('count'),
    sendMode: text('send_mode').notNull().default('draft'),
    timeZone: text('time_zone').notNull().default('UTC'),
    status: text('status').notNull().default('active'),
    /** Occurrences made so far; the next one has this index. */
    generated: integer('generated').notNull().default(0),
    /** The next occurrence's date (null once finished). */
    nextDate: date('next_date', { mode: 'string' }),
    lastInvoiceId: uuid('last_invoice_id'),
    /** Why the schedule paused itself (e.g. its client was deleted); cleared on resume. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recurring_invoices_user_idx').on(t.userId), index('recurring_invoices_due_idx').on(t.status, t.nextDate)],
);

/**
 * One row per occurrence, claimed in the same transaction that advances the schedule: the primary key makes
 * each occurrence exist once whatever the number of processes. The invoice is then written through the sync
 * engine with a mutation id derived from the occurrence, so a retry after a crash never makes a second one.
 */
export const recurringOccurrences = pgTable(
  'recurring_occurrences',
  {
    recurringId: uuid('recurring_id')
      .notNull()
      .references(() => recurringInvoices.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    mutationId: uuid('mutation_id').notNull(),
    /** claimed → created (invoice written) → sent (e-mailed, send mode) or failed (with error). */
    state: text('state').notNull().default('claimed'),
    error: text('error'),
    invoiceVersion: bigint('invoice_version', { mode: 'number' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    extra: jsonb('extra')
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    primaryKey({ columns: [t.recurringId, t.index] }),
    // The job's unfinished work (issue 27): claimed occurrences, and created ones by date (only recent ones can
    // still be sent), so draft occurrences piling up over the years are never read again.
    index('recurring_occurrences_claimed_idx')
      .on(t.recurringId)
      .where(sql`${t.state} = 'claimed'`),
    index('recurring_occurrences_created_idx')
      .on(t.date)
      .where(sql`${t.state} = 'created'`),
  ],
);
