import { CURRENCIES, currencySymbol, minorDigits, symbolIsWord } from '../constants/currencies';
import { getDisplayLanguage, type Language } from '../constants/languages';

/**
 * The one way money is shown (app, public page, PDF, WhatsApp text, e-mails). SPEC §9 shows 0 decimals,
 * which is kept for whole amounts; an amount with kobo or cents shows them (₦12,500.50), so what a
 * customer reads is what they pay and every sum adds up to the figures beside it (issue 14).
 * Minor units may be a number or a bigint (core money moves to bigint for large amounts).
 */
export interface MoneyDisplayOptions {
  /** 'symbol' (₦12,500) for screens; 'code' (NGN 12,500) where the glyph cannot be drawn (PDF fonts). */
  display?: 'symbol' | 'code';
  /** The reader's language (grouping, decimal mark, where the symbol goes); the display language when absent. */
  language?: Language;
  /**
   * Show the minor units even on a whole amount (₦33,505.00): a document where any amount has kobo or cents shows
   * them on every amount (issue 23), see documentShowsMinor. No effect for a currency without minor units.
   */
  minor?: boolean;
}

/**
 * A negative amount carries the formatter's sign ('-', in every language); a zero never does (no -KSh0.00). Show an
 * amount taken off (credited, discount, input tax) as formatMoney(-amount), never by writing a sign before it.
 * `minor` counts the currency's ISO minor units (minorDigits: kobo for NGN, whole francs for XAF and UGX), so a
 * zero-decimal currency never shows decimals. English: ₦12,500.50, KSh5,000, FCFA 12,500 (symbolIsWord: a space).
 */
export function formatMoney(minor: number | bigint, currency = 'NGN', options: MoneyDisplayOptions = {}): string {
  const value = typeof minor === 'bigint' ? minor : BigInt(Math.round(minor));
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const digitsAfter = minorDigits(currency);
  const scale = 10n ** BigInt(digitsAfter);
  const frac = abs % scale;
  const unit = options.display === 'code' ? currency : currencySymbol(currency);
  const language = options.language ?? getDisplayLanguage();
  const showFrac = digitsAfter > 0 && (frac !== 0n || options.minor === true);
  if (language !== 'en') return localMoney(language, abs / scale, frac, negative, unit, digitsAfter, showFrac);
  const whole = englishDigits.format(abs / scale);
  const digits = !showFrac ? whole : `${whole}.${frac.toString().padStart(digitsAfter, '0')}`;
  // A plain space: English text goes into SMS too, where a no-break space would double the cost of a message.
  const prefix = options.display === 'code' || symbolIsWord(currency) ? `${unit} ` : unit;
  return `${negative ? '-' : ''}${prefix}${digits}`;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
/** English grouping (12,500) through Intl, like French and Kiswahili; the symbol and cents are placed by formatMoney. */
const englishDigits = new Intl.NumberFormat('en', { maximumFractionDigits: 0, useGrouping: true });

/**
 * Money in French or Kiswahili through Intl (12 500 ₦ in French, ₦ 12,500 in Kiswahili), with Duka's own symbol
 * or code in the currency's place. Exact for any size: whole units go to Intl as a bigint, the cents are appended.
 */
function localMoney(language: Language, whole: bigint, frac: bigint, negative: boolean, unit: string, digitsAfter: number, showFrac: boolean): string {
  let format = moneyFormats.get(language);
  if (!format) {
    // Any ISO currency gives the locale's pattern; the unit shown is replaced below.
    format = new Intl.NumberFormat(language, { style: 'currency', currency: CURRENCIES[0].iso, currencyDisplay: 'code', maximumFractionDigits: 0 });
    moneyFormats.set(language, format);
  }
  const decimal = decimalMark(language);
  const parts = format.formatToParts(negative ? -whole : whole);
  if (negative && whole === 0n && !parts.some((p) => p.type === 'minusSign')) parts.unshift({ type: 'minusSign', value: '-' });
  let out = '';
  parts.forEach((part, i) => {
    if (part.type === 'currency') out += unit;
    // One sign in every language and runtime: the hyphen-minus English uses, never a locale's U+2212 (issue 23).
    else if (part.type === 'minusSign') out += '-';
    else out += part.value;
    const last = !parts.slice(i + 1).some((p) => p.type === 'integer' || p.type === 'group');
    if (showFrac && part.type === 'integer' && last) out += `${decimal}${frac.toString().padStart(digitsAfter, '0')}`;
  });
  return out;
}

function decimalMark(language: string): string {
  return new Intl.NumberFormat(language).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

/** True when any of these amounts has minor units (kobo, cents): then a document shows them on every amount (issue 23). */
export function showsMinorUnits(amounts: Iterable<number | bigint | null | undefined>, currency: string): boolean {
  const digits = minorDigits(currency);
  if (digits === 0) return false;
  const scale = 10n ** BigInt(digits);
  for (const a of amounts) {
    if (a === null || a === undefined) continue;
    const v = typeof a === 'bigint' ? a : BigInt(Math.round(a));
    if (v % scale !== 0n) return true;
  }
  return false;
}

/**
 * Whether an invoice or quote shows minor units on every amount (issue 23): when any amount it prints has them —
 * a unit price, a line, a fee, a total, a payment. The PDF, the public page and the invoice view use the same rule.
 */
export function documentShowsMinor(
  doc: { currency: string; lines: ReadonlyArray<{ unit_price: number }>; payments?: ReadonlyArray<{ amount: number }> | null },
  totals: {
    lines: ReadonlyArray<{ amount: number }>;
    fees: ReadonlyArray<{ amount: number }>;
    subtotal: number;
    discount_total: number;
    tax_total: number;
    fee_total: number;
    total_due: number;
    amount_paid: number;
    balance: number;
    credit?: number;
  },
): boolean {
  return showsMinorUnits(
    [
      ...doc.lines.map((l) => l.unit_price),
      ...totals.lines.map((l) => l.amount),
      ...totals.fees.map((f) => f.amount),
      ...(doc.payments ?? []).map((p) => p.amount),
      totals.subtotal,
      totals.discount_total,
      totals.tax_total,
      totals.fee_total,
      totals.total_due,
      totals.amount_paid,
      totals.balance,
      totals.credit,
    ],
    doc.currency,
  );
}

/**
 * Invoice money as text with the currency code ('NGN 1,612.50', 'NGN 2,000'): the PDF's standard fonts
 * cannot draw ₦ or ₵. Same rule as formatMoney.
 */
export function formatInvoiceMoney(minor: number | bigint, currency: string): string {
  return formatMoney(minor, currency, { display: 'code' });
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A plain number in the reader's language (1,234.5 · 1 234,5): counts, quantities, percentages. */
export function formatNumber(value: number, language: Language = getDisplayLanguage(), maximumFractionDigits = 3): string {
  const key = `${language}:${maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(language === 'en' ? 'en-US' : language, { maximumFractionDigits })));
  return format.format(value);
}

/** Basis points as a percentage label: 750 → '7.5%' (French '7,5 %'). */
export function formatBps(bps: number, language: Language = getDisplayLanguage()): string {
  if (language === 'en') return `${Number((bps / 100).toFixed(2))}%`;
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 4 }).format(Number((bps / 100).toFixed(2)) / 100);
}

/** A quantity for display: up to 3 decimals, no trailing zeros (1.500 → '1.5'; French '1,5'). No grouping: it is read back in forms. */
export function formatQuantity(quantity: number, language: Language = getDisplayLanguage()): string {
  const plain = String(Number(quantity.toFixed(3)));
  return language === 'en' ? plain : plain.replace('.', decimalMark(language));
}
