import { localDate, occurrenceDate, occurrenceWithin, type RecurringRule } from './schedule';

/**
 * Making an invoice repeat (issue 23): the invoice being repeated stands for its own date's occurrence, whatever the
 * schedule's first date. A schedule starting on that date counts it as its first invoice (the next is one period
 * later); one starting earlier makes the dates before it and then skips it (never a second invoice for the same
 * client on the same date); one starting later never reaches it.
 */
export function coveredBySource(date: string, source?: { issue_date: string }): boolean {
  return !!source && date === source.issue_date;
}

/**
 * The first occurrence index at or after `from` that the schedule still has to make: `from`, or the one after it
 * when occurrence `from` falls on the source invoice's own date (occurrences only move forward, so at most one does).
 */
export function nextOccurrenceIndex(rule: Pick<RecurringRule, 'frequency' | 'interval' | 'start_date'>, from: number, source?: { issue_date: string }): number {
  return coveredBySource(occurrenceDate(rule, from), source) ? from + 1 : from;
}

/** How many occurrences a new schedule starts with behind it: 1 when it starts on the source invoice's date, else 0. */
export function occurrencesCoveredBySource(rule: Pick<RecurringRule, 'frequency' | 'interval' | 'start_date'>, source: { issue_date: string }): number {
  return nextOccurrenceIndex(rule, 0, source);
}

/**
 * The index of the next occurrence to make: after the `generated` ones (the server's count, which takes in the
 * source invoice's own occurrence once passed), skipping the source invoice's own date.
 */
export function occurrencesDone(
  rule: Pick<RecurringRule, 'frequency' | 'interval' | 'start_date'>,
  generated: number,
  source?: { issue_date: string },
): number {
  return nextOccurrenceIndex(rule, generated, source);
}

/**
 * Which occurrence of the schedule the source invoice stands for (issue 23): the index of the one on its date, or null
 * when none falls on it (a first date after it, a schedule that never lands on it, or one that ends before it).
 */
export function sourceOccurrence(rule: RecurringRule, source?: { issue_date: string }): number | null {
  if (!source) return null;
  for (let i = 0; i < 100_000; i++) {
    const date = occurrenceWithin(rule, i);
    if (!date || date > source.issue_date) return null;
    if (date === source.issue_date) return i;
  }
  return null;
}

/** The occurrences still to make, in order, from index `from`: the source invoice's own date left out. */
function* toMake(rule: RecurringRule, from: number, source?: { issue_date: string }): Generator<{ index: number; date: string }> {
  for (let i = from; i < from + 100_000; i++) {
    const date = occurrenceWithin(rule, i);
    if (!date) return;
    if (!coveredBySource(date, source)) yield { index: i, date };
  }
}

type Done = { generated?: number; source?: { issue_date: string } };

/**
 * The invoices saving a schedule (new or edited) would make at once: its occurrences after those done, dated up to
 * `today` in the business's time zone, never the source invoice's own date. The owner is told and asked first
 * (issue 23): none when it starts later.
 */
export function madeAtOnce(rule: RecurringRule, today: string, opts: Done = {}): string[] {
  return afterSaving(rule, today, opts).atOnce;
}

/**
 * What saving a schedule leads to, as the repeat form says it before saving (issue 23): the invoices made at once
 * (madeAtOnce: dated up to today) and the date of the next one after them — the first occurrence not already made,
 * always after `today` (the server's nextDate once it has caught up); `coming`: that one and up to `n - 1` after it.
 * null next: the schedule then ends.
 */
export function afterSaving(rule: RecurringRule, today: string, opts: Done = {}, n = 1): { atOnce: string[]; next: string | null; coming: string[] } {
  const atOnce: string[] = [];
  const coming: string[] = [];
  for (const { date } of toMake(rule, occurrencesDone(rule, opts.generated ?? 0, opts.source), opts.source)) {
    if (date <= today && atOnce.length < 1000) atOnce.push(date);
    else if (coming.push(date) >= n) break;
  }
  return { atOnce, next: coming[0] ?? null, coming };
}

/**
 * The date of the first invoice a new schedule would make, and whether that is today or earlier in the business's
 * time zone (then it is made at once: the owner is told and asked first). null date: the schedule makes none.
 */
export function firstNewInvoice(rule: RecurringRule, source: { issue_date: string }, now: Date, timeZone: string): { date: string | null; today: boolean } {
  const first = toMake(rule, 0, source).next();
  const date = first.done ? null : first.value.date;
  return { date, today: date !== null && date <= localDate(now, timeZone) };
}

/**
 * Whether an invoice a 'send' schedule makes is e-mailed to the client: only one dated on or after the schedule's
 * today. One whose date had passed when it was made (a start in the past, days the job did not run) stays a draft,
 * never sent late. The server applies it; the repeat question says it before saving (issue 23).
 */
export function sendsOccurrence(date: string, today: string): boolean {
  return date >= today;
}

/**
 * The "Next invoice" date a saved schedule shows (issue 23): the server's next_date while it is still ahead of
 * `today`; once it is today or past (the catch-up job has not run yet) the date the job leaves next, the first
 * occurrence after today — afterSaving's rule, the one the repeat form names. Never a past date; null: no more.
 */
export function shownNextDate(
  rule: RecurringRule,
  nextDate: string | null,
  today: string,
  opts: { generated?: number; source?: { issue_date: string } } = {},
): string | null {
  if (nextDate === null || nextDate > today) return nextDate;
  return afterSaving(rule, today, opts).next;
}
