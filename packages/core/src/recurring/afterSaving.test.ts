import { describe, expect, it } from 'vitest';
import { afterSaving } from './source';
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
