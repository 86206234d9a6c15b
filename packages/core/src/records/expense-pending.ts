import type { ExpenseAmountPending } from './constants';
import { expenseFields, expensePendingFields } from './schemas';

/**
 * An expense whose amount is to be read from its receipt photo (issue 29). The photo was taken offline before the
 * device could read it; the expense is kept and synced as it is, with no amount (0) and maybe no category, and marked
 * `amount_pending`. It counts in no total, report or VAT return until it has an amount (read from the photo, or typed
 * by the owner, which ends the pending state). A CSV row with no amount is imported the same way ('to_type').
 */
export interface PendingAware {
  amount_pending?: ExpenseAmountPending | string | null;
}

/** Whether the expense still waits for its amount (to be read from its photo, or to be typed when it could not be). */
export const isExpensePending = (e: PendingAware): boolean => e.amount_pending != null;

/** Whether the expense counts in totals, reports and VAT returns: only once it has its amount. */
export const expenseCounts = (e: PendingAware): boolean => !isExpensePending(e);

/** The rules an expense is checked by: those of a pending one (no amount yet) or of an ordinary one (amount > 0, a category). */
export function expenseFieldsFor(e: PendingAware): typeof expenseFields | typeof expensePendingFields {
  return isExpensePending(e) ? expensePendingFields : expenseFields;
}
