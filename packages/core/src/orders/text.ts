/** Text helpers of the order parser: normalising, stemming, fuzzy comparison and the tokeniser. */
import { FEE_GROUPS } from './words';

/** Lower case, no accents, straight apostrophes. */
export function norm(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’`]/g, "'")
    .toLowerCase();
}

/** A rough stem shared by English, French and Swahili plurals: "dresses" → "dress", "chapeaux" → "chapeau", "mashati" → "shati", "viatu" → "kiatu". */
export function stem(w: string): string {
  let s = w;
  if (s.length > 5 && s.startsWith('ma')) s = s.slice(2);
  else if (s.length > 4 && s.startsWith('vi')) s = 'ki' + s.slice(2);
  if (s.length > 4 && s.endsWith('ies')) return s.slice(0, -3) + 'y';
  if (s.length > 4 && /(ses|xes|zes|ches|shes)$/.test(s)) return s.slice(0, -2);
  if (s.length > 3 && (s.endsWith('s') || s.endsWith('x')) && !s.endsWith('ss')) return s.slice(0, -1);
  return s;
}

/** Edit distance with transpositions, stopping early past `max`. */
export function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, rows[i - 2][j - 2] + 1);
      row.push(v);
      best = Math.min(best, v);
    }
    rows.push(row);
    if (i > 0 && best > max) return max + 1;
  }
  return rows[a.length][b.length];
}

/** How well a typed word stands for a name's word: 1 same, 0.8 close, 0 not at all. */
export function wordScore(typed: string, name: string, minFuzzy = 4): number {
  if (typed === name) return 1;
  const a = stem(typed);
  const b = stem(name);
  if (a === b) return 1;
  if (b.length < minFuzzy || a.length < 3) return 0;
  const max = b.length >= 7 ? 2 : 1;
  return distance(a, b, max) <= max ? 0.8 : 0;
}

/** code: a hyphenated id or reference (see TOKEN), kept as typed and never read as a number. */
export type TokenKind = 'num' | 'word' | 'sep' | 'sign' | 'code';

export interface Token {
  raw: string;
  /** norm(raw). */
  n: string;
  kind: TokenKind;
  start: number;
  end: number;
  /** Numbers: the value. */
  value?: number;
  /** Numbers: written with a thousands grouping ("25,000", "15 000"). */
  grouped?: boolean;
  /** Taken by the client, the due date, a line or a fee. */
  used?: boolean;
  /** Part of text that looks like markup or code ("<img …>", "alert(1)", "onerror=…"): never a number, a name or an item. */
  script?: boolean;
}

// First: a code of letters and digits in three or more hyphenated parts (a record id, a payment reference such as
// 3f2504e0-4f89-11d3-…) is one token, never read as quantities and prices. Dates (digits only) are not codes.
const TOKEN = /(?=[\p{L}\d-]*\d)(?=[\p{L}\d-]*\p{L})[\p{L}\d]+(?:-[\p{L}\d]+){2,}|\d+(?:[.,]\d+)*|[\p{L}\p{M}]+|\/=|\/-|[₦$€£₵@×]|[,;\n+&:]|[^\s]/gu;

/** Reads "25,000", "2,5", "1.5", "25.000" as numbers; null when the grouping makes no sense. */
export function numberValue(raw: string): { value: number; grouped: boolean } | null {
  const commas = raw.split(',');
  const dots = raw.split('.');
  if (commas.length > 1 && dots.length > 1) {
    const lastComma = raw.lastIndexOf(',');
    const lastDot = raw.lastIndexOf('.');
    const dec = lastComma > lastDot ? ',' : '.';
    const thousands = dec === ',' ? '.' : ',';
    const [whole, frac] = raw.split(dec);
    return { value: Number(`${whole.split(thousands).join('')}.${frac}`), grouped: true };
  }
  const parts = commas.length > 1 ? commas : dots;
  if (parts.length === 1) return { value: Number(raw), grouped: false };
  const groups = parts.slice(1);
  if (groups.every((g) => g.length === 3) && parts[0].length <= 3) return { value: Number(parts.join('')), grouped: true };
  if (parts.length === 2) return { value: Number(`${parts[0]}.${parts[1]}`), grouped: false };
  return null;
}

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const raw = m[0];
    if (/^['’`]$/.test(raw)) continue;
    const start = m.index ?? 0;
    const t: Token = { raw, n: norm(raw), kind: 'word', start, end: start + raw.length };
    if (/^[\p{L}\d]+(?:-[\p{L}\d]+){2,}$/u.test(raw) && /\d/.test(raw) && /\p{L}/u.test(raw)) t.kind = 'code';
    else if (/^\d/.test(raw)) {
      const v = numberValue(raw);
      if (v) {
        t.kind = 'num';
        t.value = v.value;
        t.grouped = v.grouped;
      } else t.kind = 'sign';
    } else if (/^[,;\n+&:]$/.test(raw)) t.kind = 'sep';
    else if (!/^[\p{L}]/u.test(raw)) t.kind = 'sign';
    out.push(t);
  }
  return out;
}

/** Joins "15 000" into one number (French thousands written with a space) when the text reads as French. */
export function joinSpacedThousands(tokens: Token[], text: string): Token[] {
  const out: Token[] = [];
  for (const t of tokens) {
    const prev = out[out.length - 1];
    if (
      prev?.kind === 'num' &&
      t.kind === 'num' &&
      !prev.grouped &&
      /^\d{1,3}$/.test(prev.raw) &&
      /^\d{3}(?:,\d{1,2})?$/.test(t.raw) &&
      /^[ \u00a0\u202f]$/.test(text.slice(prev.end, t.start))
    ) {
      // "12 500,50": the last group may carry the French decimal comma.
      prev.value = Number(prev.raw) * 1000 + Number(t.raw.replace(',', '.'));
      prev.raw = text.slice(prev.start, t.end);
      prev.end = t.end;
      prev.grouped = true;
      continue;
    }
    out.push(t);
  }
  return out;
}

/** The words of a name, for matching: normalised, without stop words. */
export function nameWords(name: string, stop: Set<string>): string[] {
  return norm(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !stop.has(w));
}

/** How many tokens from i spell one of the phrases (words joined by spaces), the longest; 0 when none. */
export function phraseAt(tokens: Token[], i: number, phrases: string[]): number {
  let best = 0;
  for (const p of phrases) {
    const words = p.split(' ');
    if (words.length > best && words.every((w, k) => tokens[i + k] && !tokens[i + k].used && tokens[i + k].n === w)) best = words.length;
  }
  return best;
}

/** A typed word is (close to) a fee group's word: "delivery", "livraison", "usafirishaji"… */
export const isFeeWord = (words: Token[]) => words.some((w) => FEE_GROUPS.some((g) => g.some((x) => !x.includes(' ') && wordScore(w.n, x) > 0)));

/**
 * Text that looks like markup or code rather than an order: a tag ("<img src=x>", "</b>"), a call ("alert(1)",
 * "alert('x')", "fetch(document.cookie)"), an event or link attribute ("onerror=", "href="), a script address
 * ("javascript:"), a template ("${x}", "{{x}}") or an entity ("&lt;"). A size such as "shirt(XL)", "total = 500" and
 * the shilling mark "2500/=" are not.
 */
const SCRIPT = new RegExp(
  [
    String.raw`<\s*\/?\s*[\p{L}!?][^<>]*>?`,
    String.raw`[\p{L}_$][\p{L}\d_$]*\((?:\s*\d*\s*|[^)]*(?:[=;'"${'`'}(]|\p{L}\.\p{L})[^)]*)\)`,
    String.raw`\b(?:on\p{L}+|src|href|style|srcdoc|action|formaction)\s*=`,
    String.raw`\b(?:javascript|vbscript|data)\s*:`,
    String.raw`\$\{|\{\{|\}\}|&#?\w+;`,
  ].join('|'),
  'giu',
);

/** The text holds markup or code (see SCRIPT): an order's line never does. */
export const looksLikeScript = (text: string): boolean => new RegExp(SCRIPT.source, 'iu').test(text);

/** Marks the tokens inside script-looking text (see SCRIPT): they become signs, so no number, name or item is read from them. */
export function markScript(tokens: Token[], text: string): void {
  const spans = [...text.matchAll(SCRIPT)].map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length] as const);
  if (!spans.length) return;
  for (const t of tokens) {
    if (!spans.some(([a, b]) => t.start < b && t.end > a)) continue;
    t.script = true;
    t.kind = 'sign';
  }
}
