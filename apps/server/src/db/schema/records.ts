import { bigint, boolean, date, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Local-first business records (issue 4). Every row: client-generated UUID id, owner, server version
 * (from users.sync_version, bumped in the writing transaction), timestamps, a soft-delete tombstone so
 * pulls report deletions, the device that wrote it last and how many overwritten versions its history holds.
 */
export const syncColumns = () => ({
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  device: text('device'),
  historyCount: integer('history_count').notNull().default(0),
});

export const contacts = pgTable(
  'contacts',
  {
    ...syncColumns(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    taxId: text('tax_id').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** The language this client reads ('en', 'fr', 'sw'); null means the owner's language (issue 19). */
    language: text('language'),
    permalink: text('permalink').notNull(),
    archived: boolean('archived').notNull().default(false),
  },
  (t) => [
    index('contacts_user_version_idx').on(t.userId, t.version),
    uniqueIndex('contacts_user_permalink_idx').on(t.userId, t.permalink),
    index('contacts_user_name_idx').on(t.userId, t.name),
  ],
);

export const notes = pgTable(
  'notes',
  {
    ...syncColumns(),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    pinned: boolean('pinned').notNull().default(false),
  },
  (t) => [index('notes_user_version_idx').on(t.userId, t.version), index('notes_user_contact_idx').on(t.userId, t.contactId)],
);

export const expenses = pgTable(
  'expenses',
  {
    ...syncColumns(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    vendor: text('vendor').notNull().default(''),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    paymentMethod: text('payment_method').notNull().default('cash'),
    description: text('description').notNull().default(''),
    receipt: text('receipt'),
    /** Input tax (issue 26): a rate or an amount, inside the amount or on top; input_tax is the tax worked out (core expenseInputTax). */
    inputTaxRateBps: integer('input_tax_rate_bps'),
    inputTaxAmount: bigint('input_tax_amount', { mode: 'number' }),
    inputTaxInclusive: boolean('input_tax_inclusive').notNull().default(true),
    inputTax: bigint('input_tax', { mode: 'number' }).notNull().default(0),
    /** In another currency than the business's: units of its currency for one of the expense's (the VAT return converts its input tax). */
    exchangeRate: doublePrecision('exchange_rate'),
    /** Issue 29: 'to_read' / 'unreadable' while the amount is to be read from the receipt photo (core isExpensePending); null otherwise. */
    amountPending: text('amount_pending'),
  },
  (t) => [
    index('expenses_user_version_idx').on(t.userId, t.version),
    index('expenses_user_date_idx').on(t.userId, t.date),
    index('expenses_user_currency_idx').on(t.userId, t.currency),
  ],
);

export const catalogs = pgTable(
  'catalogs',
  {
    ...syncColumns(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull().default(0),
    unit: text('unit').notNull().default('piece'),
    sku: text('sku').notNull().default(''),
    active: boolean('active').notNull().default(true),
    /** Stock (issue 28): the level is the sum of stock_movements, never stored here. */
    barcode: text('barcode').notNull().default(''),
    trackStock: boolean('track_stock').notNull().default(false),
    lowStockLevel: doublePrecision('low_stock_level'),
    costPrice: bigint('cost_price', { mode: 'number' }).notNull().default(0),
    /** KRA eTIMS item classification and quantity unit codes (issue 26), sent on the sale. */
    itemClass: text('item_class').notNull().default(''),
    unitCode: text('unit_code').notNull().default(''),
    /** KRA eTIMS item type (1 raw material, 2 finished product, 3 service) and packaging unit; '' core's defaults. */
    itemType: text('item_type').notNull().default(''),
    packagingUnit: text('packaging_unit').notNull().default(''),
  },
  (t) => [index('catalogs_user_version_idx').on(t.userId, t.version), index('catalogs_user_name_idx').on(t.userId, t.name)],
);

/**
 * Stock movements (issue 28): append-only, each with its own client-made id, so two devices selling the same
 * item offline both count. Signed quantity (negative: out). Movements of an invoice or sale have ids derived
 * from (invoice, line, direction) by @duka/core, so the device and the server write the same record once.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    ...syncColumns(),
    catalogId: uuid('catalog_id').notNull(),
    kind: text('kind').notNull(),
    quantity: doublePrecision('quantity').notNull(),
    reason: text('reason').notNull().default(''),
    invoiceId: uuid('invoice_id'),
    occurredAt: text('occurred_at').notNull(),
  },
  (t) => [
    index('stock_movements_user_version_idx').on(t.userId, t.version),
    index('stock_movements_user_catalog_idx').on(t.userId, t.catalogId, t.occurredAt),
    index('stock_movements_user_invoice_idx').on(t.userId, t.invoiceId),
  ],
);

export const fees = pgTable(
  'fees',
  {
    ...syncColumns(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('tax'),
    calculation: text('calculation').notNull().default('percentage'),
    percentageBps: integer('percentage_bps').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    inclusive: boolean('inclusive').notNull().default(false),
    defaultOn: boolean('default_on').notNull().default(false),
    /** A fee the invoice's VAT is charged on too (delivery, t18 Z1); existing fees stay untaxed. */
    subjectToTax: boolean('subject_to_tax').notNull().default(false),
  },
  (t) => [index('fees_user_version_idx').on(t.userId, t.version)],
);
