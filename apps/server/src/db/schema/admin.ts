import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Administrators (issue 22): an explicit role the operator grants with `npm run admin -- grant <username>`,
 * never derived from an e-mail address. Admins manage announcements and affiliate payouts.
 */
export const admins = pgTable('admins', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Who granted it: 'cli:<os user>'. */
  grantedBy: text('granted_by').notNull(),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What was done with admin rights, and to them: who, what, when. Kept when the account goes (no foreign key):
 * the actor's username is copied into the row.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** 'user:<username>' for an admin acting through the API, 'cli:<os user>' for the operator's command line. */
    actor: text('actor').notNull(),
    actorUserId: uuid('actor_user_id'),
    /** e.g. admin.grant, admin.revoke, announcement.create, announcement.update, announcement.delete, payout.paid, payouts.view. */
    action: text('action').notNull(),
    /** The id or username the action was about. */
    target: text('target').notNull().default(''),
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [index('admin_audit_at_idx').on(t.at)],
);
