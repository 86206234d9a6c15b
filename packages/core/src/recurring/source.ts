import { localDate, occurrenceWithin, type RecurringRule } from './schedule';

/**
 * Making an invoice repeat (issue 23): the invoice being made to repeat is the schedule's first occurrence when
 * the schedule starts on its issue date, so nothing is billed again that day; the next invoice is one period later.
 * Returns how many occurrences the source invoice already stands for (1 or 0).
 */
export function occurrencesCoveredBySource(rule: Pick<RecurringRule, 'start_date'>, source: { issue_date: string }): number {
  return rule.start_date === source.issue_date ? 1 : 0;
}

/**
 * How many occurrences a schedule has behind it: those it made, or — while it made none — the invoice it came from
 * when the schedule starts on that invoice's date (also after an edit moves the start there).
 */
export function occurrencesDone(rule: Pick<RecurringRule, 'start_date'>, generated: number, source?: { issue_date: string }): number {
  return generated > 0 || !source ? generated : occurrencesCoveredBySource(rule, source);
}

/**
 * The invoices saving a schedule (new or edited) would make at once: its occurrences after those done, dated up to
 * `today` in the business's time zone. The owner is told and asked first (issue 23): none when it starts later.
 */
export function madeAtOnce(rule: RecurringRule, today: string, opts: { generated?: number; source?: { issue_date: string } } = {}): string[] {
  const out: string[] = [];
  for (let i = occurrencesDone(rule, opts.generated ?? 0, opts.source); out.length < 1000; i++) {
    const date = occurrenceWithin(rule, i);
    if (!date || date > today) break;
    out.push(date);
  }
  return out;
}

/**
 * What saving a schedule leads to, as the repeat form says it before saving (issue 23): the invoices made at once
 * (madeAtOnce: dated up to today) and the date of the next one after them — the first occurrence not already made,
 * always after `today` (the server's nextDate once it has caught up). null next: the schedule then ends.
 */
export function afterSaving(
  rule: RecurringRule,
  today: string,
  opts: { generated?: number; source?: { issue_date: string } } = {},
): { atOnce: string[]; next: string | null } {
  const atOnce = madeAtOnce(rule, today, opts);
  return { atOnce, next: occurrenceWithin(rule, occurrencesDone(rule, opts.generated ?? 0, opts.source) + atOnce.length) };
}

/**
 * The date of the first invoice a new schedule would make, and whether that is today or earlier in the business's
 * time zone (then it is made at once: the owner is told and asked first). null date: the schedule makes none.
 */
export function firstNewInvoice(rule: RecurringRule, source: { issue_date: string }, now: Date, timeZone: string): { date: string | null; today: boolean } {
  const date = occurrenceWithin(rule, occurrencesCoveredBySource(rule, source));
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
