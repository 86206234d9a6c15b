/**
 * A receipt's OCR text → a draft expense (issue 29): vendor, date, total, tax, currency and a category guess, for the
 * owner to check before saving. Totals are found by the words near them (TOTAL, AMOUNT DUE, NET À PAYER, JUMLA) and
 * checked against the sum of the item lines and against subtotal + tax; a subtotal, a tax line, the cash handed over
 * or the change is never taken for the total.
 */
import { EXPENSE_CATEGORIES } from '../records/constants';
import { amountsIn, datesIn, decimalMark, findCurrency, fixDigits, fold, percentIn, toMinor } from './amounts';
import { guessCategory } from './category';
import type { ReceiptDraft, ReceiptScanContext } from './types';

const SUBTOTAL =
  /\b(?:sub\s?-?\s?total|s\/total|sous[\s-]?total|total\s+h\.?t\b|montant\s+h\.?t\b|jumla\s+ndogo|net\s+amount|taxable|vatable|hors\s+tax\w*|total\s+hors|before\s+tax|excl\.?\s+(?:vat|tax))/;
const TAX = /\b(?:v\.?\s?a\.?\s?t|t\.?\s?v\.?\s?a|tax|taxe|kodi|iva|gst)\b/;
const NOT_TAX = /\b(?:vat|tva|tax|pin|tin)\s*(?:no\b|n°|reg|pin|id\b|number|#|:?\s*[a-z]\d)|\btax\s+invoice\b|\bexempt|\bnif\b|\bkra\s+pin/;
const TOTAL_STRONG =
  /\b(?:grand\s+total|total\s+t\.?t\.?c|net\s+a\s+payer|montant\s+a\s+payer|reste\s+a\s+payer|a\s+payer|amount\s+due|total\s+due|balance\s+due|total\s+amount|amount\s+payable|total\s+payable|montant\s+total|jumla\s+kuu|jumla\s+ya\s+kulipa|kiasi\s+cha\s+kulipa|to\s+pay)\b/;
const TOTAL = /\b(?:total|totl|tota1|jumla|montant|amount|ttc|kiasi)\b/;
const NOT_TOTAL = /\b(?:total|jumla)\s+(?:items?|qty|quantity|articles?|savings?|discount|remise|points?|vitu|units?)\b|\bnombre\s+d.articles|\bitems?\s+count/;
const PAYMENT =
  /\b(?:cash|tendered|paid|change|monnaie|rendu|especes|taslimu|chenji|salio|m-?pesa|card|carte|visa|received|recu\s+(?:cash|especes)|balance|rounding)\b/;
const INFO =
  /\b(?:tel|phone|simu|p\.?\s?o\.?\s?box|b\.?p\.?|pin|tin|nif|rc|rccm|till|paybill|receipt|invoice|facture|ticket|ref|order|commande|cashier|caissier|served|date|time|heure|tarehe|saa|meter|token|units?)\b|@|www\.|#|n°/;

const HEADER =
  /^(?:[\w\s]*\b(?:receipt|invoice|recu|facture|stakabadhi|risiti)|cash\s+sale|ticket(?:\s+de\s+caisse)?|copy|customer\s+copy|duplicate)\W*$|^(?:welcome|bienvenue|karibu|thank\s+you|merci|asante)\b/;
const ADDRESS = /\b(?:street|st\.|road|rd\.?|avenue|ave\.?|rue|boulevard|blvd|plot|box|barabara|mtaa|lane|quartier|near|opp\.?|opposite|floor|shop\s+no)\b/;
/** Words of an address that are also in shops' names (SHOPRITE ACCRA MALL): an address only with a number or a comma. */
const ADDRESS_WEAK = /\b(?:close|building|plaza|mall|centre|center|complex|house)\b/;
/** Towns and countries: a line made only of them (Yaoundé, Cameroun) is where the shop is, never its name. */
const PLACES = new Set(
  `kenya nigeria ghana cameroun cameroon senegal cote d ivoire ivory coast tanzania uganda rwanda burundi south africa afrique du sud zambia benin togo mali burkina faso
  niger gabon congo rdc drc ethiopia malawi zimbabwe botswana namibia mozambique guinee guinea tchad chad centrafrique madagascar
  nairobi mombasa kisumu nakuru eldoret thika kiambu machakos lagos abuja ibadan kano kaduna enugu onitsha aba port harcourt benin city ikeja lekki yaba surulere
  accra kumasi tema takoradi tamale cape coast yaounde douala bafoussam garoua bamenda dakar thies abidjan bouake kampala entebbe dar es salaam arusha dodoma mwanza zanzibar
  kigali lusaka cotonou porto novo lome bamako ouagadougou niamey libreville brazzaville kinshasa johannesburg cape town durban pretoria addis ababa lilongwe harare`.split(
    /\s+/,
  ),
);
const onlyPlaces = (folded: string) => {
  const words = folded.split(/[^a-z]+/).filter(Boolean);
  return words.length > 0 && words.every((w) => PLACES.has(w));
};

interface Line {
  text: string;
  folded: string;
  amounts: number[];
  kind: 'subtotal' | 'tax' | 'total-strong' | 'total' | 'payment' | 'info' | 'other';
}

export function classify(folded: string): Line['kind'] {
  if (SUBTOTAL.test(folded)) return 'subtotal';
  if (TAX.test(folded) && !NOT_TAX.test(folded) && !TOTAL_STRONG.test(folded)) return 'tax';
  if (NOT_TOTAL.test(folded)) return 'other';
  if (TOTAL_STRONG.test(folded)) return 'total-strong';
  if (TOTAL.test(folded) && !PAYMENT.test(folded.replace(/\bamount\b/, ''))) return 'total';
  if (PAYMENT.test(folded)) return 'payment';
  if (INFO.test(folded)) return 'info';
  return 'other';
}

function titleCase(s: string): string {
  if (/[a-z]/.test(s)) return s;
  return s.toLowerCase().replace(/(^|[\s&/(.-])(\p{L})/gu, (_m, a: string, b: string) => a + b.toUpperCase());
}

/** The business's name: the first line at the top that is neither a heading (RECEIPT, FACTURE), an address nor a number. */
function findVendor(lines: Line[]): string | null {
  for (const l of lines) {
    const m = /^(?:landlord|seller|vendor|merchant|shop|store|supplier|vendeur|fournisseur|magasin|boutique|muuzaji|duka)\s*:\s*(.{3,})$/i.exec(l.text);
    if (m) return titleCase(m[1].trim()).slice(0, 120);
  }
  for (const l of lines.slice(0, 8)) {
    // The name is printed above the items: once a line has a price, the top is over (an item is never the vendor).
    if (l.amounts.length || /\d[.,]\s?\d{2}\b/.test(l.text)) break;
    if (l.text.split(' ').length >= 6) continue;
    const letters = l.text.match(/\p{L}/gu)?.length ?? 0;
    if (letters < 3 || letters < l.text.replace(/\s/g, '').length * 0.5) continue;
    if (HEADER.test(l.folded) || INFO.test(l.folded) || ADDRESS.test(l.folded) || onlyPlaces(l.folded)) continue;
    if (ADDRESS_WEAK.test(l.folded) && /[\d,]/.test(l.text)) continue;
    // A label word in a name (STATION TOTAL BASTOS) is no total when the line has no amount: it is above the items.
    if (l.kind !== 'other' && l.kind !== 'total') continue;
    if (/^\d/.test(l.text) && /\d{2,}/.test(l.text)) continue;
    if (datesIn(l.text).length) continue;
    let words = l.text
      .replace(/[*=_~|#]+/g, ' ')
      // Quote marks are specks unless inside a word (French L’ÉTOILE): "“PHARMACIE DU’ CENTRE" is Pharmacie Du Centre.
      .replace(/(?<!\p{L})['’‘`´"“”]+|['’‘`´"“”]+(?!\p{L})/gu, '')
      .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}).]+$/gu, '')
      .split(/\s+/);
    // A name printed in capitals with a short lower-case scrap beside it ("NAIVAS SUPERMARKET Ct"): the scrap is specks.
    const caps = words.filter((w) => /\p{Lu}{2}/u.test(w) && !/\p{Ll}/u.test(w));
    if (caps.length >= Math.ceil(words.length / 2)) words = words.filter((w) => !(/\p{Ll}/u.test(w) && w.replace(/\W/g, '').length <= 2));
    const name = words.join(' ').replace(/[\s.,:;-]+$/g, '');
    if (name.length >= 3) return titleCase(name).slice(0, 120);
  }
  return null;
}

/**
 * OCR misreads the last digit of a year on a tilted or faint photo (2026 as 2024 or 2028: 6, 4, 8, 5, 0 and 3 look
 * alike). A receipt dated years ago whose day and month fall in the last six months of this year's (or last year's)
 * calendar, with only that digit different, is read as the recent date: the field is marked for the owner to check.
 */
function recentYear(date: string, today: string): string {
  const year = Number(date.slice(0, 4));
  const now = Number(today.slice(0, 4));
  const LOOKALIKE = '645803';
  for (const y of [now, now - 1]) {
    if (year === y || Math.abs(year - y) < 2 || Math.floor(year / 10) !== Math.floor(y / 10)) continue;
    if (!LOOKALIKE.includes(String(year % 10)) || !LOOKALIKE.includes(String(y % 10))) continue;
    const fixed = `${y}${date.slice(4)}`;
    const days = (Date.parse(today) - Date.parse(fixed)) / 86_400_000;
    if (days >= 0 && days <= 183) return fixed;
  }
  return date;
}

/** The receipt's date: on a line that says so (Date, Le, Tarehe) first, then the first one printed; never after today. */
function findDate(lines: Line[], today: string): string | null {
  const labelled = lines.filter((l) => /\b(?:date|le|tarehe|du)\b/.test(l.folded));
  const all = [...labelled, ...lines].flatMap((l) => datesIn(l.text));
  const ok = all.map((d) => recentYear(d, today)).filter((d) => d <= today && d >= '2000-01-01');
  return ok[0] ?? null;
}

const near = (a: number, b: number) => Math.abs(a - b) < 0.011;
const last = (l: Line | undefined) => (l && l.amounts.length ? l.amounts[l.amounts.length - 1] : null);

/** The amount a labelled line gives: its last amount, or the lone amount on the line below ("TOTAL" / "1,500.00"). */
function labelledAmount(lines: Line[], i: number): number | null {
  const own = last(lines[i]);
  if (own !== null) return own;
  const next = lines[i + 1];
  if (next && next.kind === 'other' && !/\p{L}{3}/u.test(next.text.replace(/\b(?:kes|kshs?|ngn|fcfa|cfa|xaf|zar|ghs|ugx|tzs|usd|eur)\b/gi, '')))
    return last(next);
  return null;
}

/** Reads OCR text into a draft expense; amounts in minor units of the currency printed (or the business's). */
export function parseReceiptText(text: string, ctx: ReceiptScanContext): ReceiptDraft {
  const decimal = decimalMark(fixDigits(text));
  const lines: Line[] = text
    .split(/\r?\n/)
    .map((t) => t.replace(/\s+/g, ' ').trim())
    .filter((t) => t.length > 0)
    .map((t) => {
      const folded = fold(t).replace(/(?<=[a-z])0|0(?=[a-z]{2})/g, 'o');
      return { text: t, folded, amounts: amountsIn(t, decimal), kind: classify(folded) };
    });
  const found = findCurrency(text, ctx.currency);
  const currency = found ?? ctx.currency;

  const firstSummary = lines.findIndex((l) => l.kind === 'subtotal' || l.kind === 'total' || l.kind === 'total-strong' || l.kind === 'tax');
  const items = (firstSummary < 0 ? [] : lines.slice(0, firstSummary)).filter((l) => l.kind === 'other' && l.amounts.length > 0 && /\p{L}{2}/u.test(l.text));
  const linesSum = items.length >= 1 ? items.reduce((s, l) => s + (last(l) ?? 0), 0) : null;

  const subtotals = lines.flatMap((l, i) => (l.kind === 'subtotal' ? [labelledAmount(lines, i)] : [])).filter((v): v is number => v !== null);
  const subtotal = subtotals.length ? Math.max(...subtotals) : null;
  const taxLines = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.kind === 'tax');
  const taxTotal = taxLines.find(({ l }) => /\btotal\b/.test(l.folded));
  const taxAmounts = (taxTotal ? [taxTotal] : taxLines).map(({ i }) => labelledAmount(lines, i)).filter((v): v is number => v !== null && v > 0);
  let tax = taxAmounts.length ? Math.round(taxAmounts.reduce((a, b) => a + b, 0) * 100) / 100 : null;
  const rate = taxLines.map(({ l }) => percentIn(l.text)).find((r) => r !== null && r > 0) ?? null;

  const candidates = lines
    .map((l, i) => ({ rank: l.kind === 'total-strong' ? 2 : l.kind === 'total' ? 1 : 0, value: labelledAmount(lines, i) }))
    .filter((c): c is { rank: number; value: number } => c.rank > 0 && c.value !== null && c.value > 0);
  const consistent = (v: number) =>
    (linesSum !== null && near(v, linesSum)) || (subtotal !== null && tax !== null && near(v, subtotal + tax)) || (subtotal !== null && near(v, subtotal));
  candidates.sort((a, b) => b.rank - a.rank || Number(consistent(b.value)) - Number(consistent(a.value)) || b.value - a.value);
  let total: number | null = candidates[0]?.value ?? null;
  if (total === null && subtotal !== null) total = tax !== null ? subtotal + tax : subtotal;
  if (total === null && linesSum !== null && linesSum > 0) total = linesSum;
  if (tax !== null && total !== null && tax >= total) tax = null;

  const check: ReceiptDraft['total_check'] =
    total === null
      ? 'none'
      : linesSum !== null && near(total, linesSum)
        ? 'lines'
        : subtotal !== null && (near(total, subtotal + (tax ?? 0)) || near(total, subtotal))
          ? 'subtotal_tax'
          : 'none';

  const vendor = findVendor(lines);
  const date = findDate(lines, ctx.today);
  const category = guessCategory(`${vendor ?? ''}\n${text}`);
  return {
    vendor,
    date,
    currency,
    currency_found: found !== null,
    total: total === null ? null : toMinor(total, currency),
    subtotal: subtotal === null ? null : toMinor(subtotal, currency),
    tax: tax === null ? null : toMinor(tax, currency),
    tax_rate_bps: rate,
    category: category && (EXPENSE_CATEGORIES as readonly string[]).includes(category) ? category : null,
    total_check: check,
    readable: total !== null || date !== null,
  };
}
