/**
 * Amounts, currencies and dates as printed on receipts (issue 29), read from OCR text: "1,234.56", "1.234,56",
 * "15 000 FCFA", "KSh1,200/=", "R 149.99", "12/03/2026", "12 mars 2026", "12 Machi 2026".
 */
import { minorDigits } from '../constants/currencies';

/** Lower case, no accents, OCR's usual letter-for-digit slips inside numbers fixed ("1O0" → "100", "l5" → "15"). */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export function fixDigits(line: string): string {
  return (
    line
      .split(/(\s+)/)
      .map((tok) => (/\d/.test(tok) && /^[\dOolI|.,/:=-]+$/.test(tok) ? tok.replace(/[Oo]/g, '0').replace(/[lI|]/g, '1') : tok))
      .join('')
      // "152, 50" is 152.50, but "15, 22.83" (a % read as a comma) is two numbers.
      .replace(/(?<=\d)\s*[,.]\s+(?=\d{2}(?![.,]?\d))/g, '.')
  );
}

/** Currency marks and the code they stand for. Ambiguous single letters (N, R) only count right before a number. */
const CURRENCY_WORDS: Array<[RegExp, string]> = [
  [/\b(?:kes|kshs?|ksh\.)(?=[\s\d.:]|$)/g, 'KES'],
  [/(?:₦|\bngn\b)/g, 'NGN'],
  [/\bn(?=\s?\d)/g, 'NGN'],
  [/\b(?:f\s?cfa|xaf|cfa)\b/g, 'CFA'],
  [/\bxof\b/g, 'XOF'],
  [/\bzar\b/g, 'ZAR'],
  [/\br(?=\s?\d)/g, 'ZAR'],
  [/(?:\bghs\b|gh₵|₵|\bgh¢)/g, 'GHS'],
  [/\b(?:ugx|ush)\b/g, 'UGX'],
  [/\b(?:tzs|tsh)\b/g, 'TZS'],
  [/\b(?:rwf|frw)\b/g, 'RWF'],
  [/\b(?:usd|us\$)\b|\$/g, 'USD'],
  [/\beur\b|€/g, 'EUR'],
  [/\bgbp\b|£/g, 'GBP'],
  [/\betb\b/g, 'ETB'],
  [/\bzmw\b/g, 'ZMW'],
];

/** The currency the receipt is printed in, by the marks it carries most; CFA francs follow the business (XAF or XOF). */
export function findCurrency(text: string, business: string): string | null {
  const counts = new Map<string, number>();
  const t = fold(text);
  for (const [re, code] of CURRENCY_WORDS) {
    const n = t.match(re)?.length ?? 0;
    if (n) counts.set(code, (counts.get(code) ?? 0) + n);
  }
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] === business ? -1 : b[0] === business ? 1 : 0))[0]?.[0];
  if (!best) return null;
  if (best === 'CFA') return business === 'XOF' ? 'XOF' : 'XAF';
  return best;
}

const MONTHS: Record<string, number> = {};
const monthNames: Array<[number, string[]]> = [
  [1, ['jan', 'january', 'janv', 'janvier', 'januari']],
  [2, ['feb', 'february', 'fev', 'fevr', 'fevrier', 'februari']],
  [3, ['mar', 'march', 'mars', 'machi']],
  [4, ['apr', 'april', 'avr', 'avril', 'aprili']],
  [5, ['may', 'mai', 'mei']],
  [6, ['jun', 'june', 'juin', 'juni']],
  [7, ['jul', 'july', 'juil', 'juillet', 'julai']],
  [8, ['aug', 'august', 'aout', 'agosti']],
  [9, ['sep', 'sept', 'september', 'septembre', 'septemba']],
  [10, ['oct', 'october', 'octobre', 'oktoba']],
  [11, ['nov', 'november', 'novembre', 'novemba']],
  [12, ['dec', 'december', 'decembre', 'desemba']],
];
for (const [m, names] of monthNames) for (const n of names) MONTHS[n] = m;
const MONTH_RE = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

/** Dates on one line: numeric (day first, as printed in Africa; month first only when the day cannot be a month) or named. */
export const DATE_RES = {
  iso: /\b(20\d{2})[-/.](\d{1,2})[-/.](\d{1,2})\b/g,
  numeric: /\b(\d{1,2})\s?[-/.]\s?(\d{1,2})\s?[-/.]\s?(\d{4}|\d{2})\b/g,
  dayName: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|er)?[\\s.-]*(${MONTH_RE})\\.?,?[\\s.-]*(\\d{4}|\\d{2})\\b`, 'g'),
  nameDay: new RegExp(`\\b(${MONTH_RE})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'g'),
  time: /\b\d{1,2}[:h]\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?\b/g,
};

const pad = (n: number) => String(n).padStart(2, '0');
function iso(y: number, m: number, d: number): string | null {
  if (y < 100) y += 2000;
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCMonth() !== m - 1) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** Every date a line holds, as ISO dates. */
export function datesIn(line: string): string[] {
  const t = fold(fixDigits(line));
  const out: string[] = [];
  for (const m of t.matchAll(DATE_RES.iso)) out.push(iso(+m[1], +m[2], +m[3]) ?? '');
  for (const m of t.matchAll(DATE_RES.numeric)) {
    const a = +m[1];
    const b = +m[2];
    out.push((b > 12 && a <= 12 ? iso(+m[3], a, b) : iso(+m[3], b, a)) ?? '');
  }
  for (const m of t.matchAll(DATE_RES.dayName)) out.push(iso(+m[3], MONTHS[m[2]], +m[1]) ?? '');
  for (const m of t.matchAll(DATE_RES.nameDay)) out.push(iso(+m[3], MONTHS[m[1]], +m[2]) ?? '');
  return out.filter(Boolean);
}

/** The line with its dates and times blanked, so "12/03/2026 14:32" is not read as amounts. */
export function withoutDates(line: string): string {
  let t = fold(line);
  for (const re of [DATE_RES.iso, DATE_RES.numeric, DATE_RES.dayName, DATE_RES.nameDay, DATE_RES.time]) t = t.replace(re, ' ');
  return t;
}

const AMOUNT = /(?<![\d.,])(\d{1,3}(?:([,.'\u00a0\u202f ])\d{3})(?:\2\d{3})*(?:[.,]\d{1,2})?|\d{1,9}(?:[.,]\d{1,2})?)(?![\d%]|[.,]\d|\s?%|\s?x\s?\d)/g;
/** Letters allowed right before a number: a currency mark. Any other letter glued to digits is a code (INV1234, A12). */
const PREFIX = /(?:kes|kshs?|ngn|n|r|zar|ghs|ugx|ush|tzs|tsh|rwf|usd|eur|gbp|etb|zmw|cfa|xaf|xof)$/;

/**
 * The receipt's decimal mark, when its amounts show one clearly ("380.00", "65.00" → '.'): then "770.008" is 770.00
 * and a speck read as a third decimal, not seven hundred and seventy thousand.
 */
export function decimalMark(text: string): '.' | ',' | undefined {
  const dots = text.match(/\d\.\d{2}(?!\d)/g)?.length ?? 0;
  const commas = text.match(/\d,\d{2}(?!\d)/g)?.length ?? 0;
  if (dots >= 2 && dots > commas * 2) return '.';
  if (commas >= 2 && commas > dots * 2) return ',';
  return undefined;
}

/** The amounts of a line in major units (a number), with dates, times, percentages and codes left out. */
export function amountsIn(line: string, decimal?: '.' | ','): number[] {
  // Quantities ("x2", "3 x", "2 pcs") are not amounts: blanked so "x2 560.00" is not read as 2 560.
  const t = withoutDates(fixDigits(line))
    .replace(/\s*\/[=-]/g, ' ')
    .replace(/\bx\s?\d+\b|\b\d+\s?(?:x|pcs?|pkts?)\b/g, ' ');
  const out: number[] = [];
  for (const m of t.matchAll(AMOUNT)) {
    const before = t.slice(0, m.index);
    if (/[a-z]$/.test(before) && !PREFIX.test(before)) continue;
    // A number after a reference's label is a code, not money ("Receipt No: 1234", "Till 123456", "#8812").
    if (
      /[#№]\s*$|\b(?:no|nbr|number|ref|till|tel|phone|pin|tin|meter|token|invoice|receipt|facture|ticket|account|acc|paybill|order)\.?\s*[:#]?\s*$/.test(before)
    )
      continue;
    let raw = m[1];
    if (decimal && new RegExp(`^\\d{1,3}\\${decimal}\\d{3}$`).test(raw)) raw = raw.slice(0, -1);
    const dec = /[.,](\d{1,2})$/.exec(raw);
    const whole = (dec ? raw.slice(0, dec.index) : raw).replace(/[^\d]/g, '');
    if (whole.length > 9) continue;
    out.push(Number(whole) + (dec ? Number(dec[1].padEnd(2, '0')) / 100 : 0));
  }
  return out;
}

/** Major units → integer minor units of the currency (2 digits for KES, 0 for XAF). */
export function toMinor(major: number, currency: string): number {
  return Math.round(major * 10 ** minorDigits(currency));
}

/** The first percentage on a line, in basis points (16% → 1600, 7.5% → 750, 19,25 % → 1925). */
export function percentIn(line: string): number | null {
  const m = /(\d{1,2}(?:[.,]\d{1,2})?)\s?%/.exec(line);
  return m ? Math.round(Number(m[1].replace(',', '.')) * 100) : null;
}
