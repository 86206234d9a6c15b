import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Announcements (issue 17): written by admins (ADMIN_EMAILS), shown to users from `published_at` on
 * (null: a draft; in the future: scheduled), to every country or to the listed ones.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** Markdown, rendered without raw HTML on the device. */
    body: text('body').notNull(),
    link: text('link'),
    imageUrl: text('image_url'),
    /** Country names as users have them (users.country); empty: everyone. */
    countries: jsonb('countries')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Title and body per language besides English ({fr: {title, body}, sw: …}; issue 23); English is the fallback. */
    translations: jsonb('translations')
      .notNull()
      .default(sql`'{}'::jsonb`),
    publishedAt: timestamp('published_at', { withTimezone: true, precision: 3 }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('announcements_published_idx').on(t.publishedAt.desc(), t.id.desc())],
);

/** Which user has read which announcement. */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] })],
);
