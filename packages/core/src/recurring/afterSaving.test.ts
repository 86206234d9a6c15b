import { describe, expect, it } from 'vitest';
import { afterSaving, firstNewInvoice, madeAtOnce, nextOccurrenceIndex, occurrencesDone, shownNextDate, sourceOccurrence } from './source';
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
    expect(afterSaving(weekly('2026-11-12'), '2026-11-26', { source: { issue_date: '2026-11-12' } })).toMatchObject({
      atOnce: ['2026-11-19', '2026-11-26'],
      next: '2026-12-03',
    });
  });
  it('an invoice dated today: nothing at once, the next one period later', () => {
    expect(afterSaving(weekly('2026-11-26'), '2026-11-26', { source: { issue_date: '2026-11-26' } })).toMatchObject({ atOnce: [], next: '2026-12-03' });
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
    expect(afterSaving(weekly('2026-11-12', { count: 3 }), '2026-11-26', { source: { issue_date: '2026-11-12' } })).toMatchObject({
      atOnce: ['2026-11-19', '2026-11-26'],
      next: null,
    });
  });
  it('a running schedule counts from what it made', () => {
    expect(afterSaving(weekly('2026-11-05'), '2026-11-26', { generated: 2 })).toMatchObject({ atOnce: ['2026-11-19', '2026-11-26'], next: '2026-12-03' });
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

// Issue 23 (t15b): on draft INV-0002 dated 26 Nov, "First invoice on" 26 Oct made 26 Oct and 26 Nov, so INV-0002 and
// the new 26 Nov invoice billed the same client for the same date. The invoice being repeated stands for its own date.
describe('the invoice being repeated stands for its own date, whatever the first date', () => {
  const rule = (frequency: RecurringRule['frequency'], start_date: string, extra: Partial<RecurringRule> = {}): RecurringRule => ({
    frequency,
    interval: 1,
    start_date,
    end_date: null,
    count: null,
    ...extra,
  });
  const source = { issue_date: '2026-11-26' };

  it('a monthly repeat first on a month before makes only that month at once, the next a month after the invoice', () => {
    expect(afterSaving(rule('monthly', '2026-10-26'), '2026-11-26', { source })).toEqual({
      atOnce: ['2026-10-26'],
      next: '2026-12-26',
      coming: ['2026-12-26'],
    });
    expect(madeAtOnce(rule('monthly', '2026-10-26'), '2026-11-26', { source })).toEqual(['2026-10-26']);
  });

  it('a weekly repeat first on three weeks before: the weeks before, never the invoice date', () => {
    expect(afterSaving(rule('weekly', '2026-11-05'), '2026-11-26', { source }, 3)).toEqual({
      atOnce: ['2026-11-05', '2026-11-12', '2026-11-19'],
      next: '2026-12-03',
      coming: ['2026-12-03', '2026-12-10', '2026-12-17'],
    });
  });

  it('an invoice dated ahead is skipped when the schedule reaches its date later', () => {
    // A draft dated 10 Dec, made to repeat weekly from today: 26 Nov and 3 Dec are made, 10 Dec is the draft itself.
    const ahead = { issue_date: '2026-12-10' };
    expect(afterSaving(rule('weekly', '2026-11-26'), '2026-11-26', { source: ahead }, 3)).toMatchObject({
      atOnce: ['2026-11-26'],
      coming: ['2026-12-03', '2026-12-17', '2026-12-24'],
    });
    // Once the server has made 26 Nov and 3 Dec (generated 2), the next to make is 17 Dec.
    expect(occurrencesDone(rule('weekly', '2026-11-26'), 2, ahead)).toBe(3);
  });

  it('a month-end schedule that lands on the invoice date skips it', () => {
    const endOfNov = { issue_date: '2026-11-30' };
    expect(madeAtOnce(rule('monthly', '2026-08-31'), '2026-11-30', { source: endOfNov })).toEqual(['2026-08-31', '2026-09-30', '2026-10-31']);
    expect(afterSaving(rule('monthly', '2026-08-31'), '2026-11-30', { source: endOfNov }).next).toBe('2026-12-31');
  });

  it('a schedule that never lands on the invoice date makes all its dates; a later first date reaches none', () => {
    // Weekly on Mondays from 16 Nov for an invoice of Thursday 26 Nov: 16 and 23 Nov.
    expect(madeAtOnce(rule('weekly', '2026-11-16'), '2026-11-26', { source })).toEqual(['2026-11-16', '2026-11-23']);
    expect(afterSaving(rule('monthly', '2026-12-05'), '2026-11-26', { source })).toMatchObject({ atOnce: [], next: '2026-12-05' });
  });

  it('the invoice counts among "N in all" when it falls on the schedule', () => {
    // 3 in all: 26 Oct, the invoice itself (26 Nov), 26 Dec.
    const three = rule('monthly', '2026-10-26', { count: 3 });
    expect(afterSaving(three, '2026-11-26', { source }, 5)).toEqual({ atOnce: ['2026-10-26'], next: '2026-12-26', coming: ['2026-12-26'] });
    expect(firstNewInvoice(rule('monthly', '2026-11-26'), source, new Date('2026-11-26T12:00:00Z'), 'Africa/Nairobi')).toEqual({
      date: '2026-12-26',
      today: false,
    });
    expect(nextOccurrenceIndex(rule('monthly', '2026-11-26'), 0, source)).toBe(1);
  });
});

describe('sourceOccurrence: which occurrence the invoice being repeated stands for', () => {
  const monthly = (start_date: string, count: number | null = null): RecurringRule => ({
    frequency: 'monthly',
    interval: 1,
    start_date,
    end_date: null,
    count,
  });
  it('is its index when an occurrence falls on the invoice date, else null', () => {
    expect(sourceOccurrence(monthly('2026-11-26'), { issue_date: '2026-11-26' })).toBe(0);
    expect(sourceOccurrence(monthly('2026-09-26'), { issue_date: '2026-11-26' })).toBe(2);
    expect(sourceOccurrence(monthly('2026-09-26', 2), { issue_date: '2026-11-26' })).toBeNull();
    expect(sourceOccurrence(monthly('2026-09-20'), { issue_date: '2026-11-26' })).toBeNull();
    expect(sourceOccurrence(monthly('2026-12-26'), { issue_date: '2026-11-26' })).toBeNull();
    expect(sourceOccurrence(monthly('2026-11-26'))).toBeNull();
  });
});
