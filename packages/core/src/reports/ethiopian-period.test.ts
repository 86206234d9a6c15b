import { describe, expect, it } from 'vitest';
import { ethiopianMonthName, ethiopianVatMonth, ethiopicDate, filesByEthiopianMonths, vatPresetPeriod } from './ethiopian-period';
import { presetPeriod } from './period';

describe("Ethiopia's VAT accounting months (VAT Proclamation 1341/2024)", () => {
  it('reads Ethiopian dates: Meskerem 1, 2019 is 11 September 2026; Pagume has 6 days in 2019', () => {
    expect(ethiopicDate('2026-09-11')).toEqual({ year: 2019, month: 1, day: 1 });
    expect(ethiopicDate('2027-09-11')).toEqual({ year: 2019, month: 13, day: 6 });
    expect(ethiopicDate('2027-09-12')).toEqual({ year: 2020, month: 1, day: 1 });
  });

  it('gives the Gregorian days of the month holding a day; Nehasse runs on to the end of Pagume', () => {
    expect(ethiopianVatMonth('2026-11-29')).toEqual({ from: '2026-11-10', to: '2026-12-09' });
    expect(ethiopianVatMonth('2026-11-10')).toEqual({ from: '2026-11-10', to: '2026-12-09' });
    expect(ethiopianVatMonth('2026-11-09')).toEqual({ from: '2026-10-11', to: '2026-11-09' });
    // Nehasse 2019 (7 August 2027) with the 6 days of Pagume: 36 days, whichever of them is asked.
    expect(ethiopianVatMonth('2027-08-20')).toEqual({ from: '2027-08-07', to: '2027-09-11' });
    expect(ethiopianVatMonth('2027-09-08')).toEqual({ from: '2027-08-07', to: '2027-09-11' });
    // 2018's Pagume has 5 days.
    expect(ethiopianVatMonth('2026-09-10')).toEqual({ from: '2026-08-07', to: '2026-09-10' });
  });

  it('uses them for an Ethiopian business’s this and last month only', () => {
    expect(vatPresetPeriod('this_month', '2026-11-29', 'Ethiopia')).toEqual({ from: '2026-11-10', to: '2026-12-09' });
    expect(vatPresetPeriod('last_month', '2026-11-29', 'ET')).toEqual({ from: '2026-10-11', to: '2026-11-09' });
    expect(vatPresetPeriod('last_month', '2027-09-15', 'Ethiopia')).toEqual({ from: '2027-08-07', to: '2027-09-11' });
    expect(vatPresetPeriod('this_quarter', '2026-11-29', 'Ethiopia')).toEqual(presetPeriod('this_quarter', '2026-11-29'));
    expect(vatPresetPeriod('this_month', '2026-11-29', 'Kenya')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(filesByEthiopianMonths(null)).toBe(false);
  });

  it('names the month as Ethiopians write it in Latin letters', () => {
    expect(ethiopianMonthName({ from: '2026-11-10', to: '2026-12-09' }, 'en')).toBe('Hedar 2019');
    expect(ethiopianMonthName({ from: '2026-11-10', to: '2026-12-09' }, 'fr')).toBe('Hedar 2019');
    expect(ethiopianMonthName({ from: '2027-08-07', to: '2027-09-11' }, 'en')).toBe('Nehasse 2019');
  });
});
