import { findCountry } from '@duka/core';
import type { GeneratedText } from '../provider';
import { type AgeKey, say, sayEach } from './say';
import { cap, clause, detectSector, type Lang, list, lower1, placeIn, products, type Rng, title } from './text';

const NAMES: Record<string, string[]> = {
  NG: ['Tolu', 'Chinedu', 'Aisha', 'Emeka', 'Ngozi', 'Musa', 'Funke', 'Ibrahim'],
  KE: ['Wanjiru', 'Kamau', 'Achieng', 'Otieno', 'Njeri', 'Mutua'],
  GH: ['Ama', 'Kofi', 'Akosua', 'Kwame', 'Efua', 'Yaw'],
  ZA: ['Thandi', 'Sipho', 'Lerato', 'Themba', 'Naledi'],
  UG: ['Nakato', 'Mukasa', 'Apio', 'Ssemanda'],
  TZ: ['Neema', 'Baraka', 'Rehema', 'Juma'],
  FR: ['Aminata', 'Moussa', 'Fatou', 'Koffi', 'Awa', 'Ibrahima'],
  XX: ['Amara', 'Sam', 'Grace', 'David', 'Maya', 'Daniel'],
};
const FRANCOPHONE = new Set(['SN', 'CI', 'CM', 'ML', 'BF', 'BJ', 'TG', 'NE', 'GN', 'CD', 'CG', 'GA', 'FR', 'BE', 'MA', 'TN', 'DZ', 'RW', 'MG']);

type Age = 'Young' | 'Middle Age' | 'Aged';
/**
 * Each age group's strings' name (jobs, channels, how they pay, what they value). Issue 29: no age in years is
 * stated (the owner gives an age group at most): the texts carry a marked blank, as for the income.
 */
const AGE: Record<Age, { key: AgeKey }> = {
  Young: { key: 'young' },
  'Middle Age': { key: 'middle' },
  Aged: { key: 'aged' },
};

/** What an age reads like in a language: its label, a job, channels and values to draw from, how it pays. */
function ageWords(age: Age, lang: Lang) {
  const k = AGE[age].key;
  return {
    label: say(lang, `age.${k}.label`),
    jobs: sayEach(lang, `age.${k}.jobs`),
    channels: sayEach(lang, `age.${k}.channels`),
    values: sayEach(lang, `age.${k}.values`),
    pay: say(lang, `age.${k}.pay`),
  };
}

function where(countryName: string, place: string | undefined, lang: Lang): string {
  if (place && countryName) return `${place}, ${countryName}`;
  return place || countryName || say(lang, 'yourCity');
}

/** A business that sells to other businesses ("solar lamps to small shops"): its customer is an owner, not a student. */
const SELLS_TO_BUSINESSES =
  /\b(?:to|for)\s+(?:small\s+|local\s+)?(?:shops|stores|businesses|retailers|restaurants|hotels|schools|offices|kiosks|supermarkets|salons)\b|\bwholesale\b|\b(?:aux|pour\s+les)\s+(?:petites\s+)?(?:boutiques|commerçants|entreprises|restaurants|hôtels|écoles)\b|\bgrossiste\b|\bmaduka\b|\bbiashara\s+ndogo\b|\bjumla\b/iu;

/** The user's ideal customer for the business, in a country. */
export function idealCustomer(fields: Record<string, string>, lang: Lang, rng: Rng): GeneratedText {
  const desc = clause(fields.description);
  const country = findCountry(fields.country ?? '');
  const countryName = country?.name ?? fields.country ?? '';
  const names = NAMES[country?.code ?? ''] ?? (country && FRANCOPHONE.has(country.code) ? NAMES.FR : NAMES.XX);
  const name = rng.pick(names);
  const sector = detectSector(desc);
  // The age group only flavours the habits below; no age is stated (the owner did not give one).
  const a = ageWords(rng.pick(['Young', 'Middle Age'] as const), lang);
  const picked = rng.pick(a.jobs);
  const job = SELLS_TO_BUSINESSES.test(fields.description ?? '') ? say(lang, 'ideal.businessBuyer') : picked;
  const kws = products(desc, 2);
  const main = kws[0] ?? say(lang, 'ideal.yourOffer');
  const place = where(countryName, placeIn(fields.description), lang);
  // Issue 29: no income figure from a table — a marked blank for the owner's own estimate.
  const pay = say(lang, 'incomeBlank');
  const channels = rng.shuffle(a.channels).slice(0, 3);
  const values = rng.shuffle(a.values).slice(0, 2);
  const v = {
    name,
    job,
    ageBlank: say(lang, 'ageBlank'),
    place,
    pay,
    payBy: a.pay,
    problem: say(lang, `problem.${sector}`),
    values: list(values, lang),
    main,
    mainLower: lower1(main),
    Main: title(main),
    channels: channels.map((c) => `- ${cap(c)}`).join('\n'),
    channel: channels[0],
    desc,
    country: countryName,
  };
  const content = [
    say(lang, 'ideal.heading', v),
    say(lang, 'ideal.who', v),
    say(lang, 'ideal.problem', v),
    say(lang, 'ideal.wants', v),
    say(lang, 'ideal.where', v),
    say(lang, 'ideal.convinces', v),
    say(lang, 'ideal.message', { ...v, ending: rng.pick(sayEach(lang, 'ideal.messageEndings')) }),
    // Issue 29: the owner's own description is never pasted back as content.
    say(lang, 'ideal.week', v),
  ];
  return { title: say(lang, countryName ? 'ideal.titleIn' : 'ideal.title', v), content: content.join('\n\n') };
}

/** A user persona for an age group and a country. */
export function userPersona(fields: Record<string, string>, lang: Lang, rng: Rng): GeneratedText {
  const desc = clause(fields.description);
  const ageKey = (fields.age in AGE ? fields.age : 'Young') as Age;
  const a = ageWords(ageKey, lang);
  const country = findCountry(fields.country ?? '');
  const countryName = country?.name ?? fields.country ?? '';
  const names = NAMES[country?.code ?? ''] ?? (country && FRANCOPHONE.has(country.code) ? NAMES.FR : NAMES.XX);
  const name = rng.pick(names);
  const job = rng.pick(a.jobs);
  const place = where(countryName, placeIn(fields.description), lang);
  const sector = detectSector(desc);
  const kws = products(desc, 2);
  const main = kws[0] ?? say(lang, 'persona.yourService');
  const channels = rng.shuffle(a.channels).slice(0, 3);
  const values = rng.shuffle(a.values);
  const v = {
    name,
    place,
    age: a.label,
    ageBlank: say(lang, 'ageBlank'),
    job,
    pay: say(lang, 'incomeBlank'),
    payBy: a.pay,
    main,
    mainLower: lower1(main),
    value: cap(values[0]),
    problem: cap(say(lang, `problem.${sector}`)),
    channels: list(channels, lang),
    values: list(values.slice(0, 3), lang),
  };
  const content = [
    say(lang, 'persona.heading', v),
    say(lang, 'persona.ageRange', v),
    say(lang, 'persona.background', v),
    say(lang, 'persona.goals', { ...v, adjective: rng.pick(sayEach(lang, 'persona.adjectives')) }),
    say(lang, 'persona.frustrations', v),
    say(lang, 'persona.habits', v),
    say(lang, 'persona.matters', v),
    say(lang, 'persona.win'),
    say(lang, 'persona.quote', { ...v, quote: rng.pick(sayEach(lang, 'persona.quotes')) }),
  ];
  return { title: say(lang, 'persona.title', v), content: content.join('\n\n') };
}
