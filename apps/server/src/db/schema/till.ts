import { bigint, date, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A business day's till per currency (h155, end-of-day cash-up): the float the drawer started with and the cash
 * counted at the close (null until counted), in minor units. One row per user, day and currency.
 */
export const tillDays = pgTable(
  'till_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    openingFloat: bigint('opening_float', { mode: 'number' }).notNull(),
    counted: bigint('counted', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.currency] })],
);
