import { addDays } from '../constants/dates';

/**
 * Bounds on a schedule (issue 22), one home for the server's check and the form's: no start in another century, none
 * so far back that its missed dates would all be made at once, none ten years ahead; at most every 36 months and
 * RECURRING_MAX_COUNT invoices.
 */
export const RECURRING_LIMITS = {
  /** No schedule starts before this date. */
  earliestStart: '2000-01-01',
  /** A start further back is a typing slip (its missed dates would all be made at once). */
  maxPastDays: 366,
  /** …or further ahead. */
  maxFutureDays: 10 * 366,
  /** "Every N months": N from 1 to this. */
  maxInterval: 36,
  /** The most invoices one schedule makes (a count): five years of weekly invoices. */
  maxCount: 260,
} as const;

export type RecurringStartProblem = 'before_earliest' | 'too_old' | 'too_far';

/** What is wrong with a new schedule's start date, on `today` (the schedule's own calendar day); null when nothing. */
export function recurringStartProblem(startDate: string, today: string): RecurringStartProblem | null {
  if (startDate < RECURRING_LIMITS.earliestStart) return 'before_earliest';
  if (startDate < addDays(today, -RECURRING_LIMITS.maxPastDays)) return 'too_old';
  if (startDate > addDays(today, RECURRING_LIMITS.maxFutureDays)) return 'too_far';
  return null;
}
