import { describe, expect, it } from 'vitest';
import { addDays, formatDate } from './dates';
import { parseAppDate } from './parse-date';

describe('dates typed as the app writes them (issue 23)', () => {
  it('reads back every date the app writes, in en, fr and sw', () => {
    for (const language of ['en', 'fr', 'sw'] as const)
      for (let iso = '2026-01-01'; iso <= '2027-01-31'; iso = addDays(iso, 1)) expect(parseAppDate(formatDate(iso, language), language)).toBe(iso);
  });

  it('reads numbers day first, ISO, long names, English names on any screen, and refuses what is no date', () => {
    expect(parseAppDate('5/3/26', 'en')).toBe('2026-03-05');
    expect(parseAppDate('05-03-2026', 'fr')).toBe('2026-03-05');
    expect(parseAppDate('2026-03-05', 'sw')).toBe('2026-03-05');
    expect(parseAppDate('5 March 2026', 'en')).toBe('2026-03-05');
    expect(parseAppDate('1er février 2026', 'fr')).toBe('2026-02-01');
    expect(parseAppDate('1 fevr 26', 'fr')).toBe('2026-02-01');
    expect(parseAppDate('5 Machi 2026', 'sw')).toBe('2026-03-05');
    expect(parseAppDate('5 Aug 26', 'fr')).toBe('2026-08-05');
    for (const bad of ['', '31 Feb 26', '30/2/2026', '5 Foo 26', 'yesterday', '2026-13-01', '5 Mar']) expect(parseAppDate(bad, 'en'), bad).toBeNull();
  });
});
