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
 * The date of the first invoice a new schedule would make, and whether that is today or earlier in the business's
 * time zone (then it is made at once: the owner is told and asked first). null date: the schedule makes none.
 */
export function firstNewInvoice(rule: RecurringRule, source: { issue_date: string }, now: Date, timeZone: string): { date: string | null; today: boolean } {
  const date = occurrenceWithin(rule, occurrencesCoveredBySource(rule, source));
  return { date, today: date !== null && date <= localDate(now, timeZone) };
}
