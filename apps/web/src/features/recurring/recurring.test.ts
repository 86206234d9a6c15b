import { RECURRING_LIMITS, recurringCreateSchema } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { ensure, i18next } from '../../i18n';
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
    // The server's date bounds: from 2000, at most a year back, at most ten years ahead; an edited schedule keeps its own start.
    const today = '2026-11-25';
    expect(recurringErrors({ ...base, start_date: '1999-12-31' }, { today })).toEqual({ start_date: 'errors.startTooOld' });
    expect(recurringErrors({ ...base, start_date: '2025-11-23' }, { today })).toEqual({ start_date: 'errors.startTooOld' });
    expect(recurringErrors({ ...base, start_date: '2025-12-01' }, { today })).toEqual({});
    expect(recurringErrors({ ...base, start_date: '2037-01-01' }, { today })).toEqual({ start_date: 'errors.startTooFar' });
    expect(recurringErrors({ ...base, start_date: '2024-01-01' }, { today, fixedStart: '2024-01-01' })).toEqual({});
  });

  it("takes its bounds from core's schedule limits, the server's own, and names them in the message", async () => {
    const { maxCount, maxInterval } = RECURRING_LIMITS;
    const serverAccepts = (v: object) =>
      recurringCreateSchema.safeParse({ invoice_id: crypto.randomUUID(), frequency: 'months', start_date: '2026-12-01', ...v }).success;
    for (const [count, ok] of [
      [maxCount, true],
      [maxCount + 1, false],
    ] as const) {
      expect(recurringErrors({ ...base, ends: 'after', count: String(count) })).toEqual(ok ? {} : { count: 'errors.count' });
      expect(serverAccepts({ count })).toBe(ok);
    }
    for (const [interval, ok] of [
      [maxInterval, true],
      [maxInterval + 1, false],
    ] as const) {
      expect(recurringErrors({ ...base, frequency: 'months', interval: String(interval) })).toEqual(ok ? {} : { interval: 'errors.interval' });
      expect(serverAccepts({ interval })).toBe(ok);
    }
    await Promise.all([ensure('fr', 'recurring'), ensure('sw', 'recurring')]);
    for (const language of ['en', 'fr', 'sw']) {
      const t = i18next.getFixedT(language, 'recurring');
      expect(t('errors.count', RECURRING_LIMITS), language).toContain(String(maxCount));
      expect(t('errors.interval', RECURRING_LIMITS), language).toContain(String(maxInterval));
    }
  });

  it('says how often in words', () => {
    const t = i18next.getFixedT('en', 'recurring');
    expect(summaryOf({ frequency: 'monthly', interval: 1 }, t)).toBe('Every month');
    expect(summaryOf({ frequency: 'months', interval: 3 }, t)).toBe('Every 3 months');
    expect(summaryOf({ frequency: 'weekly', interval: 2 }, t)).toBe('Every 2 weeks');
    expect(summaryOf({ frequency: 'yearly', interval: 1 }, t)).toBe('Every year');
  });
});
