import { RECURRING_LIMITS as SCHEDULE_LIMITS, recurringStartProblem } from '@duka/core';
import { and, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { recurringInvoices } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** Bounds on schedules (issue 22): no start in another century, no thousand invoices at once, a cap per account. */
export const RECURRING_LIMITS = {
  ...SCHEDULE_LIMITS,
  /** Running (not finished) schedules per account. */
  perAccount: 200,
} as const;

const invalid = (field: string, message: string, hint: string) => new AppError('validation_failed', `${field}: ${message}`, { [field]: hint });

/** Refuses a start date before 2000, more than a year ago or more than ten years ahead (today: the schedule's own calendar day). */
export function checkStartDate(startDate: string, today: string): void {
  const problem = recurringStartProblem(startDate, today);
  if (problem === 'before_earliest') throw invalid('start_date', 'The start date must be in the year 2000 or later', 'Choose a date within the last year');
  if (problem === 'too_old') throw invalid('start_date', 'The start date is more than a year ago', 'Choose a date within the last year');
  if (problem === 'too_far') throw invalid('start_date', 'The start date is more than 10 years ahead', 'Choose a date within the next 10 years');
}

/**
 * Refuses a schedule that would make invoices for dates already passed at once (the missed dates of a start in the
 * past), unless the caller confirmed with `make_past: true`: the app asks "Make 2 invoices today?" first, the API
 * says what it would do (t17 N3). `dates`: core's madeAtOnce; one dated today is no back-dating and is not asked about.
 */
export function checkPastInvoices(dates: string[], today: string, confirmed: boolean | undefined): void {
  const past = dates.filter((d) => d < today);
  if (!past.length || confirmed) return;
  const which = past.length === 1 ? `1 invoice dated ${past[0]}` : `${past.length} invoices dated ${past[0]} to ${past[past.length - 1]}`;
  const hint = 'Send make_past: true to make them, or choose a later start date';
  throw new AppError('unprocessable', `This schedule would make ${which} at once, because those dates have passed (kept as drafts, not sent). ${hint}.`, {
    start_date: `The start date is in the past: ${which}`,
    make_past: hint,
  });
}

/** At most RECURRING_LIMITS.perAccount running schedules per account. */
export async function checkScheduleCap(db: Db, userId: string): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(recurringInvoices)
    .where(and(eq(recurringInvoices.userId, userId), ne(recurringInvoices.status, 'finished')));
  if (Number(row?.n ?? 0) >= RECURRING_LIMITS.perAccount)
    throw new AppError(
      'conflict',
      `You already have ${RECURRING_LIMITS.perAccount} recurring invoices running, the most one account can have. Stop one you no longer need first.`,
    );
}

/** The note on an occurrence whose date had passed when it was made: kept as a draft, never e-mailed. */
export const PAST_DRAFT_NOTE = 'Kept as a draft: its date had passed when it was made, so it was not sent';
