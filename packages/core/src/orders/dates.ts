/** Due dates in words: "due Friday", "in 2 weeks", "fin du mois", "kesho", "baada ya wiki mbili", "5 Dec". */
import { findCountry } from '../constants/countries';
import { addDays } from '../constants/dates';
import type { Token } from './text';
import { DELAY_UNITS, DUE_BEFORE, MONTHS, NUMBER_WORDS, WEEKDAYS } from './words';

function weekday(iso: string): number {
  const d = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

function endOfMonth(iso: string): string {
  const [y, m] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** How a business writes "5/12": day first (most of the world, all of Africa) or month first (United States, Philippines). */
export type DateOrder = 'dmy' | 'mdy';
const MONTH_FIRST = new Set(['US', 'PH', 'FM', 'MH', 'PW']);

/** The business's day/month order from its country (a name or an ISO code); day first when unknown. */
export function dateOrderForCountry(country: string | null | undefined): DateOrder {
  const code = country ? (findCountry(country)?.code ?? country.toUpperCase()) : '';
  return MONTH_FIRST.has(code) ? 'mdy' : 'dmy';
}

/** The longest this month ever is (29 for February): a day past it is never a date. */
function maxDay(month: number): number {
  return new Date(Date.UTC(2024, month, 0)).getUTCDate();
}

/** A real calendar date, never rolled over (31/02 is not 3 March). */
function isRealDate(y: number, m: number, d: number): boolean {
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d) || m < 1 || m > 12 || d < 1) return false;
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

const iso = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/**
 * "a/b" (and "a/b/yyyy") in the business's order; read the other way only when that is the sole possible reading
 * ("12/15" day first is 15 Dec). Null when neither order is a date (31/02): never rolled over.
 */
function slashDate(today: string, a: number, b: number, order: DateOrder, year?: number): string | null {
  const readings: Array<[number, number]> =
    order === 'dmy'
      ? [
          [a, b],
          [b, a],
        ]
      : [
          [b, a],
          [a, b],
        ];
  for (const [day, month] of readings) {
    if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(day) || day < 1 || day > maxDay(month)) continue;
    if (year !== undefined) return isRealDate(year, month, day) ? iso(year, month, day) : null;
    return nextDate(today, day, month);
  }
  return null;
}

/** The next date after today with this day of the month (and month, when given). */
function nextDate(today: string, day: number, month?: number): string | null {
  if (!Number.isInteger(day) || day < 1 || day > 31) return null;
  if (month !== undefined && (!Number.isInteger(month) || month < 1 || month > 12 || day > maxDay(month))) return null;
  const [y, m] = today.split('-').map(Number);
  for (let i = 0; i < 14; i++) {
    const mm = month ?? ((m - 1 + i) % 12) + 1;
    const yy = month ? y + i : y + Math.floor((m - 1 + i) / 12);
    if (!isRealDate(yy, mm, day)) continue;
    const date = iso(yy, mm, day);
    if (date >= today) return date;
  }
  return null;
}

function count(t: Token | undefined): number | null {
  if (!t) return null;
  if (t.kind === 'num' && Number.isInteger(t.value)) return t.value ?? null;
  return NUMBER_WORDS[t.n] ?? null;
}

interface Found {
  /** Tokens taken, from the match's first token. */
  length: number;
  /** Null: written like a date but no such day exists ("31/02", "30 feb"). */
  date: string | null;
}

/** A date expression starting at tokens[i] (without the words that open it). */
function dateAt(tokens: Token[], i: number, today: string, order: DateOrder): Found | null {
  const w = (k: number) => tokens[i + k]?.n ?? '';
  const next = w(0) === 'next' || w(0) === 'coming' ? 1 : 0;
  const wd = WEEKDAYS[w(next)];
  if (wd) {
    const ahead = (wd - weekday(today) + 7) % 7 || 7;
    let length = next + 1;
    if (['prochain', 'ijayo', 'ujao'].includes(w(length))) length++;
    return { length, date: addDays(today, ahead) };
  }
  const pairs: Array<[string[], (d: string) => string]> = [
    [['next', 'tomorrow'], (d) => addDays(d, 2)],
    [['day', 'after', 'tomorrow'], (d) => addDays(d, 2)],
    [['apres', 'demain'], (d) => addDays(d, 2)],
    [['kesho', 'kutwa'], (d) => addDays(d, 2)],
    [['tomorrow'], (d) => addDays(d, 1)],
    [['tmrw'], (d) => addDays(d, 1)],
    [['demain'], (d) => addDays(d, 1)],
    [['kesho'], (d) => addDays(d, 1)],
    [['today'], (d) => d],
    [['aujourd', 'hui'], (d) => d],
    [['leo'], (d) => d],
    [['next', 'week'], (d) => addDays(d, 7)],
    [['semaine', 'prochaine'], (d) => addDays(d, 7)],
    [['la', 'semaine', 'prochaine'], (d) => addDays(d, 7)],
    [['wiki', 'ijayo'], (d) => addDays(d, 7)],
    [['next', 'month'], (d) => addMonths(d, 1)],
    [['mois', 'prochain'], (d) => addMonths(d, 1)],
    [['le', 'mois', 'prochain'], (d) => addMonths(d, 1)],
    [['mwezi', 'ujao'], (d) => addMonths(d, 1)],
    [['end', 'of', 'the', 'month'], endOfMonth],
    [['end', 'of', 'month'], endOfMonth],
    [['month', 'end'], endOfMonth],
    [['fin', 'du', 'mois'], endOfMonth],
    [['fin', 'de', 'mois'], endOfMonth],
    [['fin', 'mois'], endOfMonth],
    [['mwisho', 'wa', 'mwezi'], endOfMonth],
  ];
  for (const [words, f] of pairs) if (words.every((x, k) => w(k) === x)) return { length: words.length, date: f(today) };

  // "in 2 weeks", "dans 3 jours", "within 10 days", "baada ya wiki mbili", "ndani ya siku 3".
  let k = 0;
  if (['in', 'within', 'dans', 'sous', 'after'].includes(w(0))) k = 1;
  else if ((w(0) === 'baada' || w(0) === 'ndani') && w(1) === 'ya') k = 2;
  if (k) {
    const n = count(tokens[i + k]);
    const unit = DELAY_UNITS[w(k + 1)];
    if (n !== null && unit) return { length: k + 2, date: delay(today, n, unit) };
    const unit2 = DELAY_UNITS[w(k)];
    const n2 = count(tokens[i + k + 1]);
    if (unit2 && n2 !== null) return { length: k + 2, date: delay(today, n2, unit2) };
    const unit3 = DELAY_UNITS[w(k + 1)];
    if (unit3 && ['a', 'an', 'one', 'une', 'un', 'moja'].includes(w(k))) return { length: k + 2, date: delay(today, 1, unit3) };
  }
  // "5 Dec", "5th December", "Dec 5", "5/12", "2026-12-05".
  const t0 = tokens[i];
  if (t0?.kind === 'num' && /^\d{4}$/.test(t0.raw) && tokens[i + 1]?.raw === '-' && tokens[i + 2]?.kind === 'num') {
    const m = /^(\d{2})$/.exec(tokens[i + 2].raw);
    if (m && tokens[i + 3]?.raw === '-' && tokens[i + 4]?.kind === 'num' && /^\d{1,2}$/.test(tokens[i + 4].raw)) {
      const [y, mo, d] = [Number(t0.raw), Number(tokens[i + 2].raw), Number(tokens[i + 4].raw)];
      return { length: 5, date: isRealDate(y, mo, d) ? iso(y, mo, d) : null };
    }
  }
  const ord = (s: string) => /^(st|nd|rd|th|er|eme)$/.test(s);
  if (t0?.kind === 'num' && Number.isInteger(t0.value)) {
    const j = ord(w(1)) ? 2 : 1;
    const month = MONTHS[w(j)];
    if (month) return { length: j + 1, date: nextDate(today, t0.value ?? 0, month) };
    const t2 = tokens[i + 2];
    if (tokens[i + 1]?.raw === '/' && t2?.kind === 'num' && /^\d{1,2}$/.test(t2.raw) && /^\d{1,2}$/.test(t0.raw)) {
      const t4 = tokens[i + 4];
      const year = tokens[i + 3]?.raw === '/' && t4?.kind === 'num' && /^\d{4}$/.test(t4.raw) ? Number(t4.raw) : undefined;
      return { length: year === undefined ? 3 : 5, date: slashDate(today, t0.value ?? 0, t2.value ?? 0, order, year) };
    }
  }
  const month = MONTHS[w(0)];
  if (month && tokens[i + 1]?.kind === 'num' && Number.isInteger(tokens[i + 1].value)) {
    return { length: ord(w(2)) ? 3 : 2, date: nextDate(today, tokens[i + 1].value ?? 0, month) };
  }
  return null;
}

function delay(today: string, n: number, unit: 'd' | 'w' | 'm'): string {
  return unit === 'm' ? addMonths(today, n) : addDays(today, unit === 'w' ? n * 7 : n);
}

/**
 * Finds the due date, marks its tokens used (with the words that open it: "due", "d'ici", "ifikapo") and returns it.
 * "tarehe 5" (Swahili: the 5th) is read as the next 5th of a month.
 */
export function takeDueDate(tokens: Token[], today: string, order: DateOrder = 'dmy'): { date: string | null; unread: Token[] } {
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].used) continue;
    let found = dateAt(tokens, i, today, order);
    if (!found && tokens[i].n === 'tarehe' && tokens[i + 1]?.kind === 'num' && !MONTHS[tokens[i + 2]?.n ?? '']) {
      const date = nextDate(today, tokens[i + 1].value ?? 0);
      if (date) found = { length: 2, date };
    }
    if (!found) continue;
    // A bare number with a month needs a word that opens a date, or it is read as "5 dec" only after "due"-like words.
    let from = i;
    while (from > 0 && DUE_BEFORE.has(tokens[from - 1].n) && !tokens[from - 1].used) from--;
    const opened = from < i || tokens[i].kind !== 'num';
    if (!opened) continue;
    // A date that does not exist ("due 31/02") is read as nothing else either: it stays visible as not understood.
    if (found.date === null && from === i) continue;
    const taken = tokens.slice(from, i + found.length);
    for (const t of taken) t.used = true;
    if (found.date === null) return { date: null, unread: taken };
    return { date: found.date, unread: [] };
  }
  return { date: null, unread: [] };
}
