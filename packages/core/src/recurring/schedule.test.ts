import { describe, expect, it } from 'vitest';
import {
  addMonthsClamped,
  isOccurrenceDue,
  localDate,
  localDayStart,
  occurrenceDate,
  occurrenceWithin,
  type RecurringRule,
  shiftedDueDate,
  upcomingDates,
} from './schedule';
import { recurringCreateSchema } from './schemas';
import { RECURRING_LIMITS, recurringStartProblem } from './limits';

const rule = (r: Partial<RecurringRule>): RecurringRule => ({ frequency: 'monthly', interval: 1, start_date: '2026-01-31', end_date: null, count: null, ...r });

describe('recurring schedule', () => {
  it('monthly from the 31st falls on each month end without drifting', () => {
    expect(upcomingDates(rule({}), 0, 5)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    // 2028 is a leap year: 29 February.
    expect(occurrenceDate(rule({ start_date: '2028-01-30' }), 1)).toBe('2028-02-29');
    expect(occurrenceDate(rule({ start_date: '2028-01-30' }), 2)).toBe('2028-03-30');
  });

  it('yearly from 29 February: 28 February in common years, 29 in leap years (2100 is not one)', () => {
    const r = rule({ frequency: 'yearly', start_date: '2024-02-29' });
    expect(upcomingDates(r, 0, 5)).toEqual(['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29']);
    expect(occurrenceDate(r, 76)).toBe('2100-02-28');
    expect(occurrenceDate(r, 76 + 4)).toBe('2104-02-29');
  });

  it('weekly and every N weeks / months / years', () => {
    expect(upcomingDates(rule({ frequency: 'weekly', start_date: '2026-12-24' }), 0, 3)).toEqual(['2026-12-24', '2026-12-31', '2027-01-07']);
    expect(upcomingDates(rule({ frequency: 'weekly', interval: 2, start_date: '2026-02-20' }), 0, 3)).toEqual(['2026-02-20', '2026-03-06', '2026-03-20']);
    expect(upcomingDates(rule({ frequency: 'months', interval: 3, start_date: '2026-11-30' }), 0, 4)).toEqual([
      '2026-11-30',
      '2027-02-28',
      '2027-05-30',
      '2027-08-30',
    ]);
    expect(upcomingDates(rule({ frequency: 'yearly', interval: 2, start_date: '2026-06-15' }), 0, 2)).toEqual(['2026-06-15', '2028-06-15']);
    expect(addMonthsClamped('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonthsClamped('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('stops at the end date (inclusive) or after N invoices', () => {
    expect(upcomingDates(rule({ start_date: '2026-01-15', end_date: '2026-04-15' }), 0, 10)).toEqual(['2026-01-15', '2026-02-15', '2026-03-15', '2026-04-15']);
    expect(upcomingDates(rule({ start_date: '2026-01-15', end_date: '2026-04-14' }), 0, 10)).toHaveLength(3);
    expect(upcomingDates(rule({ start_date: '2026-01-15', count: 2 }), 0, 10)).toEqual(['2026-01-15', '2026-02-15']);
    expect(occurrenceWithin(rule({ count: 2 }), 2)).toBeNull();
    expect(upcomingDates(rule({ start_date: '2026-01-15', count: 3 }), 1, 10)).toEqual(['2026-02-15', '2026-03-15']);
  });

  it("a day begins in the business's time zone, not the server's", () => {
    // 22:30 UTC on 31 January is already 1 February in Nairobi (UTC+3) but still 31 January in Lagos (UTC+1)… and in Accra (UTC+0).
    const now = new Date('2026-01-31T22:30:00Z');
    expect(localDate(now, 'Africa/Nairobi')).toBe('2026-02-01');
    expect(localDate(now, 'Africa/Lagos')).toBe('2026-01-31');
    expect(isOccurrenceDue('2026-02-01', now, 'Africa/Nairobi')).toBe(true);
    expect(isOccurrenceDue('2026-02-01', now, 'Africa/Lagos')).toBe(false);
    expect(isOccurrenceDue('2026-02-01', now, 'UTC')).toBe(false);
    // West of UTC: still the previous day.
    expect(localDate(new Date('2026-03-01T02:00:00Z'), 'America/Sao_Paulo')).toBe('2026-02-28');
    // The instant a local day begins: midnight in Nairobi is 21:00 UTC the day before; in Lagos 23:00.
    expect(localDayStart('2026-02-01', 'Africa/Nairobi').toISOString()).toBe('2026-01-31T21:00:00.000Z');
    expect(localDayStart('2026-02-01', 'Africa/Lagos').toISOString()).toBe('2026-01-31T23:00:00.000Z');
    expect(localDayStart('2026-02-01', 'UTC').toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(localDayStart('2026-02-28', 'America/Sao_Paulo').toISOString()).toBe('2026-02-28T03:00:00.000Z');
    // Across a daylight-saving change (Cairo moves to UTC+3 on the last Friday of April 2026, 24 April).
    for (const day of ['2026-04-23', '2026-04-24', '2026-04-25', '2026-10-30', '2026-10-31']) {
      const start = localDayStart(day, 'Africa/Cairo');
      expect(localDate(start, 'Africa/Cairo')).toBe(day);
      expect(localDate(new Date(start.getTime() - 1), 'Africa/Cairo')).not.toBe(day);
    }
  });

  it('moves the due date with the issue date', () => {
    expect(shiftedDueDate({ issue_date: '2026-01-10', due_date: '2026-01-24' }, '2026-02-28')).toBe('2026-03-14');
    expect(shiftedDueDate({ issue_date: '2026-01-10', due_date: null }, '2026-02-28')).toBeNull();
  });

  it('validates what the owner enters', () => {
    const ok = recurringCreateSchema.safeParse({
      invoice_id: '00000000-0000-4000-8000-000000000001',
      frequency: 'monthly',
      start_date: '2026-02-01',
      time_zone: 'Africa/Nairobi',
    });
    expect(ok.success && ok.data).toMatchObject({ interval: 1, end_date: null, count: null, send_mode: 'draft' });
    const bad = recurringCreateSchema.safeParse({
      invoice_id: '00000000-0000-4000-8000-000000000001',
      frequency: 'monthly',
      start_date: '2026-02-30',
      end_date: '2026-01-01',
      time_zone: 'Mars/Olympus',
    });
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['start_date', 'time_zone']));
    const before = recurringCreateSchema.safeParse({
      invoice_id: '00000000-0000-4000-8000-000000000001',
      frequency: 'weekly',
      start_date: '2026-02-10',
      end_date: '2026-02-01',
    });
    expect(before.error?.issues[0]).toMatchObject({ path: ['end_date'], message: 'The end date is before the start date' });
  });
});

describe('schedule limits (one home for the server and the form)', () => {
  it('refuses a start before 2000, over a year back or over ten years ahead', () => {
    const today = '2026-11-25';
    expect(recurringStartProblem('1999-12-31', today)).toBe('before_earliest');
    expect(recurringStartProblem('2025-11-23', today)).toBe('too_old');
    expect(recurringStartProblem('2025-11-24', today)).toBeNull();
    expect(recurringStartProblem('2036-11-01', today)).toBeNull();
    expect(recurringStartProblem('2037-01-01', today)).toBe('too_far');
  });

  it('are the bounds the schema enforces', () => {
    const parse = (v: object) =>
      recurringCreateSchema.safeParse({ invoice_id: crypto.randomUUID(), frequency: 'months', start_date: '2026-12-01', ...v }).success;
    expect(parse({ interval: RECURRING_LIMITS.maxInterval, count: RECURRING_LIMITS.maxCount })).toBe(true);
    expect(parse({ interval: RECURRING_LIMITS.maxInterval + 1 })).toBe(false);
    expect(parse({ count: RECURRING_LIMITS.maxCount + 1 })).toBe(false);
  });
});
