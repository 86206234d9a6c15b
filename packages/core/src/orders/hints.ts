import type { Language } from '../constants/languages';

/**
 * The order box's example, in the owner's own country: its goods, a usual name, prices in its currency (an example
 * in naira and agbada told a Kenyan shop little). Each one reads whole with the parser, with no catalog, clients or
 * fees (hints.test.ts): the owner can type it as shown. Only the languages spoken in that country have one; anything
 * else keeps the language's own example (the order box's `boxHint`).
 */
const EXAMPLES: Record<string, { names: string[]; hints: Partial<Record<Language, string>> }> = {
  NG: { names: ['nigeria'], hints: { en: '2 agbada 25k each for Chinedu, delivery 3k, due Friday' } },
  KE: {
    names: ['kenya'],
    hints: {
      en: '3 kitenge 1,500 each for Wanjiku, delivery 200, due Friday',
      sw: 'vitenge 3 bei 1,500 kila kimoja kwa Wanjiku, usafirishaji 200, Ijumaa',
    },
  },
  GH: { names: ['ghana'], hints: { en: '2 kente 400 each for Kwame, delivery 30, due Friday' } },
  UG: { names: ['uganda'], hints: { en: '2 gomesi 60k each for Nakato, delivery 5k, due Friday' } },
  RW: {
    names: ['rwanda'],
    hints: {
      en: '3 igitenge 15k each for Uwase, delivery 2k, due Friday',
      fr: '3 igitenge à 15 000 chacun pour Uwase, livraison 2000, vendredi',
    },
  },
  ZM: { names: ['zambia'], hints: { en: '2 chitenge 150 each for Mwila, delivery 50, due Friday' } },
  CM: {
    names: ['cameron', 'cameroon', 'cameroun'],
    hints: {
      en: '2 kaba 15k each for Ngono, delivery 1k, due Friday',
      fr: '2 kabas à 15 000 chacun pour Ngono, livraison 1000, vendredi',
    },
  },
  TZ: {
    names: ['tanzania'],
    hints: {
      en: '3 kanga 15,000 each for Neema, delivery 2,000, due Friday',
      sw: 'kanga 3 bei 15,000 kila moja kwa Neema, usafirishaji 2,000, Ijumaa',
    },
  },
  ZA: { names: ['south africa'], hints: { en: '2 shweshwe dresses 450 each for Thabo, delivery 60, due Friday' } },
  ET: { names: ['ethiopia'], hints: { en: '2 habesha kemis 2,500 each for Abebe, delivery 200, due Friday' } },
  ZW: { names: ['zimbabwe'], hints: { en: '2 school uniforms 25 each for Tendai, delivery 5, due Friday' } },
};

/**
 * The counter's example (the Sell screen's order box): everyday goods, a usual name, and a price a loaf of bread has in
 * that country's currency (bread "at 1200" is naira: a Zimbabwean loaf is $1, a Ugandan one USh 5,000).
 */
const COUNTER_EXAMPLES: Record<string, Partial<Record<Language, string>>> = {
  NG: { en: '2 soap, 3 bread at 1200, for Chinedu' },
  KE: { en: '2 soap, 3 bread at 70, for Wanjiku', sw: 'sabuni 2, mikate 3 bei 70, kwa Wanjiku' },
  GH: { en: '2 soap, 3 bread at 15, for Kofi' },
  UG: { en: '2 soap, 3 bread at 5000, for Nakato' },
  RW: { en: '2 soap, 3 bread at 1500, for Uwase', fr: '2 savons, 3 pains à 1500, pour Uwase' },
  ZM: { en: '2 soap, 3 bread at 30, for Mwila' },
  CM: { en: '2 soap, 3 bread at 250, for Ngono', fr: '2 savons, 3 pains à 250, pour Ngono' },
  TZ: { en: '2 soap, 3 bread at 2000, for Neema', sw: 'sabuni 2, mikate 3 bei 2000, kwa Neema' },
  ZA: { en: '2 soap, 3 bread at 20, for Thabo' },
  ET: { en: '2 soap, 3 bread at 20, for Abebe' },
  ZW: { en: '2 soap, 3 bread at 1, for Tendai' },
};

/** The ISO code of one of the eleven countries (a name as stored, or its code), else null. */
function exampleCountry(country: string | null | undefined): string | null {
  const q = (country ?? '').trim().toLowerCase();
  if (!q) return null;
  if (EXAMPLES[q.toUpperCase()]) return q.toUpperCase();
  return Object.entries(EXAMPLES).find(([, e]) => e.names.includes(q))?.[0] ?? null;
}

/** The example order for a business in `country` (a name as stored, or its ISO code) in `language`, else null. */
export function orderExample(country: string | null | undefined, language: Language): string | null {
  const code = exampleCountry(country);
  return code ? (EXAMPLES[code].hints[language] ?? null) : null;
}

/** The counter's example sale for a business in `country` in `language`, else null (the language's own example). */
export function counterExample(country: string | null | undefined, language: Language): string | null {
  const code = exampleCountry(country);
  return code ? (COUNTER_EXAMPLES[code]?.[language] ?? null) : null;
}

/** Every country's examples, for the tests (code → language → example). */
export const ORDER_EXAMPLES: Readonly<Record<string, Partial<Record<Language, string>>>> = Object.fromEntries(
  Object.entries(EXAMPLES).map(([code, e]) => [code, e.hints]),
);

/** Every country's counter examples, for the tests (code → language → example). */
export const COUNTER_EXAMPLES_BY_COUNTRY: Readonly<Record<string, Partial<Record<Language, string>>>> = COUNTER_EXAMPLES;
