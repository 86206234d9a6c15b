import { describe, expect, it } from 'vitest';
import { i18next } from '../../i18n';
import { recurringErrors } from './RecurringForm';
import { summaryOf } from './RecurringPanel';

describe('recurring invoices on the device', () => {
  const base = { frequency: 'monthly' as const, interval: '2', start_date: '2026-12-01', ends: 'never' as const, end_date: '', count: '12' };

  it('checks what the owner entered before asking the server', () => {
    expect(recurringErrors(base)).toEqual({});
    expect(recurringErrors({ ...base, start_date: '2026-02-30' })).toEqual({ start_date: 'errors.startDate' });
    expect(recurringErrors({ ...base, ends: 'on', end_date: '2026-11-30' })).toEqual({ end_date: 'errors.endDate' });
    expect(recurringErrors({ ...base, ends: 'on', end_date: '2026-12-01' })).toEqual({});
    expect(recurringErrors({ ...base, ends: 'after', count: '0' })).toEqual({ count: 'errors.count' });
    expect(recurringErrors({ ...base, ends: 'after', count: '2.5' })).toEqual({ count: 'errors.count' });
    expect(recurringErrors({ ...base, frequency: 'months', interval: '37' })).toEqual({ interval: 'errors.interval' });
    expect(recurringErrors({ ...base, frequency: 'months', interval: '3' })).toEqual({});
  });

  it('says how often in words', () => {
    const t = i18next.getFixedT('en', 'recurring');
    expect(summaryOf({ frequency: 'monthly', interval: 1 }, t)).toBe('Every month');
    expect(summaryOf({ frequency: 'months', interval: 3 }, t)).toBe('Every 3 months');
    expect(summaryOf({ frequency: 'weekly', interval: 2 }, t)).toBe('Every 2 weeks');
    expect(summaryOf({ frequency: 'yearly', interval: 1 }, t)).toBe('Every year');
  });
});
