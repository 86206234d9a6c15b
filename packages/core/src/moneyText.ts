/**
 * Money as a person types it, in the screen's language (issue 23): French writes 12 500,50 (a comma for the
 * decimals, spaces between thousands), English and Kiswahili 12,500.50. What is read is shown back in the
 * same language's format; text that can be read two ways (12.500 on a French screen: 12,5 or 12 500?) is
 * refused, never guessed. In English every amount this reads is the one SPEC's parseMoney reads (money.ts).
 *
 * Amounts are integer minor units of the currency (minorDigits: kobo for NGN, whole francs for XAF).
 */
import { minorDigits } from './constants/currencies';
import type { Language } from './constants/languages';

/** Why a typed amount was not read: nothing typed, not an amount, two possible readings, too many decimals, too large. */
export type MoneyTextProblem = 'empty' | 'unreadable' | 'ambiguous' | 'decimals' | 'too_large' | 'negative';
export type MoneyTextResult = { ok: true; minor: number } | { ok: false; problem: MoneyTextProblem };

interface Marks {
  /** The decimal mark written (and read first). */
  decimal: string;
  /** The grouping mark written. */
  group: string;
  /** Marks read as the decimal mark: French also takes a lone dot before cents (a numeric keypad's key). */
  decimals: string[];
  /** Marks read between groups of thousands (' ' stands for every kind of space). */
  groups: string[];
}

const NNBSP = '\u202f';

/** The marks of a language: fr 12 500,50 (narrow no-break space, comma); en and sw 12,500.50. */
export function moneyMarks(language: Language): Marks {
  return language === 'fr'
    ? { decimal: ',', group: NNBSP, decimals: [',', '.'], groups: [' ', '.'] }
    : { decimal: '.', group: ',', decimals: ['.'], groups: [',', ' '] };
}

interface Reading {
  whole: string;
  fraction: string;
  /** Whether a decimal mark was read (12, or 12,5). */
  decimal: boolean;
}

/** Digits, '.', ',' and single spaces; anything else (symbols, letters) goes, as in SPEC's parseMoney. */
function clean(text: string): string {
  return text
    .replace(/[^\d.,\s]/g, '')
    .replace(/\s/g, ' ')
    .trim();
}

/**
 * What a typed amount must not have, although clean() would drop it (t20 U2, U1): a minus before the digits ("-5" was
 * read as 5: a payment, not the correction meant) and anything but digits, marks and spaces between the digits ("1e3"
 * was read as 13). A currency symbol or code before or after the digits (₦, KSh, "2,000 FCFA") is still taken.
 */
function strictProblem(text: string): MoneyTextProblem | null {
  const first = text.search(/\d/);
  if (first < 0) return null;
  if (/[-\u2212\u2010-\u2013\ufe63\uff0d]/.test(text.slice(0, first))) return 'negative';
  const last = text.search(/\d\D*$/);
  return /[^\d.,\s]/.test(text.slice(first, last + 1)) ? 'unreadable' : null;
}

function split(s: string): { runs: string[]; seps: string[] } {
  const runs: string[] = [''];
  const seps: string[] = [];
  for (const ch of s) {
    if (ch >= '0' && ch <= '9') runs[runs.length - 1] += ch;
    else {
      seps.push(ch);
      runs.push('');
    }
  }
  return { runs, seps };
}

function grouped(runs: string[], seps: string[], groups: string[]): boolean {
  if (!seps.length) return runs.length === 1;
  if (!seps.every((c) => c === seps[0]) || !groups.includes(seps[0])) return false;
  return runs[0].length >= 1 && runs[0].length <= 3 && runs.slice(1).every((r) => r.length === 3);
}

/** Every way the cleaned text can be read with these marks: with its last mark as the decimal mark, and without. */
function readings(s: string, marks: Marks): Reading[] {
  const { runs, seps } = split(s);
  const out: Reading[] = [];
  const last = seps.length - 1;
  if (last >= 0 && marks.decimals.includes(seps[last])) {
    const intRuns = runs.slice(0, last + 1);
    const intSeps = seps.slice(0, last);
    const leadingDecimal = intRuns.length === 1 && intRuns[0] === '';
    if (
      (leadingDecimal ||
        grouped(
          intRuns,
          intSeps,
          marks.groups.filter((g) => g !== seps[last]),
        )) &&
      (runs[last + 1] !== '' || !leadingDecimal)
    ) {
      out.push({ whole: intRuns.join(''), fraction: runs[last + 1], decimal: true });
    }
  }
  if (runs.every((r) => r !== '') && grouped(runs, seps, marks.groups)) out.push({ whole: runs.join(''), fraction: '', decimal: false });
  return out;
}

/** The reading's minor units (decimals past the currency's only when they are zeros); null when it has other decimals. */
function value(r: Reading, digits: number): bigint | null {
  if (/[1-9]/.test(r.fraction.slice(digits))) return null;
  const frac = r.fraction.slice(0, digits).padEnd(digits, '0');
  return BigInt(r.whole || '0') * 10n ** BigInt(digits) + BigInt(frac || '0');
}

function values(s: string, language: Language, digits: number): Array<{ r: Reading; v: bigint }> {
  return readings(s, moneyMarks(language)).flatMap((r) => {
    // A currency without minor units (XAF, UGX): a mark before exactly three digits can only group thousands, so
    // '20.000' and '20,000' are 20 000 in every language, never 20 (t23 X4).
    if (digits === 0 && r.decimal && r.whole !== '' && r.fraction.length === 3) return [];
    const v = value(r, digits);
    return v === null ? [] : [{ r, v }];
  });
}

/**
 * Reads a typed amount in the screen's language into the currency's minor units, or says why not.
 * fr: '12 500,50', '12500,50', '12500.50' (a dot before 1–2 digits) → 1250050; '12.500' and '12,500' → ambiguous.
 * en/sw: '12,500.50', '12500.5', '₦ 2,000' → minor units; '12,50' → ambiguous. XAF: '12 500' → 12500, '12,5' → decimals,
 * '20.000' and '20,000' → 20000 in every language (no minor units: a mark before three digits groups thousands).
 */
export function parseMoneyText(text: string, language: Language, currency = 'NGN'): MoneyTextResult {
  return parseScaledText(text, language, minorDigits(currency));
}

/**
 * A decimal number typed in the screen's language, read by the money rules above and scaled by 10^digits (the
 * result's `minor`): money uses its currency's decimals, a quantity 3 (fr '2,5' → 2500; en '1,000' → 1000000;
 * en and sw '1,5' → ambiguous, never 15).
 */
export function parseScaledText(text: string, language: Language, digits: number): MoneyTextResult {
  const strict = strictProblem(text);
  if (strict) return { ok: false, problem: strict };
  const s = clean(text);
  if (!/\d/.test(s)) return { ok: false, problem: text.trim() === '' ? 'empty' : 'unreadable' };
  const own = values(s, language, digits);
  const distinct = new Set(own.map((x) => x.v));
  if (distinct.size > 1) return { ok: false, problem: 'ambiguous' };
  // On a French screen, an English-looking amount (12,500) that English reads otherwise is not guessed either.
  const english = language === 'fr' ? values(s, 'en', digits) : [];
  if (own.length) {
    const { r, v } = own[0];
    if (english.some((x) => x.v !== v)) return { ok: false, problem: 'ambiguous' };
    if (r.fraction.length > Math.max(digits, 2)) return { ok: false, problem: 'decimals' };
    return v > BigInt(Number.MAX_SAFE_INTEGER) ? { ok: false, problem: 'too_large' } : { ok: true, minor: Number(v) };
  }
  // Not readable here: readable the other way (a French amount on an English screen, or the reverse)?
  const other = language === 'fr' ? english : values(s, 'fr', digits);
  // Without minor units, a reading the other way that is the only one (fr '20,000', en '20.000' in XAF) is the amount.
  if (digits === 0 && new Set(other.map((x) => x.v)).size === 1) {
    const v = other[0].v;
    return v > BigInt(Number.MAX_SAFE_INTEGER) ? { ok: false, problem: 'too_large' } : { ok: true, minor: Number(v) };
  }
  if (other.length) return { ok: false, problem: 'ambiguous' };
  // English and Kiswahili: 12,500,50 ends with what may be a decimal comma (12,500.50 or 1,250,050?).
  if (language !== 'fr' && /\d,\d{1,2}$/.test(s)) return { ok: false, problem: 'ambiguous' };
  return { ok: false, problem: readings(s, moneyMarks(language)).length ? 'decimals' : 'unreadable' };
}

function groupDigits(whole: string, group: string): string {
  const trimmed = whole.replace(/^0+(?=\d)/, '');
  return trimmed.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/** Minor units → the text a money input shows in the language (fr '12 500,50', en '12,500.50'; no ,00 / .00). */
export function moneyInputText(minor: number | bigint, language: Language, currency = 'NGN'): string {
  const digits = minorDigits(currency);
  const marks = moneyMarks(language);
  const v = typeof minor === 'bigint' ? minor : BigInt(Math.round(minor));
  const abs = v < 0n ? -v : v;
  const scale = 10n ** BigInt(digits);
  const frac = abs % scale;
  const whole = groupDigits((abs / scale).toString(), marks.group);
  return `${v < 0n ? '-' : ''}${whole}${frac ? `${marks.decimal}${frac.toString().padStart(digits, '0')}` : ''}`;
}

/** Whether `next` is `previous` with one stretch of characters deleted (a backspace, a cut), nothing added. */
function removedFrom(previous: string, next: string): boolean {
  if (next.length >= previous.length) return false;
  let p = 0;
  while (p < next.length && next[p] === previous[p]) p++;
  return previous.endsWith(next.slice(p));
}

/**
 * What the input shows while the person types: the whole part regrouped with the language's grouping mark
 * (1234567 → 1,234,567 · 1 234 567), the decimal mark and the decimals as typed. Text that is not a plain
 * amount in this language (a French '12.500') is left as typed, for parseMoneyText to refuse or read.
 * `previous`: what the input showed before this change (a deletion from it regroups freely).
 */
export function regroupMoneyText(text: string, language: Language, previous = ''): string {
  // "-5" or "1e3" stays as typed, for parseMoneyText to refuse (t20 U2): regrouped it would read 5 or 13.
  if (strictProblem(text)) return text;
  const marks = moneyMarks(language);
  const s = text.replace(/[^\d.,\s]/g, '').replace(/\s/g, ' ');
  const at = s.indexOf(marks.decimal);
  if (at !== s.lastIndexOf(marks.decimal)) return text;
  const intPart = at < 0 ? s : s.slice(0, at);
  const rest = at < 0 ? null : s.slice(at + 1);
  const strip = language === 'fr' ? [' '] : [',', ' '];
  if ([...intPart].some((c) => !(c >= '0' && c <= '9') && !strip.includes(c))) return text;
  // English and Kiswahili (issue 23): a comma after the whole groups with at most two digits after it (12 500,50 ·
  // 12500,50 · 1,5 · 12,500,50) may be French decimals: left as typed for parseMoneyText to refuse — or to read once
  // a third digit makes a group (12,500) — never regrouped into an amount 100 times larger. Deleting from what was
  // shown (1,250 → 1,25) regroups as before: those commas were the input's own.
  if (language !== 'fr' && rest === null && !removedFrom(previous, text) && /^\d+([ ,]\d{3})*,\d{0,2}$/.test(intPart.trim())) return text;
  if (rest !== null && !/^\d*$/.test(rest.trim())) return text;
  const intDigits = [...intPart].filter((c) => c >= '0' && c <= '9').join('');
  const whole = intDigits === '' ? (rest === null ? '' : '0') : groupDigits(intDigits, marks.group);
  return rest === null ? whole : `${whole}${marks.decimal}${rest.trim()}`;
}

/**
 * What the person has typed into a money input, as they typed it (issue 23, verify27): the input shows the text
 * regrouped (regroupMoneyText: 12 500 → 12,500 on an English screen), but a message about it quotes what they typed
 * ("12 500,50", not the shown "12,500,50"). `shown` and `typed`: before this change; `next`: the input's new value.
 * Characters added at the end are added to what was typed; any other change (a deletion, a paste over, an edit in the
 * middle) starts again from what the input now holds.
 */
export function typedMoneyText(shown: string, typed: string, next: string): string {
  return next.length > shown.length && next.startsWith(shown) ? typed + next.slice(shown.length) : next;
}
