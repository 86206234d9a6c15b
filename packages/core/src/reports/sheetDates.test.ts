import { describe, expect, it } from 'vitest';
import { dateOrderForCountry } from '../orders/dates';
import { parseSheetDate, rowToRecord, sheetDateOrder } from './csv';

describe('CSV dates: the order is read from the file (t16)', () => {
  it('a value over 12 in the first place means day first; in the second, month first', () => {
    expect(sheetDateOrder(['05/03/2026', '15/12/2026', '2026-01-02'], 'mdy')).toEqual({ order: 'dmy', from: 'file', example: '15/12/2026' });
    expect(sheetDateOrder(['05/03/2026', '12/15/2026'], 'dmy')).toEqual({ order: 'mdy', from: 'file', example: '12/15/2026' });
    expect(sheetDateOrder(['1.20.2026'], 'dmy')).toMatchObject({ order: 'mdy', from: 'file' });
  });
  it('dates that read both ways follow the business country: day first in Kenya, month first in the US', () => {
    const values = ['05/03/2026', '01/02/2026', '07/07/2026'];
    expect(sheetDateOrder(values, dateOrderForCountry('KE'))).toEqual({ order: 'dmy', from: 'country', example: '05/03/2026' });
    expect(sheetDateOrder(values, dateOrderForCountry('US'))).toEqual({ order: 'mdy', from: 'country', example: '05/03/2026' });
    expect(sheetDateOrder(['2026-03-05', '', 'soon'], 'dmy')).toEqual({ order: 'dmy', from: 'country', example: null });
  });
  it('a file with both kinds is "mixed": the country order, and the row that cannot fit is named', () => {
    expect(sheetDateOrder(['15/12/2026', '12/15/2026'], 'dmy')).toEqual({ order: 'dmy', from: 'mixed', example: '15/12/2026', other: '12/15/2026' });
    expect(sheetDateOrder(['15/12/2026', '12/15/2026'], 'mdy')).toEqual({ order: 'mdy', from: 'mixed', example: '12/15/2026', other: '15/12/2026' });
  });
  it('each row is read in the chosen order; a day that cannot be is a problem with an example in that order', () => {
    expect(parseSheetDate('12/15/2026', 'mdy')).toBe('2026-12-15');
    expect(parseSheetDate('12/15/2026', 'dmy')).toBeNull();
    expect(parseSheetDate('05/03/2026', 'mdy')).toBe('2026-05-03');
    expect(parseSheetDate('05/03/2026')).toBe('2026-03-05');
    expect(parseSheetDate('2026-12-15', 'mdy')).toBe('2026-12-15');
    const row = (date: string, date_order?: 'dmy' | 'mdy') =>
      rowToRecord('expenses', { date, amount: '100', category: 'Rent' }, { currency: 'KES', date_order });
    expect(row('12/15/2026', 'mdy')).toMatchObject({ ok: true, data: { date: '2026-12-15' } });
    expect(row('05/03/2026', 'mdy')).toMatchObject({ ok: true, data: { date: '2026-05-03' } });
    expect(row('05/03/2026')).toMatchObject({ ok: true, data: { date: '2026-03-05' } });
    expect(row('15/12/2026', 'mdy')).toMatchObject({ ok: false, errors: { date: { code: 'notDate', value: '15/12/2026', example: '03/05/2026' } } });
  });
});
