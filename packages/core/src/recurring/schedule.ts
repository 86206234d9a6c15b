/**
 * Recurring invoices: when each occurrence falls (issue 18). Dates are calendar days (YYYY-MM-DD) in the
 * business's time zone. Every occurrence is computed from the start date, never from the previous one, so a
 * schedule starting on the 31st gives 31 Jan, 28/29 Feb, 31 Mar… (the month end when the day is missing)
 * and a 29 February yearly schedule falls on 28 February in other years.
 */
import { addDays, daysBetween } from '../constants/dates';

export const RECURRING_FREQUENCIES = ['weekly', 'monthly', 'months', 'yearly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];

export interface RecurringRule {
  frequency: RecurringFrequency;
  /** Every N weeks/months/years (1 for plain weekly/monthly/yearly; 'months' uses it as "every N months"). */
  interval: number;
  start_date: string;
  /** Last allowed date (inclusive) or null. */
  end_date: string | null;
  /** How many invoices in all, or null. */
  count: number | null;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(s: string): boolean {
  const m = ISO.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/** month: 1–12. */
export function daysInMonth(y: number, month: number): number {
  return [31, isLeapYear(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Adds whole months, keeping the day or falling back to the month's last day. */
export function addMonthsClamped(iso: string, months: number): string {
  const m = ISO.exec(iso);
  if (!m) throw new RangeError(`Not a date: ${iso}`);
  const total = Number(m[1]) * 12 + (Number(m[2]) - 1) + months;
  const y = Math.floor(total / 12);
  const mo = total - y * 12 + 1;
  const d = Math.min(Number(m[3]), daysInMonth(y, mo));
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
}

/** The stride in months of a monthly rule (weekly: null). */
function monthStride(rule: Pick<RecurringRule, 'frequency' | 'interval'>): number | null {
  const n = Math.max(1, Math.floor(rule.interval || 1));
  if (rule.frequency === 'weekly') return null;
  if (rule.frequency === 'monthly') return 1;
  if (rule.frequency === 'yearly') return 12 * n;
  return n;
}

/** The date of occurrence `index` (0 = the start date), ignoring the end date and count. */
export function occurrenceDate(rule: Pick<RecurringRule, 'frequency' | 'interval' | 'start_date'>, index: number): string {
  const months = monthStride(rule);
  if (months === null) return addDays(rule.start_date, 7 * Math.max(1, Math.floor(rule.interval || 1)) * index);
  return addMonthsClamped(rule.start_date, months * index);
}

/** The date of occurrence `index` if the rule still allows it (count and end date), else null. */
export function occurrenceWithin(rule: RecurringRule, index: number): string | null {
  if (rule.count !== null && index >= rule.count) return null;
  const date = occurrenceDate(rule, index);
  if (rule.end_date && date > rule.end_date) return null;
  return date;
}

/** The first `n` occurrence dates the rule allows (for previews). */
export function upcomingDates(rule: RecurringRule, fromIndex: number, n: number): string[] {
  const out: string[] = [];
  for (let i = fromIndex; out.length < n; i++) {
    const d = occurrenceWithin(rule, i);
    if (!d) break;
    out.push(d);
  }
  return out;
}

/**
 * One Intl.DateTimeFormat per time zone and format, made once: making one costs far more than formatting with it
 * (the reminders job dates tens of thousands of invoices in one run, issue 27).
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(kind: 'date' | 'clock', tz: string): Intl.DateTimeFormat {
  const key = `${kind} ${tz}`;
  let f = formats.get(key);
  if (!f) {
    f =
      kind === 'date'
        ? new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })
        : new Intl.DateTimeFormat('en-US', {
            timeZone: tz,
            hourCycle: 'h23',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
          });
    formats.set(key, f);
  }
  return f;
}

/** The calendar date (YYYY-MM-DD) at instant `now` in time zone `tz`. */
export function localDate(now: Date, tz: string): string {
  const parts = formatIn('date', tz).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The instant calendar day `date` (YYYY-MM-DD) begins in time zone `tz`: the inverse of localDate. */
export function localDayStart(date: string, tz: string): Date {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  // The zone's offset at an instant: its wall clock read as UTC, minus the instant.
  const offset = (at: number) => {
    const p = formatIn('clock', tz).formatToParts(at);
    const get = (t: string) => Number(p.find((x) => x.type === t)?.value ?? 0);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(at / 1000) * 1000;
  };
  // Twice: the offset at the guess may differ from the one at the answer across a daylight-saving change.
  let at = midnightUtc - offset(midnightUtc);
  at = midnightUtc - offset(at);
  return new Date(at);
}

/** An occurrence is due once its day has begun in the business's time zone. */
export function isOccurrenceDue(date: string, now: Date, tz: string): boolean {
  return date <= localDate(now, tz);
}

/** The due date of a generated invoice: the same number of days after its issue date as on the template. */
export function shiftedDueDate(template: { issue_date: string; due_date: string | null }, issueDate: string): string | null {
  if (!template.due_date) return null;
  return addDays(issueDate, daysBetween(template.issue_date, template.due_date));
}
