import type { DefaultExpenseCategory } from '../records/constants';

/** What the reader needs to know about the business: its currency (used when the receipt shows none) and today. */
export interface ReceiptScanContext {
  currency: string;
  /** ISO date: a date after it is a misread, never the receipt's. */
  today: string;
}

/** A receipt read into an expense, for the owner to check: every field may be null when it could not be read. */
export interface ReceiptDraft {
  vendor: string | null;
  date: string | null;
  /** The currency printed on the receipt, else the business's. */
  currency: string;
  currency_found: boolean;
  /** Minor units of `currency`. */
  total: number | null;
  subtotal: number | null;
  tax: number | null;
  tax_rate_bps: number | null;
  category: DefaultExpenseCategory | null;
  /** How the total was confirmed: it equals the sum of the item lines, or subtotal + tax; 'none' when nothing agreed. */
  total_check: 'lines' | 'subtotal_tax' | 'none';
  /** False when neither a total nor a date could be read: not a receipt, or too blurred. */
  readable: boolean;
}
