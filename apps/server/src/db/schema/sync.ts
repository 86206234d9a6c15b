import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every applied sync mutation id, so a resent mutation answers 'duplicate' (with the version it got) and changes
 * nothing. Issue 27: one row per synced change, so it holds only what that answer reads (the collection and record
 * id it once kept were never read) and has no foreign key to users (its check cost every row an index probe and a
 * row lock of users): accounts/service.ts deleteUser deletes an account's rows itself. `applied_at` is kept so old
 * ids can be pruned one day.
 */
export const syncMutations = pgTable(
  'sync_mutations',
  {
    userId: uuid('user_id').notNull(),
    mutationId: uuid('mutation_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.mutationId] })],
);

/** Field values overwritten by a write made from an older base version (the losing edit of a conflict). */
export const recordHistory = pgTable(
  'record_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    collection: text('collection').notNull(),
    recordId: uuid('record_id').notNull(),
    /** The version the overwritten values had. */
    version: bigint('version', { mode: 'number' }).notNull(),
    replacedByVersion: bigint('replaced_by_version', { mode: 'number' }).notNull(),
    data: jsonb('data').notNull(),
    device: text('device'),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('record_history_record_idx').on(t.userId, t.collection, t.recordId)],
);
