import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Fiscalisation (issue 26). One control unit per business (TEST MODE or KRA eTIMS OSCU), its secrets
 * encrypted at rest; one fiscal number sequence per business branch; one row per document sent to the
 * authority (the outbox the fiscal job works from, and what it answered).
 */
export const fiscalUnits = pgTable(
  'fiscal_units',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'etims' (per-business settings) — a business without a row uses the server's ETIMS_* settings or TEST MODE. */
    provider: text('provider').notNull(),
    branchId: text('branch_id').notNull().default('00'),
    /**
     * Which device at the authority (issue 26 F4): HMAC of (authority, TIN, branch, device serial) with the server's
     * secret (the TIN stays unreadable in a dump). Unique: one Duka account per taxpayer device, as the device's
     * receipt numbers and item codes are the taxpayer's at KRA; the fiscal sequence's scope.
     */
    deviceKey: text('device_key').notNull(),
    /** AES-256-GCM (see modules/fiscal/secrets.ts): { api_base, tin, device_serial } and the communication key. */
    settingsEnc: text('settings_enc').notNull(),
    cmcKeyEnc: text('cmc_key_enc'),
    controlUnitId: text('control_unit_id'),
    codeLists: jsonb('code_lists'),
    initialisedAt: timestamp('initialised_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fiscal_units_device_idx').on(t.provider, t.deviceKey)],
);

/** The server's communication keys for the ETIMS_* unit, per branch (encrypted). */
export const fiscalServerKeys = pgTable('fiscal_server_keys', {
  key: text('key').primaryKey(),
  cmcKeyEnc: text('cmc_key_enc').notNull(),
  controlUnitId: text('control_unit_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fiscal numbers: one gapless sequence per taxpayer branch, taken under the row lock. scope: 'etims:<device key>'
 * for a business's own eTIMS device (the device's, so an account that takes the device over after another
 * disconnected it carries on its numbers), the business's id in TEST MODE, or 'server:<tin>' for the server's
 * ETIMS_* unit (one taxpayer per install).
 */
export const fiscalSequences = pgTable(
  'fiscal_sequences',
  {
    scope: text('scope').notNull(),
    branchId: text('branch_id').notNull(),
    last: bigint('last', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.branchId] })],
);

export const fiscalDocuments = pgTable(
  'fiscal_documents',
  {
    /** The invoice (or credit note): one fiscal document each, its id the idempotency key. */
    invoiceId: uuid('invoice_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('sale'),
    /** provisional (queued) → submitting (sent at least once: replayed as it was) → fiscalised | fiscal_error. */
    state: text('state').notNull().default('provisional'),
    branchId: text('branch_id'),
    sequenceScope: text('sequence_scope'),
    fiscalSequence: bigint('fiscal_sequence', { mode: 'number' }),
    /** Credit notes: the invoice they reverse, and the authority's reason code. */
    originalInvoiceId: uuid('original_invoice_id'),
    reasonCode: text('reason_code'),
    /** What was (or will be) sent: replayed unchanged after a crash or a time-out. */
    payload: jsonb('payload'),
    /** Hash of the invoice's printed fields when the payload was made (an edit racing the job is refused). */
    sourceHash: text('source_hash'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    errorCode: text('error_code'),
    lastError: text('last_error'),
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    fiscalisedAt: timestamp('fiscalised_at', { withTimezone: true }),
  },
  (t) => [
    index('fiscal_documents_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} in ('provisional', 'submitting')`),
    index('fiscal_documents_user_idx').on(t.userId, t.state),
    uniqueIndex('fiscal_documents_sequence_idx')
      .on(t.sequenceScope, t.branchId, t.fiscalSequence)
      .where(sql`${t.fiscalSequence} is not null`),
  ],
);

/**
 * eTIMS items (issue 26, OSCU saveItem): a catalog item sold on a fiscalised sale gets an item code (core's
 * etimsItemCode, its sequence per taxpayer branch) and is registered before the first sale that names it. state:
 * pending (assigned, not registered yet, or the authority was down) → registered | error (the authority's refusal).
 */
export const fiscalItems = pgTable(
  'fiscal_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    catalogId: uuid('catalog_id').notNull(),
    sequenceScope: text('sequence_scope').notNull(),
    branchId: text('branch_id').notNull(),
    itemCode: text('item_code').notNull(),
    /** What was (or will be) registered: core's FiscalItem. */
    item: jsonb('item').notNull(),
    state: text('state').notNull().default('pending'),
    /** Registered by Duka's TEST MODE unit (kept on Duka, not sent to KRA). */
    test: boolean('test').notNull().default(false),
    /** A generic item (typed lines, fees: core's genericItemOf), not a catalog item: catalog_id is derived from its key. */
    generic: boolean('generic').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    errorCode: text('error_code'),
    lastError: text('last_error'),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.catalogId] }), uniqueIndex('fiscal_items_code_idx').on(t.sequenceScope, t.branchId, t.itemCode)],
);
