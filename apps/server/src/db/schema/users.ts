import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    username: text('username').notNull().unique(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    companyName: text('company_name').notNull().default(''),
    country: text('country').notNull().default(''),
    /** The owner's screen language ('en', 'fr' or 'sw'); the default language of their clients (issue 19). */
    language: text('language').notNull().default('en'),
    logo: text('logo'),
    logoLocation: text('logo_location'),
    /** JSON string as SPEC §3: currency and country (name, flag, iso_code, currency) plus invoice defaults. */
    invoiceSettings: text('invoice_settings').notNull().default('{}'),
    credit: integer('credit').notNull().default(0),
    plan: text('plan').notNull().default('free'),
    refCode: text('ref_code'),
    /** Bumped on password change and deletion: tokens carrying an older value stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Per-user sync counter (local-first records); bumped inside each writing transaction. */
    syncVersion: bigint('sync_version', { mode: 'number' }).notNull().default(0),
    extra: jsonb('extra')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_lower_email_idx').on(sql`lower(${t.email})`)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account the message was sent for (deleted with it); null for the platform's own mail before any account. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Name, type and size of each attachment (the bytes are not kept). */
    attachments: jsonb('attachments')
      .$type<Array<{ filename: string; contentType: string; size: number }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);
