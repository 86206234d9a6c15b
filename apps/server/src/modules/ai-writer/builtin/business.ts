import type { GeneratedText } from '../provider';
import { type LocalWord, say, sayEach } from './say';
import { cap, clause, detectSector, type Lang, list, lower1, placeIn, products, type Rng, title } from './text';

/** Words from the languages spoken where the business is, found from the town it names; none when the town is unknown. */
const LOCAL_WORDS: Record<'NG' | 'KE' | 'GH', LocalWord[]> = {
  NG: ['Ayo', 'Ife', 'Nkem', 'Alheri'],
  KE: ['Zuri', 'Imani', 'Nyota', 'Baraka'],
  GH: ['Akwaaba', 'Adom', 'Nhyira'],
};
const TOWNS: Record<'NG' | 'KE' | 'GH', RegExp> = {
  NG: /\b(lagos|yaba|surulere|lekki|ikeja|ibadan|abuja|kano|enugu|onitsha|aba|port harcourt|benin|nigeria)\b/i,
  KE: /\b(nairobi|westlands|mombasa|kisumu|nakuru|eldoret|kiambu|thika|kenya)\b/i,
  GH: /\b(accra|kumasi|tema|takoradi|tamale|cape coast|ghana)\b/i,
};

/** Ten business names built from the description's keywords, each with a one-line rationale. */
export function businessNames(fields: Record<string, string>, lang: Lang, rng: Rng): GeneratedText {
  const desc = fields.description;
  const phrases = products(desc, 4);
  const place = placeIn(desc);
  const heads = phrases.map((p) => p.split(' ').at(-1) ?? p);
  const words = [...new Set([...heads, ...phrases.flatMap((p) => p.split(' '))])].map(title);
  if (words.length === 0) words.push(...sayEach(lang, 'names.fallbackWords'));
  const main = words[0];
  const second = words[1] ?? words[0];
  const candidates: Array<[string, string]> = [];
  const add = (name: string, why: string) => {
    if (!candidates.some(([n]) => n.toLowerCase() === name.toLowerCase())) candidates.push([name, why]);
  };
  const sfx = rng.shuffle(sayEach(lang, 'names.suffixes'));
  const pfx = rng.shuffle(sayEach(lang, 'names.prefixes'));
  const region = (Object.keys(TOWNS) as Array<keyof typeof TOWNS>).find((k) => TOWNS[k].test(desc));
  const local = region ? rng.shuffle(LOCAL_WORDS[region]) : [];
  const why = (w: LocalWord) => `${say(lang, `local.${w}`)}.`;
  const and = say(lang, 'names.and');
  if (place) add(`${main} ${title(place)}`, say(lang, 'names.whyPlace'));
  add(`${main} ${sfx[0]}`, say(lang, 'names.whyMain', { main }));
  add(say(lang, 'names.prefixed', { prefix: pfx[0], main }), say(lang, 'names.whyPrefix', { prefix: pfx[0] }));
  if (local[0]) add(`${local[0]} ${main}`, why(local[0]));
  add(`${main} ${and} ${second}`, say(lang, 'names.whyTwo'));
  add(`${second} ${sfx[1]}`, say(lang, 'names.whySecond', { second: second.toLowerCase() }));
  // A coined word ("Fabricify") only reads as a name in English.
  if (lang === 'en') add(`${main.replace(/(?<=\w{3})s$/, '')}${rng.pick(['ify', 'ly', 'ora', 'io'])}`, say(lang, 'names.whyCoined'));
  if (local[1]) add(`${local[1]} ${sfx[2]}`, why(local[1]));
  add(say(lang, 'names.established', { main, suffix: sfx[3] }), say(lang, 'names.whyEstablished'));
  add(say(lang, 'names.prefixedSuffixed', { prefix: pfx[1], main: second, suffix: sfx[4] }), say(lang, 'names.whyFuller'));
  if (local[2]) add(`${local[2]} ${say(lang, 'names.andCo')}`, why(local[2]));
  add(`${main} ${sfx[5] ?? sfx[0]}`, say(lang, 'names.whyShort'));
  add(`${second} ${and} ${main}`, say(lang, 'names.whyReversed'));
  add(`${second} ${sfx[6] ?? sfx[1]}`, say(lang, 'names.whyReceipt'));
  const top = candidates.slice(0, 10);
  const intro = `${say(lang, 'names.for')} _${clause(desc)}_`;
  const lines = top.map(([name, w], i) => `${i + 1}. **${name}** – ${w}`);
  return {
    title: say(lang, 'names.title', { main }),
    content: [say(lang, 'names.heading'), intro, lines.join('\n'), say(lang, 'names.next')].join('\n\n'),
  };
}

/** A one-page business plan with figures in the chosen currency. */
export function businessPlan(fields: Record<string, string>, lang: Lang, rng: Rng): GeneratedText {
  const desc = clause(fields.description);
  const currency = fields.currency || 'NGN';
  const sector = detectSector(desc);
  // Issue 29: no figure the owner did not give. Every amount is a marked blank in the chosen currency, with the sum that fills it.
  const blank = `______ ${currency}`;
  const kws = products(desc, 2);
  const place = placeIn(fields.description);
  const unit = say(lang, `unit.${sector}`);
  const name = title(kws[0] ?? say(lang, 'plan.nameFallback'));
  const channels = rng.shuffle(sayEach(lang, 'plan.channels')).slice(0, 4);
  const listed = list(
    kws.slice(0, 3).map((k) => `**${k}**`),
    lang,
  );
  const values = {
    name,
    blank,
    unit,
    unitOne: unit.replace(/s$/, ''),
    Desc: cap(desc),
    market: say(lang, `market.${sector}`),
    who: place ? say(lang, 'plan.whoPlace', { place }) : say(lang, 'plan.whoLocal'),
    products: listed || say(lang, 'plan.productsFallback', { desc, descLower: lower1(desc) }),
    channels: channels.map((c) => `- ${cap(c)}.`).join('\n'),
  };
  const sections = (['plan.summary', 'plan.market', 'plan.offer', 'plan.marketing', 'plan.ops', 'plan.fin', 'plan.next'] as const).map((key) =>
    say(lang, key, values),
  );
  return { title: say(lang, 'plan.title', values), content: sections.join('\n\n') };
}
