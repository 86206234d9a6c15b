import { sql } from 'drizzle-orm';
import { bigint, boolean, date, doublePrecision, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { syncColumns } from './records';

/**
 * Invoices and quotes (issue 5), a sync collection like the business records: client-generated id,
 * server version, tombstones. Lines, fee snapshots and payments are JSON (they belong to one invoice and
 * sync as part of it); the totals are recomputed by the server with @duka/core on every write.
 */
export const invoices = pgTable(
  'invoices',
  {
    ...syncColumns(),

    kind: text('kind').notNull().default('invoice'),
    number: text('number').notNull(),
    contactId: uuid('contact_id').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    currency: text('currency').notNull(),
    lines: jsonb('lines')
      .notNull()
      .default(sql`'[]'::jsonb`),
    fees: jsonb('fees')
      .notNull()
      .default(sql`'[]'::jsonb`),
    feeIds: jsonb('fee_ids')
      .notNull()
      .default(sql`'[]'::jsonb`),
    discount: jsonb('discount'),
    notes: text('notes').notNull().default(''),
    terms: text('terms').notNull().default(''),
    paymentInstructions: text('payment_instructions').notNull().default(''),
    /** Part payments online for this invoice: true/false, null follows the business setting (issue 23 item 10). */
    partPayments: boolean('part_payments'),
    /** A foreign-currency invoice: units of the business's currency for one of the invoice's (t19 N5); null: not given. */
    exchangeRate: doublePrecision('exchange_rate'),
    payments: jsonb('payments')
      .notNull()
      .default(sql`'[]'::jsonb`),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull().default(0),
    discountTotal: bigint('discount_total', { mode: 'number' }).notNull().default(0),
    /** Taxes only; fees and surcharges are in fee_total (issue 23). */
    taxTotal: bigint('tax_total', { mode: 'number' }).notNull().default(0),
    feeTotal: bigint('fee_total', { mode: 'number' }).notNull().default(0),
    totalDue: bigint('total_due', { mode: 'number' }).notNull().default(0),
    amountPaid: bigint('amount_paid', { mode: 'number' }).notNull().default(0),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /** On an invoice: what its credit notes took off (issue 26). On a credit note: the invoice it credits, and why. */
    creditedTotal: bigint('credited_total', { mode: 'number' }).notNull().default(0),
    creditedInvoiceId: uuid('credited_invoice_id'),
    creditReason: text('credit_reason'),
    /** On a credit note: KRA's reason code (eTIMS rfdRsnCd); null: none chosen. */
    creditReasonCode: text('credit_reason_code'),
    status: text('status').notNull().default('draft'),
    /** ≥128 random bits, base64url: the client's link. */
    publicId: text('public_id').notNull(),
    /** ISO timestamps kept as text so device and server compare them as written. */
    sentAt: text('sent_at'),
    /** Finish pressed: out of the drafts, 'ready' until sent (issue 14 item 7). */
    finishedAt: text('finished_at'),
    voidedAt: text('voided_at'),
    quoteId: uuid('quote_id'),
    convertedInvoiceId: uuid('converted_invoice_id'),
    /** A quote the customer declined on its public link (issue 23): when, and their reason. Set by the server only. */
    declinedAt: text('declined_at'),
    declineReason: text('decline_reason'),
    notice: text('notice'),
    /** Earliest and latest payment date (as written, compared as text like the reports do); null without payments. */
    firstPaidOn: text('first_paid_on'),
    lastPaidOn: text('last_paid_on'),
    /**
     * The part of amount_paid that is tax the client withheld (core withheldOf; TEST MODE payments left out): the
     * reports sum it apart from the money collected without reading the payments (server only, never synced).
     */
    withheldTotal: bigint('withheld_total', { mode: 'number' }).notNull().default(0),
    /**
     * When the reminders job must look at this invoice next (issue 27; server only, never synced): the start of
     * its next reminder day in the business's time zone, from core's schedule; null when no reminder is left.
     * A write that can change it (sent, due date, paid, void, deleted) marks it due now, by the trigger in
     * trigger duka_invoice_next_reminder (drizzle/0000_init.sql; since 0001 called only for rows it can change),
     * and the job computes the real date (reminders/due.ts).
     */
    nextReminderAt: timestamp('next_reminder_at', { withTimezone: true }),
    /**
     * The document's part of a VAT return (issue 27; server only, never synced): core's vatBreakdown of its lines and
     * taxes, written with every save, so GET /reports/vat sums it in SQL. Null until worked out (reports/vat-backfill).
     */
    vatLines: jsonb('vat_lines'),
  },
  (t) => [
    index('invoices_user_version_idx').on(t.userId, t.version),
    uniqueIndex('invoices_user_kind_number_idx')
      .on(t.userId, t.kind, t.number)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('invoices_public_id_idx').on(t.publicId),
    index('invoices_user_contact_idx').on(t.userId, t.contactId),
    // The credit notes of an invoice (issue 26).
    index('invoices_user_credited_idx')
      .on(t.userId, t.creditedInvoiceId)
      .where(sql`${t.creditedInvoiceId} is not null`),
    index('invoices_user_issue_idx').on(t.userId, t.issueDate),
    // The reminders job (issue 27): a paid owner's invoices whose next reminder has come (reminders/due.ts).
    index('invoices_next_reminder_idx')
      .on(t.userId, t.nextReminderAt)
      .where(sql`${t.nextReminderAt} is not null`),
    // The highest number of a series in one probe (modules/invoices/numbers.ts seriesOf/counterOf).
    index('invoices_user_series_idx')
      .on(
        t.userId,
        t.kind,
        sql`regexp_replace(${t.number}, '[0-9]+$', '')`,
        sql`(case when length(substring(${t.number} from '[0-9]+$')) <= 15 then substring(${t.number} from '[0-9]+$')::bigint end)`,
      )
      .where(sql`${t.deletedAt} is null`),
    // Reports (issue 27): payments by their latest date, what is still owed, the currencies used. Billed kinds are
    // invoices and counter sales (core BILLED_KINDS): the reports ask `kind in ('invoice', 'sale')`, and a partial
    // index serves a query only when its condition is the query's (with `kind = 'invoice'` none of these was used).
    // Payments by their latest date, then their first: a report's period bounds both (last ≥ from, first ≤ to) inside
    // the index, so a month of a long history reads the invoices paid in it, not every invoice paid since.
    // Its issue dates and ids find the invoices paid after a day they were issued by (the summary's openOn) in the index.
    // Only paid rows (issue 27, 0009): every query of it bounds last_paid_on (>, >=), which implies `is not null`, so an
    // unpaid invoice (a new draft, most pushed rows) is not written into it.
    index('invoices_user_paid_span_idx')
      .on(t.userId, t.lastPaidOn, t.firstPaidOn, t.issueDate, t.id)
      .where(sql`${t.deletedAt} is null and ${t.kind} in ('invoice', 'sale') and ${t.lastPaidOn} is not null`),
    // Only issued rows (0009): its queries (owedOn, openOn) ask for issued invoices (sql-parts issued(), the same words),
    // so drafts, owed from their first line, are not written into it.
    index('invoices_user_owed_idx')
      .on(t.userId, t.issueDate)
      .where(sql`${t.deletedAt} is null and ${t.kind} in ('invoice', 'sale') and ${t.status} not in ('draft', 'void') and ${t.balance} > 0`),
    // What the plain open invoices owe (issue 27, reports/service.ts openOn: OPEN_PLAIN is this condition word for word):
    // the summary sums them and takes each aging bucket's largest from this index alone, keyed by the aging date.
    index('invoices_user_open_aged_idx')
      .on(t.userId, t.currency, sql`coalesce(${t.dueDate}, ${t.issueDate})`, t.issueDate, t.dueDate, t.totalDue, t.amountPaid, t.lastPaidOn, t.id)
      .where(
        sql`${t.deletedAt} is null and ${t.kind} in ('invoice', 'sale') and ${t.status} not in ('draft', 'void') and ${t.balance} > 0 and ${t.creditedTotal} = 0 and not (${t.payments} @> '[{"test": true}]'::jsonb)`,
      ),
    // Invoices a credit note took something off (issue 26): the reports work out what they owed from their rows.
    index('invoices_user_credited_total_idx')
      .on(t.userId)
      .where(sql`${t.creditedTotal} <> 0`),
    // Invoices a client withheld tax on: the reports read their payments for it (few), not every invoice's.
    index('invoices_user_withheld_idx')
      .on(t.userId)
      .where(sql`${t.withheldTotal} <> 0`),
    // Invoices holding a test payment (issue 22): still owed in reports, found without reading every invoice.
    index('invoices_user_test_paid_idx')
      .on(t.userId, t.issueDate)
      .where(sql`${t.deletedAt} is null and ${t.kind} in ('invoice', 'sale') and ${t.payments} @> '[{"test": true}]'::jsonb`),
    // Rows stored by an older rule of money (start-up rewrite, invoices/test-paid-rows.ts, whose OLD_STYLE is this
    // condition word for word so the planner can prove it): paid or part-paid by a test payment (issue 22), or credited
    // whole but stored 'paid' (issue 26 F2). Today's writes leave it all but empty, so each start finds the few rows
    // left in it instead of reading every invoice.
    index('invoices_old_money_rule_idx')
      .on(t.id)
      .where(
        sql`${t.deletedAt} is null and ((${t.status} in ('paid', 'partially_paid') and ${t.payments} @> '[{"test": true}]'::jsonb) or (${t.status} = 'paid' and ${t.creditedTotal} > 0 and ${t.creditedTotal} >= ${t.totalDue}))`,
      ),
    // Rows whose VAT part is still to be worked out (start-up backfill, reports/vat-backfill.ts): none once done.
    index('invoices_vat_missing_idx')
      .on(t.id)
      .where(sql`${t.vatLines} is null`),
    index('invoices_user_currency_idx')
      .on(t.userId, t.currency)
      .where(sql`${t.deletedAt} is null and ${t.kind} in ('invoice', 'sale') and ${t.status} not in ('draft', 'void')`),
  ],
);

/** Card payment attempts: what a client secret pays for (test provider and Stripe). */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    clientSecret: text('client_secret').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Processing fee the customer adds on a hosted checkout (charged = amount + fee; the invoice gets amount). */
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    /** Hosted checkout (Paystack's authorization_url or the test checkout page); null for card-form intents. */
    checkoutUrl: text('checkout_url'),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('requires_payment_method'),
    lastError: text('last_error'),
    /**
     * What the provider took for a payment that was not recorded on the invoice (status needs_refund: paid after
     * the invoice was voided, or more than the balance): { amount, currency, method, reference, at }.
     */
    received: jsonb('received'),
    /** The provider's own id of the request when it is not ours (Flutterwave's charge id, Paynow's poll URL), issue 25. */
    providerRef: text('provider_ref'),
    /** The number a mobile-money prompt was sent to (E.164 digits); null for cards and hosted checkouts. One pending prompt per invoice. */
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_intents_client_secret_idx').on(t.clientSecret), index('payment_intents_invoice_idx').on(t.invoiceId)],
);

/** Webhook events already applied (per provider): a replayed event changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id'),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The built-in test provider's side of mobile-money prompts (issue 25, TEST MODE): what its test phone shows
 * and what the customer answered there. Duka's own record stays the payment intent (same id).
 */
export const testRailPrompts = pgTable('test_rail_prompts', {
  reference: text('reference').primaryKey(),
  rail: text('rail').notNull(),
  phone: text('phone').notNull(),
  /** The network or wallet the customer picked (Flutterwave's VODAFONE, Paynow's ecocash), named on the test phone. */
  network: text('network'),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  /** pending, approved, declined, timed_out */
  status: text('status').notNull().default('pending'),
  operatorId: text('operator_id'),
  /**
   * The voucher code the test Telecel Cash asks for before it prompts the phone, as Paystack does (send_otp, issue 25),
   * shown on the test phone until the customer types it on the invoice page; null: the prompt is on the phone.
   */
  voucher: text('voucher'),
  /** Where the test provider sends its callback (a path on this server). */
  callbackPath: text('callback_path').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
