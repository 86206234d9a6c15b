import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDateTimeIn, formatMonth, formatTime } from './date-time';
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

// Issue 23 (t15b): new screens showed "11/26/2026" and "Nov 26, 2026, 7:36 PM"; SPEC §9 writes "26 Nov 26".
describe('dates with a time, and months, in the app’s format', () => {
  const at = new Date(2026, 10, 26, 19, 36); // on this machine's clock, as the device shows it
  it('writes SPEC’s date and a 24-hour time in en, fr and sw', () => {
    expect(formatTime(at)).toBe('19:36');
    expect(formatDateTime(at, 'en')).toBe('26 Nov 26, 19:36');
    expect(formatDateTime(at, 'fr')).toBe(`${formatDate(at, 'fr')} à 19:36`);
    expect(formatDateTime(at, 'sw')).toBe(`${formatDate(at, 'sw')}, 19:36`);
    expect(formatDateTime(at.toISOString(), 'en')).toBe('26 Nov 26, 19:36');
    expect(formatDateTime('not a date', 'en')).toBe('');
    expect(formatDateTime(new Date(2026, 0, 5, 7, 5), 'en')).toBe('5 Jan 26, 07:05');
  });
  it('writes an instant on a business’s clock, whatever the device’s zone (t17 K5)', () => {
    const at = '2026-11-27T02:49:10.000Z';
    expect(formatDateTimeIn(at, 'Africa/Nairobi', 'en')).toBe('27 Nov 26, 05:49');
    expect(formatDateTimeIn(at, 'UTC', 'en')).toBe('27 Nov 26, 02:49');
    expect(formatDateTimeIn('2026-11-26T21:30:00Z', 'Africa/Nairobi', 'fr')).toBe(`${formatDate('2026-11-27', 'fr')} à 00:30`);
    expect(formatDateTimeIn(at, 'Not/AZone', 'en')).toBe(formatDateTime(at, 'en'));
    expect(formatDateTimeIn('not a date', 'Africa/Nairobi', 'en')).toBe('');
  });
  it('writes a month short or long in each language, and leaves what is no month as it came', () => {
    expect(formatMonth('2026-11', 'short', 'en')).toBe('Nov 2026');
    expect(formatMonth('2026-11', 'long', 'en')).toBe('November 2026');
    expect(formatMonth('2026-11', 'long', 'fr')).toBe('novembre 2026');
    expect(formatMonth('2026-11', 'long', 'sw')).toMatch(/Novemba 2026/);
    expect(formatMonth('later', 'short', 'en')).toBe('later');
  });
});
