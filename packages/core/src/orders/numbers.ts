/**
 * The order parser's first reading (parse.ts): number words, dozens and scales become numbers, sizes written in a
 * catalog item's name stay words, and currency marks make amounts.
 */
import { nameWords, type Token } from './text';
import type { OrderContext } from './types';
import { CURRENCY, DOZEN, MEASURES, NUMBER_WORDS, PRICE_BEFORE, SCALE_AFTER, SCALE_BEFORE, STOP, UNIT_WORDS } from './words';

export interface Num extends Token {
  kind: 'num';
  value: number;
  money?: boolean;
  /** "@ 3500", "at 3500": a unit price. */
  unit?: boolean;
  /** "x3", "3 pcs", a number word: a quantity. */
  qty?: boolean;
}

export const MEASURE_SET = new Set(MEASURES);
/** Measure words read as part of a per-unit price ("3500 per yard"): never put back into a name. */
export const EACH_MEASURE = new WeakSet<Token>();
export const isNum = (t: Token | undefined): t is Num => t?.kind === 'num';
export const adjacent = (a: Token, b: Token) => a.end === b.start;

/**
 * An amount in major units ("12,500.50", "2.5k") as minor units of a currency with 10^digits of them, or null when it
 * has more decimals than the currency uses ("12,500.50" in Rwandan francs, which have no cents): never rounded
 * silently, the owner sees it unread (R0, t17). A float's noise ("1.1k" = 1100.0000000000002) is not a decimal.
 */
export function toMinor(value: number, scale: number): number | null {
  const minor = value * scale;
  const whole = Math.round(minor);
  return Number.isFinite(minor) && Math.abs(minor - whole) <= 1e-6 + Math.abs(whole) * 1e-12 ? whole : null;
}

/** Number words, dozens, hundreds and the scales: all become numbers (marked as quantities or amounts). */
export function readNumbers(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const prev = out[out.length - 1];
    // Swahili compounds: "kumi na mbili" = 12.
    // "moja" after a noun is one ("sukari moja"), but not in "kila moja" (each) or "moja kwa moja" (directly).
    const idiom = ['moja', 'kimoja', 'mmoja'].includes(t.n) && (i === 0 || ['kila', 'kwa'].includes(tokens[i - 1].n) || tokens[i + 1]?.n === 'kwa');
    if (t.kind === 'word' && NUMBER_WORDS[t.n] !== undefined && !['un', 'une'].includes(t.n) && !idiom) {
      let value = NUMBER_WORDS[t.n];
      let end = t.end;
      if (value >= 10 && value < 100 && tokens[i + 1]?.n === 'na' && NUMBER_WORDS[tokens[i + 2]?.n ?? ''] < 10) {
        value += NUMBER_WORDS[tokens[i + 2].n];
        end = tokens[i + 2].end;
        i += 2;
      } else if (value === 100 && NUMBER_WORDS[tokens[i + 1]?.n ?? ''] < 10 && t.n === 'mia') {
        value = 100 * NUMBER_WORDS[tokens[i + 1].n];
        end = tokens[i + 1].end;
        i += 1;
      }
      if ((t.n === 'hundred' || t.n === 'cent') && isNum(prev)) {
        prev.value *= 100;
        prev.end = t.end;
        continue;
      }
      if (prev && prev.kind === 'word' && SCALE_BEFORE[prev.n]) {
        out.pop();
        out.push({ ...t, kind: 'num', start: prev.start, value: value * SCALE_BEFORE[prev.n], end, money: true } as Num);
      } else out.push({ ...t, kind: 'num', value, end, qty: true } as Num);
      continue;
    }
    if (t.kind === 'word' && DOZEN.has(t.n)) {
      if (!isNum(prev) || prev.money) {
        const half = prev?.n === 'half' || prev?.n === 'demi';
        if (half) prev.used = true;
        out.push({ ...t, kind: 'num', value: half ? 6 : 12, qty: true } as Num);
      } else prev.value *= 12;
      continue;
    }
    // "25k", "1.5m", "3 thousand".
    if (t.kind === 'word' && SCALE_AFTER[t.n] && isNum(prev) && !prev.money && (t.n.length > 1 || adjacent(prev, t))) {
      prev.value *= SCALE_AFTER[t.n];
      prev.money = true;
      prev.end = t.end;
      continue;
    }
    // "elfu 3", "elfu tatu".
    if (isNum(t) && prev && SCALE_BEFORE[prev.n] && prev.kind === 'word') {
      out.pop();
      out.push({ ...t, start: prev.start, value: (t.value ?? 0) * SCALE_BEFORE[prev.n], money: true } as Num);
      continue;
    }
    out.push(t);
  }
  // A count word next to a number makes it a quantity ("3 pcs", "vipande 3", "x3", "3x").
  for (let i = 0; i < out.length; i++) {
    const t = out[i];
    if (!isNum(t) || t.money) continue;
    const before = out[i - 1];
    const after = out[i + 1];
    // A measure stays in the part (a new item keeps it in its name); a count word is dropped.
    if (after && UNIT_WORDS.has(after.n) && (after.n !== 'x' || adjacent(t, after))) {
      t.qty = true;
      if (!MEASURE_SET.has(after.n)) after.used = true;
    } else if (before && UNIT_WORDS.has(before.n) && !before.used && (!['x', '×'].includes(before.n) || adjacent(before, t) || before.n === '×')) {
      t.qty = true;
      if (!MEASURE_SET.has(before.n)) before.used = true;
    }
  }
  return out;
}

/** Units that, typed against a number ("25kg", "1L", "500g"), make a size once the phrase already has its quantity. */
const GLUED_SIZES = new Set(['kg', 'kgs', 'g', 'gr', 'l', 'ml', 'cl', 'lb', 'lbs', 'cm', 'mm']);

/**
 * A size written in a catalog item's name ("Sukari 1kg", "Mafuta ya kupikia 1L") is part of the name, not a
 * quantity or a price: "1" + "kg" typed together becomes one word when some catalog name has that word, or when
 * the phrase already has a quantity before it ("3 sacs de riz 25kg": 3 sacks of 25 kg, never 25 sacks).
 */
export function readSizes(tokens: Token[], ctx: OrderContext): Token[] {
  const sizes = new Set(ctx.catalog.flatMap((c) => nameWords(c.name, STOP).filter((w) => /^\d/.test(w) && /\p{L}/u.test(w))));
  const out: Token[] = [];
  let quantityBefore = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const next = tokens[i + 1];
    if (t.kind === 'sep') quantityBefore = false;
    const glued = t.kind === 'num' && next?.kind === 'word' && adjacent(t, next);
    if (glued && (sizes.has(`${t.n}${next.n}`) || (quantityBefore && !(t as Num).money && GLUED_SIZES.has(next.n)))) {
      out.push({ raw: `${t.raw}${next.raw}`, n: `${t.n}${next.n}`, kind: 'word', start: t.start, end: next.end });
      i++;
      continue;
    }
    if (isNum(t) && !t.money) quantityBefore = true;
    out.push(t);
  }
  return out;
}

/** Currency marks and "@ 3500" make amounts of numbers; a mark binds to the number after it first ("5 KSh 40"). */
export function readAmounts(tokens: Token[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const before = tokens[i - 1];
    if (!isNum(t) || !before || before.used) continue;
    if (CURRENCY.has(before.n) && (!['n', 'r'].includes(before.n) || adjacent(before, t)) && before.n !== 'f') {
      t.money = true;
      before.used = true;
    } else if (PRICE_BEFORE.has(before.n) && (before.n !== 'a' || before.raw === 'à')) {
      t.money = true;
      if (['@', 'at', 'a', 'bei', 'price', 'prix'].includes(before.n)) t.unit = true;
      before.used = true;
    }
  }
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const after = tokens[i + 1];
    if (!isNum(t)) continue;
    if (after && !after.used && CURRENCY.has(after.n) && !['n', 'r', '$', '₦'].includes(after.n)) {
      t.money = true;
      after.used = true;
    }
    if (t.grouped) t.money = true;
  }
}
