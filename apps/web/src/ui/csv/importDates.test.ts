import 'fake-indexeddb/auto';
import { guessMapping } from '@duka/core';
import { afterEach, describe, expect, it } from 'vitest';
import { i18next, setLanguage } from '../../i18n';
import { parseCsvText } from './file';
import { buildPreview, fileDateOrder, mapRow } from './importer';
import { importProblemMessage } from './problems';
import './strings';

afterEach(() => setLanguage('en'));

function read(text: string, country: string, order?: 'dmy' | 'mdy') {
  const parsed = parseCsvText(text);
  const mapping = guessMapping('expenses', parsed.headers);
  const values = parsed.rows.map((c) => mapRow('expenses', c, mapping));
  const dates = fileDateOrder('expenses', values, country);
  const rows = buildPreview('expenses', values, new Set(), { currency: 'KES', country, date_order: order ?? dates?.order });
  return { dates, rows };
}
const dateOf = (r: ReturnType<typeof read>['rows'][number]) => (r.result.ok ? r.result.data.date : null);

describe('CSV import of expenses: the date order comes from the file (t16)', () => {
  it('12/15/2026 makes the whole column month first, in a day-first country', () => {
    const { dates, rows } = read('date,amount,category\n12/15/2026,100,Rent\n01/02/2026,50,Transport\n', 'KE');
    expect(dates).toEqual({ order: 'mdy', from: 'file', example: '12/15/2026' });
    expect(rows.map(dateOf)).toEqual(['2026-12-15', '2026-01-02']);
  });
  it('a column that reads both ways follows the country; switching reads every row again', () => {
    const text = 'date,amount,category\n05/03/2026,100,Rent\n';
    expect(read(text, 'Kenya').dates).toMatchObject({ order: 'dmy', from: 'country' });
    expect(read(text, 'Kenya').rows.map(dateOf)).toEqual(['2026-03-05']);
    expect(read(text, 'US').dates).toMatchObject({ order: 'mdy', from: 'country' });
    expect(read(text, 'US').rows.map(dateOf)).toEqual(['2026-05-03']);
    expect(read(text, 'Kenya', 'mdy').rows.map(dateOf)).toEqual(['2026-05-03']);
  });
  it('a date that cannot be in the chosen order is a row problem naming how to write it, in en/fr/sw', async () => {
    const { rows } = read('date,amount,category\n12/15/2026,100,Rent\n', 'KE', 'dmy');
    const problem = rows[0]!.result.ok ? null : rows[0]!.result.errors.date!;
    const words = async (lng: 'en' | 'fr' | 'sw') => {
      await setLanguage(lng);
      return importProblemMessage(i18next.getFixedT(lng, 'csv'), 'Date', problem!);
    };
    expect(await words('en')).toBe('Date: "12/15/2026" is not a date (use 2026-03-05 or 05/03/2026)');
    expect(await words('fr')).toBe('Date : « 12/15/2026 » n’est pas une date (écrivez 2026-03-05 ou 05/03/2026)');
    expect(await words('sw')).toBe('Date: "12/15/2026" si tarehe (tumia 2026-03-05 au 05/03/2026)');
    await setLanguage('en');
    const mdy = read('date,amount,category\n15/12/2026,100,Rent\n', 'US', 'mdy').rows[0]!;
    expect(importProblemMessage(i18next.getFixedT('en', 'csv'), 'Date', mdy.result.ok ? (null as never) : mdy.result.errors.date!)).toBe(
      'Date: "15/12/2026" is not a date (use 2026-03-05 or 03/05/2026)',
    );
  });
  it('other imports have no date order', () => {
    expect(fileDateOrder('contacts', [{ name: 'Ada' }], 'KE')).toBeNull();
  });
});
