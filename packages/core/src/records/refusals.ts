/**
 * The refusals of a pushed change (POST /sync/push answers 'rejected'), each with a stable machine code: the answer's
 * `error.reason`, with the values its sentence names as `error.params` (money in minor units of `params.currency`,
 * dates as YYYY-MM-DD). A device words a refusal it knows in the screen's language from these; any other is shown
 * as the server's `message` (English). `code` stays the HTTP-like class (validation_failed, conflict, …).
 */
export const REFUSAL_REASONS = [
  // any collection
  'invalid_field', // params.field: the first field refused by the schema (its message is in `fields`)
  'invalid_text', // params.field: text no database column can hold
  'id_taken',
  'not_stored', // the database refused the write
  'client_not_found',
  'client_has_invoices',
  'tax_id_invalid',
  'phone_invalid',
  'catalog_item_unknown',
  // invoices, quotes, sales, credit notes
  'kind_change',
  'void_locked',
  'void_paid', // params.paid, currency
  'void_paid_sale', // params.paid, currency
  'card_payment_kept',
  'quote_payment',
  'credit_note_payment',
  'no_refund_due',
  'withholding_refund',
  'refund_above_due', // params.most, currency
  'payment_before_issue', // params.date, issue_date
  'payment_future', // params.date, today
  'amount_too_large', // params.field
  'invoice_maths',
  'totals_mismatch',
  'paid_above_total', // params.total, paid, currency
  'credited_locked',
  'paid_sale_locked',
  'public_link_taken',
  'quote_only_invoice',
  'quote_not_found',
  'quote_void',
  'quote_converted',
  'converted_invoice_not_found',
  'credited_invoice_required',
  'credited_invoice_not_found',
  'credit_note_locked',
  'credit_note_rule', // params.rule: core's CreditNoteRule
  'delete_not_draft',
  'delete_converted_quote',
  // expenses
  'receipt_upload',
  'expense_tax',
  // stock
  'stock_movement_removed',
  'stock_movement_unsaved',
  'stock_movement_fixed',
  'stock_item_not_found',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];
/** A refusal's values: money as integer minor units (with `currency`), dates as YYYY-MM-DD, names as text. */
export type RefusalParams = Record<string, string | number>;
export interface Refusal {
  reason: RefusalReason;
  params?: RefusalParams;
}
/** The params that are money (minor units of params.currency). */
export const REFUSAL_MONEY_PARAMS = ['total', 'paid', 'most'] as const;

export const refusal = (reason: RefusalReason, params?: RefusalParams): Refusal => (params ? { reason, params } : { reason });
