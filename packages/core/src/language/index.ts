/**
 * What the customer reads is in the client's language (issue 19): each client may have one ('en', 'fr',
 * 'sw'); without one it is the owner's. Dates and money in that language go through Intl while keeping
 * SPEC §9's rules: day, short month, two-digit year; whole amounts without decimals, kobo/cents shown.
 * English output is exactly the app's (formatDate, formatMoney), so SPEC's English stays as written.
 */
import { CURRENCIES, currencySymbol } from '../constants/currencies';
import { formatDate } from '../constants/dates';
import { isLanguage, type Language, LANGUAGE_INVALID_MESSAGE, LANGUAGE_NAMES, LANGUAGES } from '../constants/languages';
import { formatMoney, type MoneyDisplayOptions } from '../amounts/format';

/** The languages a customer reads (the app's languages: constants/languages). */
export const CUSTOMER_LANGUAGES = LANGUAGES;
export type CustomerLanguage = Language;

/** The names a picker shows, each in its own language. */
export const CUSTOMER_LANGUAGE_NAMES = LANGUAGE_NAMES;

/** The same message as the owner's language field. */
export const CUSTOMER_LANGUAGE_INVALID = LANGUAGE_INVALID_MESSAGE;

export const isCustomerLanguage = isLanguage;

/** The language a client reads: theirs when set, else the owner's, else English. */
export function clientLanguage(contactLanguage: string | null | undefined, ownerLanguage: string | null | undefined): CustomerLanguage {
  if (isCustomerLanguage(contactLanguage)) return contactLanguage;
  return isCustomerLanguage(ownerLanguage) ? ownerLanguage : 'en';
}

/**
 * SPEC §9's date (day, short month, two-digit year) in the reader's language: "5 Mar 26", "5 mars 26", "5 Mac 26".
 * Always names the language, so a document never follows the screen's language by accident.
 */
export function formatDateIn(value: string | Date, language: CustomerLanguage): string {
  return formatDate(value, language);
}

/**
 * Money in the reader's language, same rule as formatMoney (0 decimals for whole amounts, 2 when there are
 * kobo/cents): "₦12,500.50", "12 500,50 ₦", "₦ 12,500.50". `display: 'code'` writes the code (PDF fonts).
 */
export function formatMoneyIn(
  minor: number | bigint,
  currency: string,
  language: CustomerLanguage,
  options: Omit<MoneyDisplayOptions, 'language'> = {},
): string {
  return formatMoney(minor, currency, { ...options, language });
}

/** Money with the currency code, for the PDF fonts ('12 500 NGN' in French). */
export function formatInvoiceMoneyIn(minor: number | bigint, currency: string, language: CustomerLanguage, options: { minor?: boolean } = {}): string {
  return formatMoneyIn(minor, currency, language, { ...options, display: 'code' });
}

/**
 * Money in a message to a client (invoice, receipt and reminder e-mails, the WhatsApp reminder) as the app shows it: the
 * currency's symbol (₦26,875, 12 500 FCFA, KSh4,000.50; t21: mails wrote NGN 26,875). In an SMS, the code instead
 * when the symbol is not plain GSM-7 letters: ₦ or GH₵ would send the whole SMS as UCS-2 (70 characters a part).
 */
export function formatMessageMoneyIn(
  minor: number | bigint,
  currency: string,
  language: CustomerLanguage,
  options: { minor?: boolean; sms?: boolean } = {},
): string {
  const { sms, ...rest } = options;
  const display = sms && !/^[A-Za-z$£¥ \u00a0]+$/.test(currencySymbol(currency)) ? 'code' : 'symbol';
  return formatMoneyIn(minor, currency, language, { ...rest, display });
}

/**
 * A currency's name in a language: core's English name in English ('Kenyan Shilling'), else the runtime's own
 * (Intl.DisplayNames: 'Shilling kényan', 'Shilingi ya Kenya'); the English name when the runtime has none.
 */
export function currencyNameIn(code: string, language: Language): string {
  const currency = CURRENCIES.find((c) => c.code === code || c.iso === code);
  if (!currency) return code;
  if (language === 'en') return currency.name;
  try {
    const name = new Intl.DisplayNames([language], { type: 'currency', fallback: 'none' }).of(currency.iso);
    return name ? name.charAt(0).toLocaleUpperCase(language) + name.slice(1) : currency.name;
  } catch {
    return currency.name;
  }
}

export * from './documents';
export * from './texts';
// The schema (Zod) lives apart: the public pay page uses the formatting above without loading Zod.
export * from './schema';
