/** Building blocks of the built-in writer: seeded choice, keywords, sectors and the two written languages. */

import { type Lang, say } from './say';
import { SECTOR_LEXICON, WORD } from './sector';

export { detectSector, type Sector } from './sector';

export type { Lang };

export interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
}

/** FNV-1a 32-bit hash of a string. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, good enough to vary wording. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    shuffle: <T>(items: readonly T[]) => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
}

const STOPWORDS = new Set(
  `a an the and or but of to in on at for with from by as is are was were be been being it its this that these those we our us you your they their them he she his her i my me
  who whom which what when where why how all any both each few more most other some such no nor not only own same so than too very can will just should now also into over under
  about after before between through during out up down off again further then once here there do does did doing have has had having would could sell sells selling sold make makes
  making offer offers offering provide provides providing business company shop store small new best good great help helps people customers customer want wants like get based run runs
  le la les un une des du de d l et ou mais à au aux en dans sur pour par avec sans sous est sont être été nous notre nos vous votre vos ils elles leur leurs il elle je mon ma mes ce cet cette ces qui que quoi dont où
  vend vendons vendre fait faisons faire propose proposons proposer entreprise société boutique magasin petit petite nouveau nouvelle plus très aussi tous toutes tout clients client
  known famous affordable cheap quality local ready first second third nice beautiful modern big great tell add adds using used opened open known want needs need let announce inform remind
  every many much one two three lot lots well really per within while since around near
  na ya wa la za cha vya kwa katika ni kwenye kama hii hiyo huo hili yetu wetu letu zetu langu yangu zangu wangu pia sana kila bei duka biashara wateja mteja tunauza tuna tunafanya
  businesses companies shops stores hello hey dear regards thanks thank please kindly sir madam bonjour salut cher chère madame monsieur merci cordialement svp`.split(
    /\s+/,
  ),
);

/** Places where a business works: they say what the business is, not what it sells. */
const VENUES = new Set(
  'shop store bakery restaurant salon kitchen café cafe boutique clinic pharmacy school farm studio agency market kiosk company firm business app website duka kibanda saluni famasia shamba huduma hoteli mgahawa kliniki shule programu atelier kiosque pharmacie ferme salon'.split(
    ' ',
  ),
);

/** Swahili verb forms (tunasuka, linalouza, inayoleta, anayeshona): actions, not what is sold. */
const SW_VERB = /^(?:(?:tu|m|wa|a|u|i|li|ki|vi|zi|ya)(?:na|li|ta|me)(?:ye|yo|lo|cho|vyo|zo|po)?\p{L}{3,}|ku(?!ku\b)\p{L}{3,})$/u;
const SW_TEXT = /\b(?:na|ya|kwa|la|za|cha|vya|wa|ni|kwenye|nyumbani)\b|\b(?:tu|li|i|a|wa)na(?:ye|yo|lo)\p{L}{3,}/u;

/** The description's meaningful words, most frequent first (ties: first seen). */
export function keywords(text: string, max = 8): string[] {
  const counts = new Map<string, { n: number; first: number; word: string }>();
  let i = 0;
  for (const m of text.matchAll(WORD)) {
    const raw = m[0].replace(/['’]s$/i, '');
    const key = raw.toLowerCase();
    i++;
    if (key.length < 3 || STOPWORDS.has(key) || /^\d+$/.test(key)) continue;
    const c = counts.get(key);
    if (c) c.n++;
    else counts.set(key, { n: 1, first: i, word: raw });
  }
  return [...counts.values()]
    .sort((a, b) => b.n - a.n || a.first - b.first)
    .slice(0, max)
    .map((c) => c.word.toLowerCase());
}

/**
 * What the business sells, as short phrases, best first: sector words count more, venues (shop, bakery…)
 * and places are left out, and a word joins its neighbour when both matter ("meat pies", "solar lamps").
 */
export function products(text: string, max = 3): string[] {
  const place = placeIn(text)?.toLowerCase().split(/\s+/) ?? [];
  const swahili = SW_TEXT.test(text);
  const raw = [...text.matchAll(WORD)].map((m) => m[0].replace(/['’]s$/i, ''));
  const tokens = raw.map((w) => w.toLowerCase());
  // Proper nouns keep their capital (Ankara, December); other words are lower case.
  // A capitalised word keeps its case exactly as typed ("Ada Stitches"), even at the start of the description
  // when the next word is capitalised too.
  const upper = (j: number) => /^\p{Lu}/u.test(raw[j] ?? '');
  const shown = (i: number) => (upper(i) && (i > 0 || upper(i + 1)) ? raw[i] : tokens[i]);
  const ok = (w: string | undefined) =>
    !!w && w.length >= 3 && !STOPWORDS.has(w) && !/^\d+%?$/.test(w) && !place.includes(w) && !VENUES.has(w) && !(swahili && SW_VERB.test(w));
  const score = new Map<string, number>();
  tokens.forEach((w, i) => {
    if (!ok(w)) return;
    const bonus = (SECTOR_LEXICON.has(w) ? 2 : 0) + (/[^s]s$/.test(w) && w.length > 4 ? 0.5 : 0) - (/(ed|ly)$/.test(w) ? 1 : 0) - i * 0.01;
    score.set(w, (score.get(w) ?? 0) + 1 + bonus);
  });
  const ranked = [...score.entries()].sort((a, b) => b[1] - a[1]).map(([w]) => w);
  const used = new Set<string>();
  const phrases: string[] = [];
  for (const w of ranked) {
    if (used.has(w)) continue;
    const i = tokens.indexOf(w);
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    let words = [i];
    if (ok(prev) && !used.has(prev) && (!/ing$/.test(prev) || SECTOR_LEXICON.has(prev))) words = [i - 1, i];
    else if (ok(next) && !used.has(next) && !/ing$/.test(w)) words = [i, i + 1];
    for (const j of words) used.add(tokens[j]);
    phrases.push(words.map(shown).join(' '));
    if (phrases.length >= max) break;
  }
  return phrases;
}

/** A place named in the description: "a shop in Yaba" → "Yaba". */
export function placeIn(text: string): string | undefined {
  const m = /(?:^|\s)(?:[Ii]n|IN|[Aa]t|AT|[Aa]round|[Nn]ear|à|au|en|dans)\s+((?:[A-Z\u00C0-\u00DE][\p{L}-]+)(?:\s+(?:[A-Z\u00C0-\u00DE][\p{L}-]+))?)/u.exec(
    text,
  );
  if (m) return m[1];
  return KNOWN_TOWNS.exec(text)?.[1];
}

/** Towns an owner may name without a preposition (Kiswahili: "Saluni ya nywele Westlands"). */
const KNOWN_TOWNS =
  /\b(Lagos|Yaba|Surulere|Lekki|Ikeja|Ibadan|Abuja|Kano|Enugu|Port Harcourt|Nairobi|Westlands|Mombasa|Kisumu|Nakuru|Eldoret|Kiambu|Thika|Dar es Salaam|Arusha|Kampala|Kigali|Accra|Kumasi|Tema|Takoradi|Tamale|Douala|Yaoundé|Dakar|Abidjan)\b/u;

export const cap = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
export const title = (s: string) => s.split(/\s+/).map(cap).join(' ');
/** The description as one sentence without a trailing full stop, for quoting inside a sentence. */
export const clause = (s: string) =>
  s
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[.!?]+$/, '');
export const lower1 = (s: string) => (s && !/^[A-Z]{2}/.test(s) ? s[0].toLowerCase() + s.slice(1) : s);

/** "The Ada Fabrics team" / "L’équipe Ada Fabrics" / "Timu ya Ada Fabrics"; the name exactly as typed. */
export function teamName(company: string | undefined, lang: Lang): string {
  return company ? say(lang, 'teamOf', { company }) : say(lang, 'team');
}

/** A personal sign-off: the user's name, then their company; a placeholder when the name is not known. */
export function personSignOff(from: { name?: string; company?: string }, lang: Lang): string {
  const name = from.name ?? say(lang, 'yourName');
  return from.company && from.company !== from.name ? `${name}\n${from.company}` : name;
}

/** "a, b and c" / "a, b et c" / "a, b na c". */
export function list(items: string[], lang: Lang): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${say(lang, 'and')} ${items[items.length - 1]}`;
}

/** Rounds to 2 significant figures, for plan figures that look planned rather than computed. */
export function roundNice(n: number): number {
  if (n <= 0) return 0;
  const p = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return Math.round(n / p) * p;
}
