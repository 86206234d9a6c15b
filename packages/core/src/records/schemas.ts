import { z } from 'zod';
import { clientLanguageSchema } from '../language/schema';
import { PHONE_MAX } from '../payments/mobile-phone';
import { currencyCodeSchema, exchangeRateSchema, moneySchema, NAME_MAX, percentBpsSchema } from '../rules';
import { ruleParams } from '../rules/codes';
import { EXPENSE_AMOUNT_PENDING, PAYMENT_METHODS } from './constants';
import { PERMALINK_PATTERN } from './permalink';
import { isoDateString, textCheck } from './text';

/**
 * Business records of the local-first collections. For each collection:
 * - `<x>Fields`: the writable fields (all required), used to validate a full record's data;
 * - `<X>_DEFAULTS` (in ./defaults): values of the fields a create may leave out;
 * - `<x>Patch`: the same fields, all optional (PATCH bodies, sync upserts of an existing record);
 * - `<x>Record`: what the API answers: the fields plus id, version, timestamps and conflict markers.
 * Money is in minor units (integers); percentages are basis points (750 = 7.5%).
 */

/** Text a user types: no control characters or broken characters; `multiline` allows line breaks and tabs. */
const text = (max: number, multiline = false) => z.string().trim().max(max, `At most ${max} characters`).superRefine(textCheck(multiline));
const required = (max: number, label: string) =>
  z.string().trim().min(1, `${label} is required`).max(max, `At most ${max} characters`).superRefine(textCheck());
const money = moneySchema;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const recordId = z.uuid('Must be a UUID');

/** Fields every record carries in API answers. */
export const recordMeta = z.object({
  id: recordId,
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** How many overwritten versions the record's history holds (edits lost to a later edit from another device). */
  history_count: z.number().int(),
  /** True when the record has history: the app shows 'edited on another device'. */
  conflict: z.boolean(),
});

// ---- contact ----
export const contactFields = z.object({
  name: required(NAME_MAX, 'Name'),
  email: text(254).refine((v) => v === '' || EMAIL.test(v), { message: 'Not a valid e-mail address', ...ruleParams('email') }),
  phone: text(PHONE_MAX),
  address: text(500, true),
  city: text(100),
  country: text(100),
  tax_id: text(60),
  notes: text(10_000, true),
  archived: z.boolean(),
  /** The language the client reads invoices, receipts and reminders in ('en', 'fr', 'sw'); null: the owner's (issue 19). */
  language: clientLanguageSchema,
  /** Unique per user; derived from the name when left out (slug, plus a short suffix on a clash). */
  permalink: z.string().max(100).regex(PERMALINK_PATTERN, 'Use lower-case letters, digits and dashes').optional(),
});
export const contactPatch = contactFields.partial();
export const contactRecord = recordMeta.extend(contactFields.shape).extend({ permalink: z.string() });

// ---- note ----
export const noteFields = z.object({
  contact_id: recordId.nullable(),
  /** Markdown. */
  body: z
    .string()
    .max(100_000, 'At most 100000 characters')
    .refine((v) => v.trim().length > 0, { message: 'Write something in the note', ...ruleParams('note_empty') })
    .superRefine(textCheck(true)),
  pinned: z.boolean(),
});
export const notePatch = noteFields.partial();
export const noteRecord = recordMeta.extend(noteFields.shape);

// ---- expense ----
export const expenseFields = z.object({
  amount: money.min(1, 'Amount must be more than 0'),
  currency: currencyCodeSchema,
  date: isoDateString,
  category: required(60, 'Category'),
  vendor: text(200),
  contact_id: recordId.nullable(),
  payment_method: z.enum(PAYMENT_METHODS),
  description: text(2000, true),
  /** Storage key of the receipt photo (set by POST /api/expenses/{id}/receipt), or null. */
  receipt: z.string().max(500).nullable(),
  /**
   * Input tax (issue 26), optional: a rate (basis points) or an amount (minor units), inside `amount` (inclusive)
   * or on top of it. `input_tax` is the tax worked out by core's expenseInputTax (the server recomputes it).
   */
  input_tax_rate_bps: percentBpsSchema.nullable().default(null),
  input_tax_amount: money.nullable().default(null),
  input_tax_inclusive: z.boolean().default(true),
  input_tax: money.default(0),
  /**
   * An expense in another currency than the business's: how many units of the business's currency one unit of the
   * expense's was worth on its day, so the VAT return counts its input tax in the business's currency (as an invoice's
   * exchange_rate, t19 N5). Null: not given (the return then names the expense as not converted).
   */
  exchange_rate: exchangeRateSchema.nullable().default(null),
  /**
   * Issue 29: set while the amount is still to be read from the receipt photo (an expense saved offline before the
   * device could read it): 'to_read', then 'unreadable' when the reading found no amount; 'to_type' when imported from
   * a CSV row with no amount. See ./expense-pending.
   */
  amount_pending: z.enum(EXPENSE_AMOUNT_PENDING).nullable().default(null),
});
/**
 * Issue 29: an expense whose amount is to be read from its photo has no amount yet (0) and may have no category yet
 * (the photo's guess fills it). `expenseFields` is an expense with its amount; `expenseFieldsFor` picks the one to check.
 */
export const expensePendingFields = expenseFields.extend({
  amount: money.max(0, 'An expense whose amount is to be read from its photo has no amount yet'),
  category: text(60),
  amount_pending: z.enum(EXPENSE_AMOUNT_PENDING),
});
/** Either state of a stored expense (what sync and the API carry); each is checked by its own rules (expenseFieldsFor). */
export const expenseStoredFields = expenseFields.extend({ amount: money, category: text(60) });
/**
 * A change names only what it changes: the input tax fields' defaults are left out here, so a change without them
 * (a vendor edited on another device, the receipt photo uploaded) keeps the expense's input tax.
 */
export const expensePatch = expenseStoredFields
  .extend({
    input_tax_rate_bps: percentBpsSchema.nullable(),
    input_tax_amount: money.nullable(),
    input_tax_inclusive: z.boolean(),
    input_tax: money,
    exchange_rate: exchangeRateSchema.nullable(),
  })
  .partial();
export const expenseRecord = recordMeta.extend(expenseStoredFields.shape).extend({ receipt_url: z.string().nullable() });

// ---- catalog item ----
export const catalogFields = z.object({
  name: required(NAME_MAX, 'Name'),
  description: text(2000, true),
  unit_price: money,
  unit: text(30),
  sku: text(60),
  active: z.boolean(),
  /** The code printed on the item (EAN, UPC, QR text): the quick sale finds the item by scanning it (issue 28). */
  barcode: text(100),
  /** Stock (issue 28): the level is the sum of the item's stock movements, never stored here. */
  track_stock: z.boolean(),
  /** At or under this level the item is flagged low; null: never flagged. */
  low_stock_level: z.number().min(0, 'Must not be negative').max(1_000_000_000, 'At most 1000000000').nullable(),
  /** What one unit costs the business (minor units): the stock value report is level × cost price. */
  cost_price: money,
  /** KRA eTIMS (issue 26): the item classification and quantity unit from the authority's code lists ('' none). */
  item_class: z
    .string()
    .trim()
    .regex(/^(\d{10})?$/, 'Choose the item classification from the KRA list (10 digits)'),
  unit_code: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{0,5}$/, 'Choose the unit from the KRA list, e.g. KG'),
  /** KRA eTIMS item type (code list 24): 1 raw material, 2 finished product, 3 service; '' the default (core catalogItemType). */
  item_type: z.enum(['', '1', '2', '3'], { error: 'Choose the item type: 1 raw material, 2 finished product or 3 service' }),
  /** KRA eTIMS packaging unit (code list 17), e.g. NT (net, unpackaged), BG (bag); '' NT. */
  packaging_unit: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{0,5}$/, 'Choose the packaging unit from the KRA list, e.g. NT'),
});
export const catalogPatch = catalogFields.partial();
export const catalogRecord = recordMeta.extend(catalogFields.shape);

// ---- fee (tax or fee) ----
export const feeFields = z.object({
  name: required(100, 'Name'),
  kind: z.enum(['tax', 'fee']),
  /** 'percentage' uses percentage_bps; 'fixed' uses amount (minor units). */
  calculation: z.enum(['percentage', 'fixed']),
  percentage_bps: percentBpsSchema,
  amount: money,
  /** Inclusive: already contained in prices; exclusive: added on top. */
  inclusive: z.boolean(),
  /** Added to new invoices by default. */
  default_on: z.boolean(),
  /**
   * A fee (kind 'fee', added on top) that is a supply like the goods, such as delivery (t18 Z1): the invoice's VAT is
   * charged on it too. False for a fee passed on untaxed (a government fee). Not read for taxes nor inclusive fees.
   * Left out (a client written before it, a device not yet updated): false, as every fee was before.
   */
  subject_to_tax: z.boolean().default(false),
});
// A PATCH leaves what it does not name: subject_to_tax left out keeps the stored value (no default false here).
export const feePatch = feeFields.extend({ subject_to_tax: z.boolean() }).partial();
export const feeRecord = recordMeta.extend(feeFields.shape);

export type RecordMeta = z.infer<typeof recordMeta>;
export type ContactData = z.infer<typeof contactFields>;
export type ContactRecord = z.infer<typeof contactRecord>;
export type NoteData = z.infer<typeof noteFields>;
export type NoteRecord = z.infer<typeof noteRecord>;
export type ExpenseData = z.infer<typeof expenseFields>;
export type ExpenseRecord = z.infer<typeof expenseRecord>;
export type CatalogData = z.infer<typeof catalogFields>;
export type CatalogRecord = z.infer<typeof catalogRecord>;
export type FeeData = z.infer<typeof feeFields>;
export type FeeRecord = z.infer<typeof feeRecord>;
