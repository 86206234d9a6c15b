import { describe, expect, it } from 'vitest';
import { afterSaving, shownNextDate } from './source';
import type { RecurringRule } from './schedule';

// Issue 23 (verify27 D6 nit): the repeat form must never announce a next invoice dated in the past.
describe('afterSaving: what saving a schedule makes at once, and the next date after that', () => {
  const weekly = (start_date: string, extra: Partial<RecurringRule> = {}): RecurringRule => ({
    frequency: 'weekly',
    interval: 1,
    start_date,
    end_date: null,
    count: null,
    ...extra,
  });

  it('a weekly repeat of an invoice two weeks old: two made today, the next one a week after today', () => {
    expect(afterSaving(weekly('2026-11-12'), '2026-11-26', { source: { issue_date: '2026-11-12' } })).toEqual({
      atOnce: ['2026-11-19', '2026-11-26'],
      next: '2026-12-03',
    });
  });
  it('an invoice dated today: nothing at once, the next one period later', () => {
    expect(afterSaving(weekly('2026-11-26'), '2026-11-26', { source: { issue_date: '2026-11-26' } })).toEqual({ atOnce: [], next: '2026-12-03' });
  });
  it('the next date is never today or before, whatever the start', () => {
    for (const start of ['2025-12-01', '2026-06-30', '2026-11-25', '2026-11-26', '2027-01-01']) {
      for (const frequency of ['weekly', 'monthly', 'yearly'] as const) {
        const { next } = afterSaving(weekly(start, { frequency }), '2026-11-26', { source: { issue_date: start } });
        expect(next! > '2026-11-26').toBe(true);
      }
    }
  });
  it('no next date when the schedule ends with what is made today', () => {
    expect(afterSaving(weekly('2026-11-12', { count: 3 }), '2026-11-26', { source: { issue_date: '2026-11-12' } })).toEqual({
      atOnce: ['2026-11-19', '2026-11-26'],
      next: null,
    });
  });
  it('a running schedule counts from what it made', () => {
    expect(afterSaving(weekly('2026-11-05'), '2026-11-26', { generated: 2 })).toEqual({ atOnce: ['2026-11-19', '2026-11-26'], next: '2026-12-03' });
  });
});

// Issue 23: the repeat panel showed the server's next_date from before its catch-up job ran (a past date).
describe('shownNextDate: the next invoice a saved schedule names', () => {
  const monthly: RecurringRule = { frequency: 'monthly', interval: 1, start_date: '2026-09-15', end_date: null, count: null };

  it("is the server's next date while it is ahead", () => {
    expect(shownNextDate(monthly, '2026-12-15', '2026-11-26', { generated: 2, source: { issue_date: '2026-09-15' } })).toBe('2026-12-15');
  });

  it('is the first occurrence after today when the catch-up has not run, never a past date', () => {
    // Saved on 15 Sep from the invoice of that day; nothing made since: the job will make 15 Oct and 15 Nov.
    expect(shownNextDate(monthly, '2026-10-15', '2026-11-26', { generated: 0, source: { issue_date: '2026-09-15' } })).toBe('2026-12-15');
    // Due today: made today, the next one a month later.
    expect(shownNextDate(monthly, '2026-11-15', '2026-11-15', { generated: 1, source: { issue_date: '2026-09-15' } })).toBe('2026-12-15');
  });

  it('is null when the schedule has no more, or ends before the next one', () => {
    expect(shownNextDate(monthly, null, '2026-11-26')).toBeNull();
    expect(shownNextDate({ ...monthly, end_date: '2026-11-30' }, '2026-10-15', '2026-11-26', { generated: 1 })).toBeNull();
  });
});
