import { describe, expect, it } from 'vitest';
import { madeAtOnce, type RecurringValues } from './RecurringForm';

// Issue 23 item 1: making an invoice repeat must not bill again today without asking.
describe('what a new repeat would make at once', () => {
  const v = (start_date: string, extra: Partial<RecurringValues> = {}): RecurringValues => ({
    frequency: 'monthly',
    interval: 1,
    start_date,
    end_date: null,
    count: null,
    send_mode: 'send',
    ...extra,
  });
  const source = { issue_date: '2026-11-25' };

  it('nothing when it starts on the invoice’s own date: that invoice is the first', () => {
    expect(madeAtOnce(v('2026-11-25'), source, '2026-11-25')).toEqual([]);
  });
  it('today’s invoice when it starts today on another date than the invoice’s', () => {
    expect(madeAtOnce(v('2026-11-25'), { issue_date: '2026-11-20' }, '2026-11-25')).toEqual(['2026-11-25']);
  });
  it('one for each date already passed, within the count', () => {
    expect(madeAtOnce(v('2026-09-01'), source, '2026-11-25')).toEqual(['2026-09-01', '2026-10-01', '2026-11-01']);
    expect(madeAtOnce(v('2026-09-01', { count: 2 }), source, '2026-11-25')).toEqual(['2026-09-01', '2026-10-01']);
  });
  it('nothing for a start date to come', () => {
    expect(madeAtOnce(v('2026-12-01'), source, '2026-11-25')).toEqual([]);
  });

  it('an edit asks too: a schedule that made nothing, moved to start today', () => {
    const made = { generated: 0, status: 'active' as const };
    expect(madeAtOnce(v('2026-11-25'), { issue_date: '2026-11-20' }, '2026-11-25', made)).toEqual(['2026-11-25']);
    // Moved to its invoice's own date: that invoice is the first, nothing is made.
    expect(madeAtOnce(v('2026-11-20'), { issue_date: '2026-11-20' }, '2026-11-25', made)).toEqual([]);
  });
  it('an edit of a running schedule counts from what it already made; a paused one makes nothing', () => {
    // Started 2026-09-01, two made (09-01, 10-01): switching to weekly from the same start makes the missed weeks.
    const running = { generated: 2, status: 'active' as const };
    expect(madeAtOnce(v('2026-09-01'), undefined, '2026-11-25', running)).toEqual(['2026-11-01']);
    expect(madeAtOnce(v('2026-09-01', { frequency: 'weekly' }), undefined, '2026-09-20', running)).toEqual(['2026-09-15']);
    expect(madeAtOnce(v('2026-09-01'), undefined, '2026-11-25', { generated: 2, status: 'paused' })).toEqual([]);
  });
});
