/**
 * The order parser: an order written or spoken in English, French, Swahili or Nigerian Pidgin ("2 agbada 25k each
 * for Chinedu, delivery 3k, due Friday") → a draft invoice (OrderDraft). Runs on the device, offline; no model.
 *
 * Order of reading: numbers and amounts ("25k", "KSh 2,500", "2500/=", "elfu 3"), the due date, the client, the
 * "each"/"for both" marks, then the order is cut into parts (commas, "and", "et", "na") and each part becomes a line,
 * a fee, a price or quantity for the line before it, or an unread remainder.
 */
import { hasAtMost3Decimals } from '../amounts/math';
import { minorDigits } from '../constants/currencies';
import { takeClient } from './client';
import { takeDueDate } from './dates';
import { ORDER_TEXT_MAX } from './model';
import { isFeeWord, joinSpacedThousands, markScript, nameWords, norm, phraseAt, type Token, tokenize, wordScore } from './text';
import { EACH_MEASURE, isNum, MEASURE_SET, type Num, readAmounts, readNumbers, readSizes, toMinor } from './numbers';
import type { OrderContext, OrderDraft, OrderDraftFee, OrderDraftLine } from './types';
import { CURRENCY, EACH, FEE_GROUPS, FILLER, STOP, TOTAL, UNIT_WORDS } from './words';

type Mark = 'each' | 'total';
interface Part {
  tokens: Token[];
  mark: Mark | null;
  /** The part's tokens with its "each"/"for both" words: what an unread part shows. */
  all: Token[];
}

const FRENCH = new Set(['pour', 'chacun', 'chacune', 'livraison', 'fcfa', 'cfa', 'francs', 'les', 'des', 'tout', 'mois', 'semaines', 'jours']);
const SPLIT_WORDS = new Set(['and', 'et', 'na', 'plus', 'then', 'also', 'pia', 'puis']);

/** Cuts the order into parts at commas, "and", "et", "na", and before a new quantity once a part has an item and a price. */
function cut(tokens: Token[]): Part[] {
  const parts: Part[] = [];
  let cur: Part = { tokens: [], mark: null, all: [] };
  const flush = () => {
    if (cur.tokens.length || cur.mark) parts.push(cur);
    cur = { tokens: [], mark: null, all: [] };
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind === 'sep' || (t.kind === 'word' && SPLIT_WORDS.has(t.n) && !t.used)) {
      t.used = true;
      flush();
      continue;
    }
    if (t.used) continue;
    const each = phraseAt(tokens, i, EACH);
    const total = phraseAt(tokens, i, TOTAL);
    if (each || total) {
      const n = Math.max(each, total);
      for (let k = i; k < i + n; k++) {
        tokens[k].used = true;
        EACH_MEASURE.add(tokens[k]);
        cur.all.push(tokens[k]);
      }
      cur.mark = total >= each ? 'total' : 'each';
      i += n - 1;
      continue;
    }
    // "2 agbada 25k each 3 caps 2k each": a new quantity after an item with a price starts a new line.
    if (isNum(t) && !t.money && cur.tokens.some((x) => x.kind === 'word') && cur.tokens.some((x) => isNum(x) && x.money)) flush();
    cur.tokens.push(t);
    cur.all.push(t);
  }
  flush();
  return parts;
}

function matchCatalog(words: Token[], ctx: OrderContext) {
  let best: { item: OrderContext['catalog'][number]; score: number; used: Set<Token> } | null = null;
  for (const item of ctx.catalog) {
    const name = nameWords(item.name, STOP).filter((w) => !/\d/.test(w));
    if (!name.length) continue;
    const used = new Set<Token>();
    let score = 0;
    for (const w of name) {
      let top = 0;
      let pick: Token | null = null;
      for (const t of words) {
        if (used.has(t)) continue;
        const s = wordScore(t.n, w);
        if (s > top) [top, pick] = [s, t];
      }
      if (!pick) continue;
      used.add(pick);
      score += top;
    }
    // Every word of the name, or at least half of it when no typed word is left over ("3 jollof" → Jollof rice).
    // Or one distinctive word that names no other catalog item ("1 cap" → Aso oke cap).
    const distinctive = () =>
      used.size === words.length && [...used].every((t) => ctx.catalog.filter((c) => nameWords(c.name, STOP).some((w) => wordScore(t.n, w) > 0)).length === 1);
    const covered = used.size === name.length || (used.size * 2 >= name.length && used.size === words.length) || distinctive();
    if (!score || !covered) continue;
    const value = score / name.length + name.length * 0.01;
    if (!best || value > best.score) best = { item, score: value, used };
  }
  return best;
}

function matchFee(words: Token[], ctx: OrderContext): OrderContext['fees'][number] | null {
  const typed = words.map((w) => w.n);
  for (const fee of ctx.fees) {
    const name = nameWords(fee.name, STOP);
    if (name.length && name.every((n) => typed.some((t) => wordScore(t, n) > 0))) return fee;
  }
  for (const group of FEE_GROUPS) {
    if (!typed.some((t) => group.some((g) => !g.includes(' ') && wordScore(t, g) > 0))) continue;
    const fee = ctx.fees.find((f) => group.includes(norm(f.name).trim()) || nameWords(f.name, STOP).some((n) => group.includes(n)));
    if (fee) return fee;
    return null;
  }
  return null;
}

/** A typed word is the fee's name or one of its group's nouns, as written (not a word that merely looks like it). */
function namesFee(words: Token[], fee: OrderContext['fees'][number]): boolean {
  const own = nameWords(fee.name, STOP);
  const group = FEE_GROUPS.find((g) => g.includes(norm(fee.name).trim()) || own.some((n) => g.includes(n))) ?? [];
  return words.some((w) => (own.includes(w.n) || group.includes(w.n)) && !FEE_VERBS.has(w.n));
}

/** Fee-group words that are verbs ("to transport"): never a fee without an amount. */
const FEE_VERBS = new Set(['kusafirisha', 'dispatch']);

const span = (text: string, tokens: Token[]) => (tokens.length ? text.slice(tokens[0].start, tokens[tokens.length - 1].end).trim() : '');

/**
 * A new item's words as typed, without the quantity, price and "each" that stand among them: "2 chairs 5k each for
 * picnic" → "chairs for picnic" (what the order is for stays in the line, h116), never "chairs 5k each for picnic".
 */
function nameSpan(text: string, all: Token[], words: Token[], taken: Set<Token>): string {
  if (!words.length) return '';
  const from = words[0].start;
  const to = words[words.length - 1].end;
  const runs: Token[][] = [[]];
  for (const t of all) {
    if (t.start < from || t.end > to) continue;
    if (taken.has(t) || EACH_MEASURE.has(t)) {
      if (runs[runs.length - 1].length) runs.push([]);
    } else runs[runs.length - 1].push(t);
  }
  return runs
    .filter((r) => r.length)
    .map((r) => span(text, r))
    .join(' ');
}

type Read =
  | { kind: 'line'; line: OrderDraftLine }
  | { kind: 'fee'; fee: OrderDraftFee }
  | { kind: 'price'; amount: number; mark: Mark | null }
  | { kind: 'qty'; quantity: number }
  | { kind: 'rest'; text: string }
  | null;

function unitOf(total: number, qty: number): { unit: number; rounded: boolean } {
  const unit = Math.round(total / qty);
  return { unit, rounded: unit * qty !== total };
}

/**
 * Reads one part of the order. A price with more decimals than the currency uses ("12,500.50" in Rwandan francs) or a
 * quantity with more than 3 is never rounded: the price goes to `unread` (the line keeps no price), and a part
 * without an item stays unread whole.
 */
function readPart(part: Part, text: string, ctx: OrderContext, scale: number, unread: string[]): Read {
  const tokens = part.tokens.filter((t) => !t.used);
  const nums = tokens.filter(isNum);
  const words = tokens.filter((t) => t.kind === 'word' && !FILLER.has(t.n) && !UNIT_WORDS.has(t.n) && !CURRENCY.has(t.n));
  const money = nums.filter((n) => n.money);
  const plain = nums.filter((n) => !n.money);
  let qty: Num | undefined = plain.find((n) => n.qty) ?? undefined;
  let price: Num | undefined = money[0];
  const rest = plain.filter((n) => n !== qty);
  // "delivery 50", "transport 30": the one number of a charge is its amount, however small (without a fee of that name
  // it would otherwise read as 50 deliveries with no price).
  const charge = words.length > 0 && words.length <= 2 && isFeeWord([words[0]]);
  if (!qty && rest.length) {
    if (price || rest.length > 1 || (!charge && rest[0].value <= 100 && Number.isInteger(rest[0].value))) qty = rest.shift();
  }
  if (!price && rest.length) price = rest.shift();
  const extraNums = rest;
  const amount = price ? toMinor(price.value, scale) : null;
  const quantity = qty ? qty.value : 1;
  const mark: Mark | null = part.mark ?? (price?.unit ? 'each' : null);
  const whole = () =>
    ({
      kind: 'rest',
      text: span(
        text,
        part.all.filter((t) => t.kind !== 'sep'),
      ),
    }) as const;
  if (!hasAtMost3Decimals(quantity) || (price && amount === null && !words.length)) return whole();
  // The price as typed, with its "each": shown unread beside a line that keeps no price.
  const priceText = () => [span(text, [price!]), ...part.all.filter((t) => EACH_MEASURE.has(t)).map((t) => t.raw)].join(' ');
  if (price && amount === null) unread.push(priceText());

  if (!words.length) {
    if (amount !== null && !qty) return { kind: 'price', amount, mark };
    if (qty && amount === null) return { kind: 'qty', quantity };
    if (qty && amount !== null) return { kind: 'line', line: { catalog_id: null, description: '', quantity, unit_price: amount, price_stated: true } };
    const other = tokens.filter((t) => t.kind !== 'sep' && !FILLER.has(t.n) && t.kind !== 'sign');
    return other.length ? { kind: 'rest', text: span(text, other) } : null;
  }
  const found = matchCatalog(words, ctx);
  if ((!found || isFeeWord(words)) && (isFeeWord(words) || ctx.fees.length)) {
    const fee = matchFee(words, ctx);
    // "delivery 100": a number beside a fee is its amount.
    const typed = amount === null && qty && !qty.qty ? qty : null;
    const feeAmount = amount ?? (typed ? toMinor(typed.value, scale) : null);
    // Without an amount, only the fee's own noun asks for it ("2 caps, delivery", "plus delivery"): a verb like it
    // ("deliver am tomorrow") says how the order goes, not that a charge is added (t14 D5). Beside an item, too, only
    // the noun makes the part a fee ("deliver am 2 senator suit 30k each" is the suits).
    if (fee && (!found || isFeeWord(words)) && (found || feeAmount === null ? namesFee(words, fee) : true)) {
      if (typed && feeAmount === null) unread.push(span(text, [typed]));
      return { kind: 'fee', fee: { fee_id: fee.id, name: fee.name, amount: fee.calculation === 'fixed' ? feeAmount : null } };
    }
  }
  const codes = tokens.filter((t) => t.kind === 'code');
  const described = [...words, ...extraNums, ...codes].sort((a, b) => a.start - b.start);
  if (!found && !qty && amount === null) return { kind: 'rest', text: span(text, described) };
  let unit_price = amount;
  let rounded = false;
  // A price typed but not usable ("12,500.50" in francs) leaves the line without one, not with the catalog's.
  const catalogPrice = price && amount === null ? null : (found?.item.unit_price ?? null);
  const isTotal = mark === 'total' || (mark === null && amount !== null && quantity > 1 && catalogPrice !== null && amount === catalogPrice * quantity);
  if (amount !== null && isTotal && quantity > 0) ({ unit: unit_price, rounded } = unitOf(amount, quantity));
  if (unit_price === null) unit_price = catalogPrice;
  let description: string;
  if (found) {
    const own = nameWords(found.item.name, STOP);
    const extras = described.filter((t) => !found.used.has(t) && !own.includes(t.n));
    description = extras.length ? `${found.item.name} (${extras.map((t) => t.raw).join(' ')})` : found.item.name;
  } else {
    // A new item keeps its measure in its name ("Bouteilles de bissap", "Maziwa lita"); a catalog item has its own unit.
    const measures = part.tokens.filter((t) => t.kind === 'word' && MEASURE_SET.has(t.n) && !EACH_MEASURE.has(t));
    const d = nameSpan(
      text,
      part.all,
      [...described, ...measures].sort((a, b) => a.start - b.start),
      new Set([qty, price].filter((t): t is Num => !!t)),
    );
    description = d.charAt(0).toUpperCase() + d.slice(1);
  }
  const line: OrderDraftLine = { catalog_id: found?.item.id ?? null, description, quantity, unit_price, price_stated: amount !== null };
  if (rounded) line.rounded = true;
  return { kind: 'line', line };
}

/** Reads an order into a draft invoice. Pure: the same text and context always give the same draft. */
export function parseOrder(text: string, ctx: OrderContext): OrderDraft {
  const scale = 10 ** minorDigits(ctx.currency);
  let tokens = tokenize(text.slice(0, ORDER_TEXT_MAX));
  const french = tokens.some((t) => FRENCH.has(t.n) || t.raw === 'à');
  if (french) tokens = joinSpacedThousands(tokens, text);
  markScript(tokens, text);
  tokens = readSizes(tokens, ctx);
  tokens = readNumbers(tokens);
  readAmounts(tokens);
  const due = takeDueDate(tokens, ctx.today, ctx.date_order ?? 'dmy');
  const due_date = due.date;
  const client = takeClient(tokens, ctx);
  const lines: OrderDraftLine[] = [];
  const fees: OrderDraftFee[] = [];
  const remainder: string[] = due.unread.length ? [span(text, due.unread)] : [];
  let last: OrderDraftLine | null = null;
  for (const part of cut(tokens)) {
    // Markup or code typed (or pasted) into an order is never a line, a price or a fee: the whole part stays unread.
    if (part.tokens.some((t) => t.script)) {
      remainder.push(span(text, part.all));
      continue;
    }
    const read = readPart(part, text, ctx, scale, remainder);
    if (!read) continue;
    if (read.kind === 'line') {
      if (!read.line.description) {
        if (last && !last.price_stated) {
          last.quantity = read.line.quantity;
          applyPrice(last, read.line.unit_price ?? 0, part.mark);
          continue;
        }
        remainder.push(span(text, part.tokens));
        continue;
      }
      lines.push(read.line);
      last = read.line;
    } else if (read.kind === 'fee') {
      if (!fees.some((f) => f.fee_id === read.fee.fee_id)) fees.push(read.fee);
    } else if (read.kind === 'price' && last && !last.price_stated) applyPrice(last, read.amount, read.mark);
    else if (read.kind === 'qty' && last) last.quantity = read.quantity;
    else if (read.kind === 'rest') remainder.push(read.text);
    else
      remainder.push(
        span(
          text,
          part.tokens.filter((t) => t.kind !== 'sep'),
        ),
      );
  }
  // A line needs a quantity above zero ("0001-01-01" reads as 0 of "01-01"): anything else stays visible as unread.
  const counted = lines.filter((l) => Number.isFinite(l.quantity) && l.quantity > 0);
  for (const l of lines) if (!counted.includes(l)) remainder.push(l.description);
  return { client, lines: counted, fees, due_date, remainder: remainder.filter(Boolean), currency: ctx.currency };
}

function applyPrice(line: OrderDraftLine, amount: number, mark: Mark | null): void {
  line.price_stated = true;
  if (mark === 'total' && line.quantity > 0) {
    const { unit, rounded } = unitOf(amount, line.quantity);
    line.unit_price = unit;
    if (rounded) line.rounded = true;
  } else line.unit_price = amount;
}
