import { z } from 'zod';
import { DISPLAY_STATUSES, INVOICE_KINDS } from '../invoices/status';
import { invoiceRecordSchema } from '../invoices/schemas';
import { SYNC_LIMITS } from '../records/constants';
import { isoDateString, safeString } from '../records/text';
import { reminderRuleSchema, REMINDER_CHANNELS } from '../reminders';

// ---- Invoices (REST beside the sync collection) ----
export const invoiceListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(SYNC_LIMITS.maxPageSize).default(SYNC_LIMITS.defaultPageSize),
  cursor: z.string().max(1000).optional(),
  q: z.string().max(200).optional(),
  kind: z.enum(INVOICE_KINDS).optional(),
  status: z.enum(DISPLAY_STATUSES).optional(),
  contact_id: z.uuid().optional(),
  from: isoDateString.optional(),
  to: isoDateString.optional(),
  min_total: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  max_total: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
/**
 * GET /invoices/:id (issue 25): the record, with what its TEST MODE payments mean to the owner (core testModeState):
 * the "Paid (TEST)" tag, what the TEST journey left and whether it is settled so. Answer only, never stored; the
 * record's amount_paid, balance and status keep counting real money only.
 */
export const invoiceAnswerSchema = invoiceRecordSchema.extend({
  test_status: z.enum(['paid', 'partially_paid']).nullable(),
  test_balance: z.number().int(),
  test_settled: z.boolean(),
});
export const invoiceListResponse = z.object({ records: z.array(invoiceRecordSchema), next_cursor: z.string().nullable() });
export const invoiceEmailBody = z
  .object({ to: z.email('Enter a valid e-mail address').optional(), message: safeString({ max: 2000, multiline: true }).optional() })
  .default({});
export const invoiceEmailResponse = z.object({ message: z.string(), to: z.string(), invoice: invoiceRecordSchema });
export const invoiceDeleteResponse = z.object({ id: z.string(), deleted: z.literal(true), version: z.number().int() });

// ---- Receipts (one per payment) ----
export const receiptSchema = z.object({
  number: z.string(),
  payment_id: z.string(),
  invoice_id: z.string(),
  invoice_number: z.string(),
  date: z.string(),
  method: z.string(),
  /** The mobile-money wallet paid with, when known (t18 C2). */
  wallet: z.string().optional(),
  method_label: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  invoice_total: z.number().int(),
  /** What the credit notes issued up to the payment's day took off (issue 26). */
  credited: z.number().int(),
  paid_to_date: z.number().int(),
  balance_left: z.number().int(),
  /** A test payment (TEST MODE): no real money moved. */
  test: z.boolean(),
  /** Its invoice prints minor units, so the receipt does too (t20). */
  shows_minor: z.boolean().optional(),
});
export const receiptParams = z.object({ id: z.uuid('Must be a UUID'), payment_id: z.uuid('Must be a UUID') });
export const receiptEmailBody = z.object({ to: z.email('Enter a valid e-mail address').optional() }).default({});
export const receiptEmailResponse = z.object({ message: z.string(), to: z.string() });
export type ReceiptView = z.infer<typeof receiptSchema>;

// ---- Payment reminders of one invoice ----
export const reminderViewSchema = z.object({
  rule: reminderRuleSchema,
  own_rule: z.boolean(),
  stopped: z.object({ at: z.string(), by: z.enum(['owner', 'customer']) }).nullable(),
  automatic: z.boolean(),
  open: z.boolean(),
  upcoming: z.array(z.object({ kind: z.string(), date: z.string(), channels: z.array(z.string()) })),
  log: z.array(
    z.object({
      kind: z.string(),
      channel: z.string(),
      state: z.string(),
      to: z.string(),
      error: z.string().nullable(),
      scheduled_for: z.string(),
      at: z.string(),
    }),
  ),
  whatsapp_text: z.string(),
  phone: z.string().nullable(),
});
export const invoiceRemindersBody = z.object({ rule: reminderRuleSchema.nullable().optional(), stopped: z.boolean().optional() });
export const sendReminderBody = z.object({ channel: z.enum(REMINDER_CHANNELS, 'Choose email or sms') });
export type ReminderView = z.infer<typeof reminderViewSchema>;
