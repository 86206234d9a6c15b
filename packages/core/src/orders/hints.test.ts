import { describe, expect, it } from 'vitest';
import { currencyForCountry } from '../accounts';
import { isLanguage } from '../constants/languages';
import { COUNTER_EXAMPLES_BY_COUNTRY, counterExample, ORDER_EXAMPLES, orderExample } from './hints';
import { parseOrder } from './parse';

// The example shown in the order box is an order the parser reads whole, in that country's currency.
const NAMES: Record<string, string> = {
  NG: 'Nigeria', KE: 'Kenya', GH: 'Ghana', UG: 'Uganda', RW: 'Rwanda', ZM: 'Zambia',
  CM: 'Cameron', TZ: 'Tanzania', ZA: 'South Africa', ET: 'Ethiopia', ZW: 'Zimbabwe',
}; // prettier-ignore

describe('the order box example of each country (orderExample)', () => {
  it('exists in English for each of the eleven countries, in French for Cameroon and Rwanda, in Swahili for Kenya and Tanzania', () => {
    expect(Object.keys(ORDER_EXAMPLES).sort()).toEqual(Object.keys(NAMES).sort());
    for (const [code, name] of Object.entries(NAMES)) {
      expect(orderExample(name, 'en')).toBe(ORDER_EXAMPLES[code].en);
      expect(orderExample(code, 'en')).toBe(ORDER_EXAMPLES[code].en);
    }
    expect(orderExample('Cameroon', 'fr')).toContain('pour Ngono');
    expect(orderExample('Rwanda', 'fr')).toContain('pour Uwase');
    expect(orderExample('Kenya', 'sw')).toContain('kwa Wanjiku');
    expect(orderExample('Tanzania', 'sw')).toContain('kwa Neema');
    expect(orderExample('Nigeria', 'sw')).toBeNull();
    expect(orderExample('France', 'en')).toBeNull();
    expect(orderExample('', 'en')).toBeNull();
    expect(orderExample(null, 'fr')).toBeNull();
  });

  it('reads whole: one priced item for a new client, a priced delivery line, a due date, nothing left unread', () => {
    for (const [code, byLanguage] of Object.entries(ORDER_EXAMPLES)) {
      for (const [language, text] of Object.entries(byLanguage)) {
        expect(isLanguage(language)).toBe(true);
        const currency = currencyForCountry(NAMES[code]);
        const draft = parseOrder(text!, { catalog: [], contacts: [], fees: [], currency, today: '2026-11-25', date_order: 'dmy' });
        const where = `${code} ${language}: ${text}`;
        expect(draft.remainder, where).toEqual([]);
        expect(draft.client?.contact_id, where).toBeNull();
        expect(text, where).toContain(draft.client!.name);
        expect(draft.lines, where).toHaveLength(2);
        const [item, delivery] = draft.lines;
        expect(item.quantity, where).toBeGreaterThan(1);
        expect(item.unit_price, where).toBeGreaterThan(0);
        expect(delivery.quantity, where).toBe(1);
        expect(delivery.unit_price, where).toBeGreaterThan(0);
        expect(draft.due_date, where).toBe('2026-11-27');
      }
    }
  });

  it('prices each in the currency’s minor units (Kenya: KSh 1,500 = 150,000 cents; Uganda: USh 60,000 has no cents)', () => {
    const read = (code: string, language: 'en' | 'sw') =>
      parseOrder(ORDER_EXAMPLES[code][language]!, {
        catalog: [],
        contacts: [],
        fees: [],
        currency: currencyForCountry(NAMES[code]),
        today: '2026-11-25',
      }).lines.map((l) => [l.quantity, l.unit_price]);
    expect(read('KE', 'en')).toEqual([
      [3, 150_000],
      [1, 20_000],
    ]);
    expect(read('KE', 'sw')).toEqual([
      [3, 150_000],
      [1, 20_000],
    ]);
    expect(read('UG', 'en')).toEqual([
      [2, 60_000],
      [1, 5_000],
    ]);
    expect(read('ZM', 'en')).toEqual([
      [2, 15_000],
      [1, 5_000],
    ]);
  });
});

describe('the counter example of each country (counterExample, the Sell screen)', () => {
  it('exists for each of the eleven countries in the languages spoken there, none elsewhere', () => {
    expect(Object.keys(COUNTER_EXAMPLES_BY_COUNTRY).sort()).toEqual(Object.keys(NAMES).sort());
    expect(counterExample('Zimbabwe', 'en')).toBe('2 soap, 3 bread at 1, for Tendai');
    expect(counterExample('Cameroon', 'fr')).toContain('pour Ngono');
    expect(counterExample('TZ', 'sw')).toContain('kwa Neema');
    expect(counterExample('Ethiopia', 'sw')).toBeNull();
    expect(counterExample('France', 'en')).toBeNull();
    expect(counterExample(undefined, 'en')).toBeNull();
  });

  it('reads whole at the counter: an item to price, a priced one, a new client, nothing left unread', () => {
    for (const [code, byLanguage] of Object.entries(COUNTER_EXAMPLES_BY_COUNTRY)) {
      for (const [language, text] of Object.entries(byLanguage)) {
        const currency = currencyForCountry(NAMES[code]);
        const draft = parseOrder(text!, { catalog: [], contacts: [], fees: [], currency, today: '2026-11-25' });
        const where = `${code} ${language}: ${text}`;
        expect(draft.remainder, where).toEqual([]);
        expect(draft.client?.contact_id, where).toBeNull();
        expect(text, where).toContain(draft.client!.name);
        expect(
          draft.lines.map((l) => l.quantity),
          where,
        ).toEqual([2, 3]);
        expect(draft.lines[0].unit_price, where).toBeNull();
        expect(draft.lines[1].unit_price, where).toBeGreaterThan(0);
      }
    }
  });

  it('prices bread in the currency of the country (Zimbabwe: $1 = 100 cents; Uganda: USh 5,000 has no cents)', () => {
    const bread = (code: string) =>
      parseOrder(COUNTER_EXAMPLES_BY_COUNTRY[code].en!, { catalog: [], contacts: [], fees: [], currency: currencyForCountry(NAMES[code]), today: '2026-11-25' })
        .lines[1].unit_price;
    expect(bread('ZW')).toBe(100);
    expect(bread('UG')).toBe(5_000);
    expect(bread('NG')).toBe(120_000);
  });
});
