import { describe, expect, it } from 'vitest';
import { latestRate, parseRate } from './exchangeRate';

describe('exchange rates as typed', () => {
  it('reads a rate with a dot or a comma, and refuses grouping, zero and more than 6 decimals', () => {
    expect(parseRate('1530.25')).toBe(1530.25);
    expect(parseRate(' 26,8 ')).toBe(26.8);
    expect(parseRate('1,530.25')).toBeNull();
    expect(parseRate('0')).toBeNull();
    expect(parseRate('1.1234567')).toBeNull();
    expect(parseRate('')).toBeNull();
  });

  it('offers the rate of the latest day in that currency, never one of another currency', () => {
    const expenses = [
      { currency: 'USD', date: '2026-03-01', exchange_rate: 26.5 },
      { currency: 'USD', date: '2026-03-09', exchange_rate: 26.8 },
      { currency: 'USD', date: '2026-03-12', exchange_rate: null },
      { currency: 'ZAR', date: '2026-03-20', exchange_rate: 1.45 },
    ];
    expect(latestRate(expenses, 'USD', (e) => e.date)).toBe('26.8');
    expect(latestRate(expenses, 'ZAR', (e) => e.date)).toBe('1.45');
    expect(latestRate(expenses, 'EUR', (e) => e.date)).toBe('');
    expect(latestRate(undefined, 'USD', (e: { currency: string; date: string }) => e.date)).toBe('');
  });
});
