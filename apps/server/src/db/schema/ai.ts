import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Every AI writer result of a user (SPEC §3 generated content); favourites are the rows with favorite = true. */
export const aiContents = pgTable(
  'ai_contents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    pageTitle: text('page_title').notNull(),
    content: text('content').notNull(),
    favorite: boolean('favorite').notNull().default(false),
    /** Credit taken for this result. */
    cost: integer('cost').notNull(),
    language: text('language').notNull().default('en'),
    /** The request fields, kept so a result can be explained or regenerated. */
    input: jsonb('input')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** 'builtin' or 'openai:<model>'. */
    provider: text('provider').notNull(),
    /** Millisecond precision: the history cursor is a JS Date. */
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('ai_contents_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('ai_contents_user_favorite_idx')
      .on(t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.favorite}`),
  ],
);
