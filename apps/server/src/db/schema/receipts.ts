import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Receipts e-mailed to the customer after an online payment: one row per payment, so a replay never sends twice. */
export const receiptEmails = pgTable('receipt_emails', {
  paymentId: uuid('payment_id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  invoiceId: uuid('invoice_id').notNull(),
  to: text('to').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
