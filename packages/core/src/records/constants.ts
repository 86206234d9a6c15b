/** Default expense categories (issue 4). Users may also type their own. */
export const EXPENSE_CATEGORIES = [
  'Rent',
  'Stock / Inventory',
  'Transport',
  'Salaries',
  'Utilities',
  'Airtime & Data',
  'Marketing',
  'Equipment',
  'Taxes',
  'Other',
] as const;
export type DefaultExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

/**
 * The key each default category's label has in the app's strings (issue 19). The stored category stays the English
 * value above in every language; screens show the label in the active language (English: the value itself).
 */
export const EXPENSE_CATEGORY_KEYS: Record<DefaultExpenseCategory, string> = {
  Rent: 'rent',
  'Stock / Inventory': 'stock',
  Transport: 'transport',
  Salaries: 'salaries',
  Utilities: 'utilities',
  'Airtime & Data': 'airtime',
  Marketing: 'marketing',
  Equipment: 'equipment',
  Taxes: 'taxes',
  Other: 'other',
};

/** The label key of a default category, or undefined for a category the owner typed. */
export function expenseCategoryKey(category: string): string | undefined {
  return Object.hasOwn(EXPENSE_CATEGORY_KEYS, category) ? EXPENSE_CATEGORY_KEYS[category as DefaultExpenseCategory] : undefined;
}

/** How an expense was paid. */
export const PAYMENT_METHODS = ['cash', 'bank_transfer', 'mobile_money', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  mobile_money: 'Mobile money',
  card: 'Card',
};

/** Catalog units offered in the picker (free text is allowed too). */
export const CATALOG_UNITS = ['piece', 'kg', 'g', 'litre', 'metre', 'hour', 'day', 'box', 'pack', 'service'] as const;

/** The six local collections (SPEC §1) and the five whose changes the device queues for upload. */
export const RECORD_COLLECTIONS = ['contacts', 'notes', 'expenses', 'catalogs', 'fees'] as const;
export type RecordCollection = (typeof RECORD_COLLECTIONS)[number];

/** Sync limits shared by the server and the app. */
export const SYNC_LIMITS = {
  /** Most mutations in one POST /api/sync/push. */
  maxPushBatch: 500,
  /** Most records in one pull page / REST list page. */
  maxPageSize: 500,
  defaultPageSize: 100,
  /** Most version ranges a pull may leave out (`except`). */
  maxExceptRanges: 50,
} as const;

/**
 * Why an expense has no amount yet (issue 29): 'to_read' while its receipt photo waits to be read on the device that
 * took it; 'unreadable' when the reading found no amount (the owner types it); 'to_type' when it came from a CSV row
 * with no amount (the owner types it). Absent (null): an ordinary expense.
 */
export const EXPENSE_AMOUNT_PENDING = ['to_read', 'unreadable', 'to_type'] as const;
export type ExpenseAmountPending = (typeof EXPENSE_AMOUNT_PENDING)[number];
