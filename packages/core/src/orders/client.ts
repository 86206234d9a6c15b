/**
 * The order's client (issue 29). The rule:
 * 1. A contact of the business named anywhere in the order, in any case, first name enough ("for moses okelo" →
 *    Moses Okello).
 * 2. Otherwise a new client only where the order says so: a name right after "for", "pour", "kwa", "client",
 *    "customer", "mteja" (or "Name:" / "Name wants …" at the start) that looks like a person's name:
 *    - one to three words of letters, none of them a number, date, fee, measure, catalog or filler word;
 *    - not a purpose ("for lunch", "pour le déjeuner", "kwa chakula cha mchana", "for the party", "for my wife"): a
 *      meal, an occasion, a place, a group, a time or a pronoun, or a word after an article or possessive;
 *    - capitalised ("for Thandi"), or in lower case only after a title where it ends the order or its part ("for
 *      mama ngozi"). A lower-case word after "for" that is no contact ("2 chairs 5k each for picnic", "pour kermesse",
 *      "kwa mazoezi") says what the order is for: a purpose list can never hold every one, so it is no client (h116).
 * A purpose stays in the line's words ("Plates of rice for lunch", "Chairs for picnic"): shown, never dropped.
 */
import { isFeeWord, nameWords, norm, phraseAt, type Token, wordScore } from './text';
import type { OrderContext, OrderDraft } from './types';
import { CLIENT_BEFORE, CURRENCY, DUE_BEFORE, EACH, FILLER, MONTHS, NUMBER_WORDS, STOP, TOTAL, UNIT_WORDS, WEEKDAYS } from './words';

const TITLES = new Set(['mama', 'baba', 'madam', 'mr', 'mrs', 'ms', 'oga', 'chief', 'dr', 'mme', 'm', 'mzee', 'bwana', 'alhaji', 'aunty', 'uncle']);
const NOT_NAME = new Set(['for', 'both', 'all', 'each', 'the', 'due', 'delivery', 'total']);

/**
 * Words that say what the order is for, not who it is for: meals, occasions, places, groups, times, pronouns,
 * articles and possessives, in English, Nigerian Pidgin, French and Swahili (lower case, no accents).
 */
// prettier-ignore
export const PURPOSE = new Set([
  // meals and food
  'lunch', 'breakfast', 'dinner', 'supper', 'brunch', 'tea', 'snack', 'snacks', 'lunchtime', 'chop', 'food', 'meal', 'meals', 'takeaway', 'takeout',
  'dejeuner', 'diner', 'souper', 'gouter', 'repas', 'petit', 'emporter', 'chakula', 'mchana', 'kifungua', 'kinywa', 'chai', 'jioni', 'asubuhi', 'usiku',
  // occasions
  'party', 'wedding', 'birthday', 'funeral', 'burial', 'ceremony', 'event', 'events', 'meeting', 'conference', 'graduation', 'anniversary', 'launch',
  'christmas', 'xmas', 'easter', 'eid', 'sallah', 'ramadan', 'holiday', 'holidays', 'weekend', 'owambe', 'shower', 'naming', 'service',
  'fete', 'mariage', 'anniversaire', 'bapteme', 'funerailles', 'ceremonie', 'reunion', 'noel', 'paques', 'tabaski', 'vacances',
  'sherehe', 'harusi', 'sikukuu', 'mazishi', 'msiba', 'mkutano', 'krismasi', 'pasaka', 'idi', 'send-off',
  // places and groups
  'church', 'mosque', 'school', 'office', 'home', 'house', 'shop', 'store', 'staff', 'workers', 'team', 'kids', 'children', 'guests', 'family', 'friends',
  'class', 'students', 'customers', 'visitors', 'people', 'everyone', 'everybody',
  'eglise', 'mosquee', 'ecole', 'bureau', 'maison', 'boutique', 'personnel', 'enfants', 'invites', 'famille', 'amis', 'eleves', 'clients', 'gens', 'tous',
  'kanisa', 'msikiti', 'shule', 'ofisi', 'nyumbani', 'nyumba', 'duka', 'dukani', 'wafanyakazi', 'watoto', 'wageni', 'familia', 'marafiki', 'wanafunzi', 'watu', 'wote',
  // times
  'today', 'tonight', 'tomorrow', 'now', 'later', 'morning', 'evening', 'night', 'afternoon', 'week', 'month', 'year',
  'aujourd', 'hui', 'demain', 'soir', 'matin', 'midi', 'semaine', 'mois', 'annee', 'leo', 'kesho', 'sasa', 'baadaye', 'wiki', 'mwezi', 'mwaka',
  // uses
  'resale', 'sale', 'sales', 'stock', 'display', 'use', 'cooking', 'catering', 'cash', 'credit', 'free', 'sample', 'samples', 'gift', 'gifts', 'present',
  'revente', 'vente', 'cuisine', 'cadeau', 'matumizi', 'biashara', 'kuuza', 'mauzo', 'zawadi', 'ajili',
  // pronouns, articles, possessives and relations without a name
  'me', 'us', 'him', 'her', 'them', 'you', 'myself', 'ourselves', 'it', 'this', 'that', 'these', 'those', 'my', 'our', 'your', 'his', 'their', 'a', 'an', 'one', 'some', 'another',
  'mum', 'mom', 'mother', 'dad', 'father', 'wife', 'husband', 'son', 'daughter', 'brother', 'sister', 'boss', 'friend', 'neighbour', 'neighbor', 'self',
  'moi', 'nous', 'lui', 'elle', 'eux', 'vous', 'toi', 'mon', 'ma', 'mes', 'ton', 'ta', 'tes', 'son', 'sa', 'ses', 'notre', 'nos', 'votre', 'vos', 'leur', 'leurs',
  'le', 'la', 'les', 'l', 'un', 'une', 'du', 'des', 'ce', 'cette', 'ces',
  'mimi', 'sisi', 'yeye', 'wao', 'wewe', 'ninyi', 'yangu', 'wangu', 'wetu', 'wake', 'yake', 'chao', 'hii', 'hiyo', 'huyu', 'hawa',
]);

/**
 * A new client's name given by a model (AI_BASE_URL): one to four words of letters, none of them a purpose, number,
 * day or month ("Lunch", "the party", "alert(1)" are not names). A contact's name is matched before this.
 */
export function looksLikeName(name: string): boolean {
  const words = name.trim().split(/\s+/);
  if (!words[0] || words.length > 4) return false;
  return words.every((w) => {
    const n = norm(w).replace(/\.$/, '');
    if (!/^\p{L}+(?:['-]\p{L}+)*\.?$/u.test(w)) return false;
    return !NOT_NAME.has(n) && !PURPOSE.has(n) && NUMBER_WORDS[n] === undefined && !WEEKDAYS[n] && !MONTHS[n];
  });
}

/**
 * A model's new client written in the order only in lower case and without a title ("2 chairs 5k each for picnic" →
 * "Picnic"): the parser's rule says that is what the order is for, so the model's reading is not taken either.
 */
export function writtenInLowerCase(name: string, text: string): boolean {
  const first = norm(
    name
      .trim()
      .split(/\s+/)
      .find((w) => !TITLES.has(norm(w).replace(/\.$/, ''))) ?? '',
  );
  if (!first) return false;
  const tokens = text.split(/[^\p{L}\p{M}'-]+/u).filter(Boolean);
  const at = tokens.flatMap((w, i) => (norm(w) === first ? [i] : []));
  return at.length > 0 && at.every((i) => !/^\p{Lu}/u.test(tokens[i]) && !TITLES.has(norm(tokens[i - 1] ?? '')));
}

/** Markers after which a lower-case name with a title is still a client's: "for mama ngozi", "kwa mzee juma". */
const LOWER_NAME_BEFORE = new Set(['for', 'pour', 'kwa', 'client', 'customer', 'mteja']);

const isCatalogWord = (t: Token, ctx: OrderContext) => ctx.catalog.some((c) => nameWords(c.name, STOP).some((w) => wordScore(t.n, w) > 0));

/** A word that can stand in a new client's name (either case): not a number, date, purpose or catalog word. */
function nameWord(t: Token | undefined, ctx: OrderContext): t is Token {
  if (!t || t.kind !== 'word' || t.used || t.n.length < 2 || !/^\p{L}+(?:['-]\p{L}+)*$/u.test(t.raw)) return false;
  if (NOT_NAME.has(t.n) || PURPOSE.has(t.n) || NUMBER_WORDS[t.n] !== undefined || WEEKDAYS[t.n] || MONTHS[t.n]) return false;
  return !isCatalogWord(t, ctx);
}

const capitalised = (t: Token | undefined, ctx: OrderContext) => nameWord(t, ctx) && /^\p{Lu}/u.test(t.raw);

/** A lower-case word that can be part of a name: also no fee, measure, due or filler word. */
function lowerName(t: Token | undefined, ctx: OrderContext): boolean {
  if (!nameWord(t, ctx)) return false;
  if (FILLER.has(t.n) || STOP.has(t.n) || UNIT_WORDS.has(t.n) || CURRENCY.has(t.n) || CLIENT_BEFORE.has(t.n) || DUE_BEFORE.has(t.n)) return false;
  return !EACH.includes(t.n) && !TOTAL.includes(t.n) && !isFeeWord([t]);
}

function markClient(tokens: Token[], from: number, to: number): void {
  let start = from;
  while (start > 0 && CLIENT_BEFORE.has(tokens[start - 1].n) && !tokens[start - 1].used) start--;
  for (let k = start; k < to; k++) tokens[k].used = true;
  if (tokens[to]?.raw === ':') tokens[to].used = true;
}

/** A contact of the business named in the order: the best match of its name's words (first name is enough). */
function takeContact(tokens: Token[], ctx: OrderContext): OrderDraft['client'] {
  let best: { score: number; from: number; to: number; contact: OrderContext['contacts'][number] } | null = null;
  for (const c of ctx.contacts) {
    const words = nameWords(c.name, STOP);
    if (!words.length) continue;
    for (let i = 0; i < tokens.length; i++) {
      for (let w = 0; w < words.length; w++) {
        let k = 0;
        let score = 0;
        while (w + k < words.length && tokens[i + k] && !tokens[i + k].used && tokens[i + k].kind === 'word') {
          const s = wordScore(tokens[i + k].n, words[w + k], 5);
          if (!s) break;
          score += s;
          k++;
        }
        if (!k || (k === 1 && (TITLES.has(words[w]) || words[w].length < 3))) continue;
        const total = score + (w === 0 ? 0.5 : 0) + (w === 0 && k === words.length ? 1 : 0);
        if (!best || total > best.score) best = { score: total, from: i, to: i + k, contact: c };
      }
    }
  }
  if (!best) return null;
  let from = best.from;
  const words = nameWords(best.contact.name, STOP);
  while (from > 0 && (words.includes(tokens[from - 1].n) || TITLES.has(tokens[from - 1].n)) && !tokens[from - 1].used) from--;
  markClient(tokens, from, best.to);
  return { contact_id: best.contact.id, name: best.contact.name };
}

/** The client: a contact named in the order, else a new client named after "for", "pour", "kwa"… (see the rule above). */
export function takeClient(tokens: Token[], ctx: OrderContext): OrderDraft['client'] {
  const contact = takeContact(tokens, ctx);
  if (contact) return contact;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const opens =
      (CLIENT_BEFORE.has(t.n) && !t.used) ||
      (i === 0 && capitalised(t, ctx) && (tokens[1]?.raw === ':' || ['wan', 'want', 'wants', 'anataka', 'veut'].includes(tokens[1]?.n ?? '')));
    if (!opens) continue;
    let from = CLIENT_BEFORE.has(t.n) ? i + 1 : i;
    // A title is part of the name: "for mama Ngozi", "for Mr Okafor".
    const titled = TITLES.has(tokens[from]?.n ?? '') && !tokens[from].used && nameWord(tokens[from + 1], ctx);
    const nameFrom = titled ? from + 1 : from;
    let to = nameFrom;
    while (to < tokens.length && to - nameFrom < 3 && capitalised(tokens[to], ctx)) to++;
    let lower = false;
    if (to === nameFrom && titled && LOWER_NAME_BEFORE.has(t.n) && !phraseAt(tokens, i, TOTAL)) {
      // Typed WhatsApp-style with a title: "3 cakes 200 each for mama ngozi". Only where "for …" ends the order or its
      // part, so "for mama 2 cakes" is not taken as a name. Without a title a lower-case word is a purpose ("for picnic").
      while (to < tokens.length && to - nameFrom < 3 && lowerName(tokens[to], ctx)) to++;
      const after = tokens[to];
      lower = to > nameFrom && (!after || after.kind === 'sep' || !!after.used);
      if (!lower) to = nameFrom;
    }
    if (to === nameFrom) continue;
    if (!titled) from = nameFrom;
    const name = tokens
      .slice(from, to)
      .map((x) => (lower || x === tokens[from] ? x.raw.charAt(0).toUpperCase() + x.raw.slice(1) : x.raw))
      .join(' ');
    markClient(tokens, CLIENT_BEFORE.has(t.n) ? i : from, to);
    return { contact_id: null, name };
  }
  return null;
}
