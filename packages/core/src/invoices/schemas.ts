import { INVOICE_PAYMENT_METHODS, type InvoicePaymentMethod, withheldOf } from '../constants/payment-methods';
import { z } from 'zod';
import { publicFiscalSchema } from '../fiscal/api';
import { CUSTOMER_LANGUAGES } from '../language';
import { isoDateString, textCheck } from '../records/text';
import { currencyCodeSchema, exchangeRateSchema, MONEY_TOO_LARGE, percentBpsSchema, REFERENCE_MAX } from '../rules';
import { ruleParams } from '../rules/codes';
import { hasAtMost3Decimals, lineWithinLimit, MAX_INVOICE_AMOUNT } from '../amounts/math';
import { CREDIT_REASON_MAX, creditReasonCodeSchema } from './credit-reasons';
import { INVOICE_KINDS, INVOICE_STATUSES } from './status';
import { offeredRailSchema } from '../payments';

/** Limits shared by the editor and the server. */
export const INVOICE_LIMITS = {
  maxLines: 500,
  maxFees: 50,
  maxQuantity: 1_000_000_000,
  /** 10^13 minor units: far beyond any invoice, far below 2^53. Every line and total must stay within it. */
  maxMoney: MAX_INVOICE_AMOUNT,
  maxText: 5000,
  maxPayments: 500,
} as const;

/** A calendar date that exists and round-trips (2026-02-30 and year 0000 are refused). */
const isoDate = isoDateString;
const money = z.number().int('Use whole minor units').min(0).max(INVOICE_LIMITS.maxMoney, MONEY_TOO_LARGE);
const id = z.string().min(1).max(64).superRefine(textCheck());
/** One line of text (no control characters, no broken characters). */
const line = (max: number) => z.string().trim().max(max).superRefine(textCheck());
/** Text that may span lines (notes, terms). */
const multiline = (max: number) => z.string().max(max).superRefine(textCheck(true));

export { INVOICE_PAYMENT_METHODS, type InvoicePaymentMethod, withheldOf };

export const invoiceLineSchema = z
  .object({
    id: z.uuid(),
    catalog_id: z.uuid().nullable().optional(),
    description: z.string().trim().min(1, 'Describe the item').max(500).superRefine(textCheck(true)),
    quantity: z
      .number()
      .gt(0, 'Quantity must be more than 0')
      .max(INVOICE_LIMITS.maxQuantity)
      .refine(hasAtMost3Decimals, { message: 'Quantity may have at most 3 decimals', ...ruleParams('quantity_decimals', { decimals: 3 }) }),
    unit_price: money,
    fee_ids: z.array(id).max(INVOICE_LIMITS.maxFees).default([]),
  })
  .refine((l) => lineWithinLimit(l.quantity, l.unit_price), {
    message: 'Quantity × price is more than an invoice can hold',
    path: ['unit_price'],
    ...ruleParams('line_too_large'),
  });
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** A snapshot of a fee from the Fees tab, kept on the invoice so its totals never change when the fee is edited. */
export const invoiceFeeSchema = z.object({
  id,
  name: z.string().trim().min(1).max(100).superRefine(textCheck()),
  kind: z.enum(['tax', 'fee']),
  calculation: z.enum(['percentage', 'fixed']),
  percentage_bps: percentBpsSchema.default(0),
  amount: money.default(0),
  inclusive: z.boolean().default(false),
  /** A fee (delivery) the invoice's taxes are charged on too (t18 Z1); left out: not taxed. */
  subject_to_tax: z.boolean().optional(),
  /** A percentage fee rounded once on its total and shared over its lines (t22 V1); left out: per line (written before). */
  round_on: z.literal('total').optional(),
  /** A percentage fee subject to tax whose taxes are rounded once on their total (h155); left out: per line. */
  taxes_round_on: z.literal('total').optional(),
});
export type InvoiceFee = z.infer<typeof invoiceFeeSchema>;

export const invoiceDiscountSchema = z.discriminatedUnion('type', [
  // round_on 'total': rounded once on the subtotal (t18 Z2); left out, per line (invoices written before).
  z.object({ type: z.literal('percentage'), value: percentBpsSchema, round_on: z.literal('total').optional() }),
  // `rounding`: the part of the amount that rounds the balance to whole shillings (wholeShillingsDiscount), shown as
  // "Rounding" apart from the owner's discount (discountRows); the maths reads `value` alone.
  z.object({ type: z.literal('amount'), value: money, rounding: money.optional() }),
]);

export const invoicePaymentSchema = z
  .object({
    id: z.uuid(),
    /** Minor units: more than 0 for money received; less than 0 for a refund paid out (`refund: true`, t21 R1). */
    amount: z.number().int('Use whole minor units').min(-INVOICE_LIMITS.maxMoney, MONEY_TOO_LARGE).max(INVOICE_LIMITS.maxMoney, MONEY_TOO_LARGE),
    method: z.enum(INVOICE_PAYMENT_METHODS),
    date: isoDate,
    reference: line(REFERENCE_MAX).default(''),
    /**
     * Money given back to the client (t21 R1): a credit note left a refund due and the owner paid it out. Stored as a
     * payment with a negative amount, so amount paid, Collected and the cash figures count it on its day.
     */
    refund: z.literal(true).optional(),
    /** Card payments: the provider and its payment id. */
    provider: line(40).nullable().optional(),
    provider_ref: line(200).nullable().optional(),
    /** Paid through a test provider (TEST MODE): no real money moved. */
    test: z.boolean().optional(),
    /** The mobile-money wallet the customer paid with (MTN MoMo, Orange Money…): receipts name it (t18 C2). */
    wallet: line(60).optional(),
    /** Cash handed over at the counter (issue 28), at least the amount: the receipt shows it and the change given. */
    tendered: money.optional(),
  })
  .refine((p) => (p.refund ? p.amount < 0 : p.amount > 0), { message: 'The amount must be more than 0', path: ['amount'], ...ruleParams('more_than_zero') })
  .refine((p) => !p.refund || (p.tendered === undefined && !p.test && !p.provider), {
    message: 'A refund paid out is typed by the owner: no cash received, test or card provider',
    path: ['refund'],
  })
  .refine((p) => p.tendered === undefined || (p.method === 'cash' && p.tendered >= p.amount), {
    message: 'The cash received must be cash, and at least the amount paid',
    path: ['tendered'],
  });
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

/** POST /api/invoices/{id}/payments. */
export const paymentInputSchema = z.object({
  id: z.uuid().optional(),
  amount: money.refine((n) => n > 0, { message: 'The amount must be more than 0', ...ruleParams('more_than_zero') }),
  method: z.enum(INVOICE_PAYMENT_METHODS),
  date: isoDate,
  reference: line(REFERENCE_MAX).default(''),
  /** A refund paid out to the client (t21 R1): `amount` (more than 0) is what went back, at most the refund due. */
  refund: z.literal(true).optional(),
});
export type PaymentInput = z.infer<typeof paymentInputSchema>;

/** The editable fields of an invoice or quote (what the device writes and syncs). */
export const invoiceDataShape = {
  kind: z.enum(INVOICE_KINDS).default('invoice'),
  /** Allocated on the device from the user's series; the server assigns the next one when missing. */
  number: z.string().trim().min(1).max(40).superRefine(textCheck()).optional(),
  contact_id: z.uuid(),
  issue_date: isoDate,
  due_date: isoDate.nullable().default(null),
  currency: currencyCodeSchema,
  lines: z.array(invoiceLineSchema).max(INVOICE_LIMITS.maxLines).default([]),
  fees: z.array(invoiceFeeSchema).max(INVOICE_LIMITS.maxFees).default([]),
  fee_ids: z.array(id).max(INVOICE_LIMITS.maxFees).default([]),
  discount: invoiceDiscountSchema.nullable().default(null),
  notes: multiline(INVOICE_LIMITS.maxText).default(''),
  terms: multiline(INVOICE_LIMITS.maxText).default(''),
  payment_instructions: multiline(INVOICE_LIMITS.maxText).default(''),
  /** Part payments online: true/false for this invoice; null follows the business setting (issue 23 item 10). */
  part_payments: z.boolean().nullable().default(null),
  /**
   * An invoice in a currency other than the business's (t19 N5): how many units of the business's currency one unit
   * of the invoice's was worth on its day (1 USD = 1,530.25 NGN → 1530.25). Its VAT is declared in the business's
   * currency at this rate. Null: not given (the VAT return then names the invoice as not converted).
   */
  exchange_rate: exchangeRateSchema.nullable().default(null),
  /** A credit note (issue 26): the invoice it credits, and why. */
  credited_invoice_id: z.uuid().nullable().default(null),
  credit_reason: multiline(CREDIT_REASON_MAX).default(''),
  credit_reason_code: creditReasonCodeSchema.nullable().default(null),
};

/** Totals a client may send; the server recomputes them and answers 422 when they disagree. */
export const claimedTotalsShape = {
  subtotal: money.optional(),
  discount_total: money.optional(),
  tax_total: money.optional(),
  fee_total: money.optional(),
  total_due: money.optional(),
  amount_paid: money.optional(),
  balance: money.optional(),
};

/** POST /api/invoices. status 'sent' finishes the invoice at once (default: a draft). Totals are optional claims. */
export const invoiceCreateSchema = z.object({
  id: z.uuid().optional(),
  ...invoiceDataShape,
  /** Left out: today, the user's invoice currency, and today + the default due days. */
  issue_date: isoDate.optional(),
  currency: currencyCodeSchema.optional(),
  due_date: isoDate.nullable().optional(),
  status: z.enum(['draft', 'ready', 'sent']).default('draft'),
  ...claimedTotalsShape,
});
export type InvoiceCreate = z.infer<typeof invoiceCreateSchema>;

/** PATCH /api/invoices/{id}: any editable field (kind cannot change; quotes convert instead). */
export const invoicePatchSchema = z.object({
  number: invoiceDataShape.number,
  contact_id: z.uuid().optional(),
  issue_date: isoDate.optional(),
  due_date: isoDate.nullable().optional(),
  currency: currencyCodeSchema.optional(),
  lines: z.array(invoiceLineSchema).max(INVOICE_LIMITS.maxLines).optional(),
  fees: z.array(invoiceFeeSchema).max(INVOICE_LIMITS.maxFees).optional(),
  fee_ids: z.array(id).max(INVOICE_LIMITS.maxFees).optional(),
  discount: invoiceDiscountSchema.nullable().optional(),
  notes: multiline(INVOICE_LIMITS.maxText).optional(),
  terms: multiline(INVOICE_LIMITS.maxText).optional(),
  payment_instructions: multiline(INVOICE_LIMITS.maxText).optional(),
  part_payments: z.boolean().nullable().optional(),
  exchange_rate: exchangeRateSchema.nullable().optional(),
  ...claimedTotalsShape,
});
export type InvoicePatch = z.infer<typeof invoicePatchSchema>;

/**
 * Data of an invoice in a sync push (`collection: 'invoices'`): the editable fields plus the facts the
 * device may set offline (sent, voided, payments). Payments merge by id on the server and are never dropped.
 */
export const invoiceSyncDataSchema = z.object({
  ...invoiceDataShape,
  sent_at: line(40).nullable().optional(),
  finished_at: line(40).nullable().optional(),
  voided_at: line(40).nullable().optional(),
  payments: z.array(invoicePaymentSchema).max(INVOICE_LIMITS.maxPayments).default([]),
  ...claimedTotalsShape,
});
export type InvoiceSyncData = z.infer<typeof invoiceSyncDataSchema>;

/**
 * What a stored line or payment is answered as: the shape without the write limits, so a row stored before
 * the limits (or over them) can still be listed, voided and deleted instead of breaking every answer.
 */
const storedLineSchema = z.object({
  id: z.string(),
  catalog_id: z.string().nullable().optional(),
  description: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  fee_ids: z.array(z.string()).default([]),
  /** A credit note's line that took the last of an invoice line: what was left of it (t19 N8). Never written by a client. */
  credit_rest: z
    .object({ amount: z.number(), discount: z.number(), fees: z.array(z.object({ fee_id: z.string(), amount: z.number() })) })
    .nullable()
    .optional(),
});
const storedFeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['tax', 'fee']),
  calculation: z.enum(['percentage', 'fixed']),
  percentage_bps: z.number().default(0),
  amount: z.number().default(0),
  inclusive: z.boolean().default(false),
  subject_to_tax: z.boolean().optional(),
  round_on: z.literal('total').optional(),
  taxes_round_on: z.literal('total').optional(),
});
const storedPaymentSchema = z.object({
  id: z.string(),
  amount: z.number(),
  method: z.enum(INVOICE_PAYMENT_METHODS),
  date: z.string(),
  reference: z.string().default(''),
  provider: z.string().nullable().optional(),
  provider_ref: z.string().nullable().optional(),
  test: z.boolean().optional(),
  tendered: z.number().int().optional(),
  wallet: z.string().optional(),
  refund: z.literal(true).optional(),
});
const storedMoney = z.number().int();
const storedDiscountSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('percentage'), value: z.number() }),
  z.object({ type: z.literal('amount'), value: z.number(), rounding: z.number().optional() }),
]);

export { QUOTE_DECLINE_REASON_MAX } from './quote-answer';

/** An invoice or quote as the API returns it (and as the device stores it). */
export const invoiceRecordSchema = z.object({
  id: z.uuid(),
  kind: z.enum(INVOICE_KINDS),
  number: z.string(),
  contact_id: z.uuid(),
  issue_date: z.string(),
  due_date: z.string().nullable(),
  currency: z.string(),
  lines: z.array(storedLineSchema),
  fees: z.array(storedFeeSchema),
  fee_ids: z.array(z.string()),
  discount: storedDiscountSchema.nullable(),
  notes: z.string(),
  terms: z.string(),
  payment_instructions: z.string(),
  part_payments: z.boolean().nullable().default(null),
  exchange_rate: z.number().nullable().default(null),
  payments: z.array(storedPaymentSchema),
  subtotal: storedMoney,
  discount_total: storedMoney,
  tax_total: storedMoney,
  /** Fees and surcharges only (issue 23); records stored before it carry 0 and fees in tax_total until next written. */
  fee_total: storedMoney.default(0),
  total_due: storedMoney,
  amount_paid: storedMoney,
  balance: storedMoney,
  /** On an invoice: what its credit notes took off (issue 26); the balance is total_due − amount_paid − credited_total. */
  credited_total: storedMoney.default(0),
  /** On a credit note: the invoice it credits, and the reason given. */
  credited_invoice_id: z.string().nullable().default(null),
  credit_reason: z.string().nullable().default(null),
  /** On a credit note: KRA's reason code (null: none chosen, sent as 06). */
  credit_reason_code: z.string().nullable().default(null),
  status: z.enum(INVOICE_STATUSES),
  public_id: z.string(),
  sent_at: z.string().nullable(),
  /** When Finish was pressed (ready); null for drafts and for invoices finished before 'ready' existed. */
  finished_at: z.string().nullable().default(null),
  voided_at: z.string().nullable(),
  quote_id: z.string().nullable(),
  converted_invoice_id: z.string().nullable(),
  /** A quote the customer declined on its public link (issue 23): when, and the reason they gave ('' for none). */
  declined_at: z.string().nullable().default(null),
  decline_reason: z.string().nullable().default(null),
  /** Visible note from the server, e.g. 'Renumbered from INV-0003 to INV-0004: another device used that number'. */
  notice: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
  /** Sync: how many overwritten versions the history holds (conflict when > 0). */
  history_count: z.number().int().default(0),
  conflict: z.boolean().default(false),
});
export type InvoiceRecord = z.infer<typeof invoiceRecordSchema>;

/** A fee id the invoice names that is neither one of the user's fees nor in its `fees` snapshots (t17 K2). */
export const UNKNOWN_FEE = 'Unknown fee: use the id of one of your fees (GET /api/fees), or send the fee itself in fees';

/** A line's catalog_id that is not one of the user's catalog items (t21 A7): another account's id is refused alike. */
export const UNKNOWN_CATALOG_ITEM = 'Unknown catalog item: use the id of one of your items (GET /api/catalogs), or leave catalog_id out';

/** Cross-field rules the object schemas cannot express; returns offending fields (empty when fine). */
export function invoiceConsistencyErrors(data: {
  issue_date: string;
  due_date?: string | null;
  lines: Array<{ fee_ids?: string[]; id: string }>;
  fees: Array<{ id: string }>;
  fee_ids: string[];
}): Record<string, string> {
  const fields: Record<string, string> = {};
  if (data.due_date && data.due_date < data.issue_date) fields.due_date = 'The due date cannot be before the issue date';
  const feeIds = new Set<string>();
  data.fees.forEach((f, i) => {
    if (feeIds.has(f.id)) fields[`fees.${i}.id`] = 'This fee is listed twice';
    feeIds.add(f.id);
  });
  data.fee_ids.forEach((f, i) => {
    if (!feeIds.has(f)) fields[`fee_ids.${i}`] = UNKNOWN_FEE;
  });
  const lineIds = new Set<string>();
  data.lines.forEach((l, i) => {
    if (lineIds.has(l.id)) fields[`lines.${i}.id`] = 'This line id is used twice';
    lineIds.add(l.id);
    (l.fee_ids ?? []).forEach((f, j) => {
      if (!feeIds.has(f)) fields[`lines.${i}.fee_ids.${j}`] = UNKNOWN_FEE;
    });
  });
  return fields;
}

/** The client's view of an invoice by its public link (no token). */
export const publicInvoiceSchema = z.object({
  public_id: z.string(),
  kind: z.enum(INVOICE_KINDS),
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  display_status: z.string(),
  issue_date: z.string(),
  due_date: z.string().nullable(),
  currency: z.string(),
  business: z.object({
    name: z.string(),
    logo_url: z.string().nullable(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    tax_id: z.string().nullable(),
    registration_number: z.string().nullable(),
    /** The business issues tax invoices by its country's law (core isTaxInvoiceIssuer): its number is a VAT number. */
    tax_invoice: z.boolean().optional(),
    /** What the business's country calls its tax and registration numbers (core businessIdNames), else null. */
    tax_id_label: z.string().nullable().optional(),
    registration_label: z.string().nullable().optional(),
  }),
  client: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable(), address: z.string().nullable() }),
  lines: z.array(z.object({ description: z.string(), quantity: z.number(), unit_price: z.number(), amount: z.number() })),
  fees: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(['tax', 'fee']).default('tax'),
      inclusive: z.boolean(),
      amount: z.number(),
      percentage_bps: z.number().nullable(),
      /** The invoice's VAT is charged on this fee (t18 Z1): the page says so beside it. */
      subject_to_tax: z.boolean().optional(),
    }),
  ),
  subtotal: z.number(),
  discount_total: z.number(),
  /** A percentage discount's rate in basis points, for the label 'Discount (10%)' (t18 Z2); null for an amount. */
  discount_bps: z.number().nullable().default(null),
  /** The part of discount_total that rounded the balance to whole shillings: shown as "Rounding" (core's discountRows). */
  rounding_total: z.number().default(0),
  tax_total: z.number(),
  fee_total: z.number(),
  total_due: z.number(),
  amount_paid: z.number(),
  /** What its credit notes took off (issue 26): balance = total_due − credited_total − amount_paid. */
  credited_total: z.number().default(0),
  balance: z.number(),
  notes: z.string(),
  terms: z.string(),
  payment_instructions: z.string(),
  /** `test`: paid through a test provider (TEST MODE), no money: shown stamped TEST, never in amount_paid or the balance. */
  /** `id` and `receipt` (its number): the customer downloads that payment's receipt (GET …/receipts/{id}/pdf, t18 E2). */
  payments: z.array(
    z.object({
      amount: z.number(),
      method: z.enum(INVOICE_PAYMENT_METHODS),
      date: z.string(),
      test: z.boolean().optional(),
      id: z.string().optional(),
      receipt: z.string().optional(),
      /** Money given back to the client (a refund paid out): the amount is negative (t21 R1). */
      refund: z.literal(true).optional(),
    }),
  ),
  /** The tag beside the status when test payments were made (core testPaymentStatus): "Paid (TEST)", never the status. */
  test_status: z.enum(['paid', 'partially_paid']).nullable().optional(),
  /** What is left once TEST MODE payments count too (core testModeBalance, issue 25): the page shows it beside the real balance. */
  test_balance: z.number().int().optional(),
  /** The card provider to use on the pay form ('test' or 'stripe'), null when nothing is owed. */
  pay_provider: z.string().nullable(),
  /** True when the customer pays on the provider's hosted checkout (Paystack, naira), not in the card form. */
  pay_checkout: z.boolean().optional(),
  /** Mobile-money and hosted rails the page offers besides the card form and Paystack (issue 25). */
  rails: z.array(offeredRailSchema).default([]),
  /** Every way to pay offered is TEST MODE (issue 25): each takes what TEST payments left (test_balance), not the balance. */
  pay_test_only: z.boolean().optional(),
  /** The card form or hosted checkout (pay_provider) is the test provider (TEST MODE, issue 25): its button says so, and it takes what TEST payments left. */
  pay_test_mode: z.boolean().optional(),
  /** The customer may pay part of the balance online, at least `min` minor units (issue 23 item 10). */
  part_payments: z.object({ allowed: z.boolean(), min: z.number().int() }).default({ allowed: false, min: 1 }),
  /** The language the client reads: theirs, else the owner's (issue 19). The page opens in it and offers a switch. */
  language: z.enum(CUSTOMER_LANGUAGES),
  /** A quote the customer declined (issue 23): when and why; the page then says so instead of offering Accept again. */
  declined_at: z.string().nullable().optional(),
  decline_reason: z.string().nullable().optional(),
  /** Its standing with the tax authority (issue 26): the fiscal block and QR code, or "awaiting KRA"; null where nothing is fiscalised. */
  fiscal: publicFiscalSchema.nullable().optional(),
});
export type PublicInvoice = z.infer<typeof publicInvoiceSchema>;
