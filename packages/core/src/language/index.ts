/**
 * What the customer reads is in the client's language (issue 19): each client may have one ('en', 'fr',
 * 'sw'); without one it is the owner's. Dates and money in that language go through Intl while keeping
 * SPEC §9's rules: day, short month, two-digit year; whole amounts without decimals, kobo/cents shown.
 * English output is exactly the app's (formatDate, formatMoney), so SPEC's English stays as written.
 */
import { z } from 'zod';
import { formatDate } from '../constants/dates';
import { formatMoney, type MoneyDisplayOptions } from '../invoices/format';
import { currencySymbol } from '../constants/currencies';

export const CUSTOMER_LANGUAGES = ['en', 'fr', 'sw'] as const;
export type CustomerLanguage = (typeof CUSTOMER_LANGUAGES)[number];

/** The names a picker shows, each in its own language. */
export const CUSTOMER_LANGUAGE_NAMES: Record<CustomerLanguage, string> = { en: 'English', fr: 'Français', sw: 'Kiswahili' };

export const CUSTOMER_LANGUAGE_INVALID = 'Choose English (en), French (fr) or Swahili (sw)';

/** A client's language: one of en/fr/sw, or null for "the same as the owner's". */
export const clientLanguageSchema = z.enum(CUSTOMER_LANGUAGES, { error: CUSTOMER_LANGUAGE_INVALID }).nullable();

export function isCustomerLanguage(value: unknown): value is CustomerLanguage {
  return typeof value === 'string' && (CUSTOMER_LANGUAGES as readonly string[]).includes(value);
}

/** The language a client reads: theirs when set, else the owner's, else English. */
export function clientLanguage(contactLanguage: string | null | undefined, ownerLanguage: string | null | undefined): CustomerLanguage {
  if (isCustomerLanguage(contactLanguage)) return contactLanguage;
  return isCustomerLanguage(ownerLanguage) ? ownerLanguage : 'en';
}

/** The BCP 47 locale Intl uses for a language. */
export function localeOf(language: CustomerLanguage): string {
  return language === 'fr' ? 'fr-FR' : language === 'sw' ? 'sw-KE' : 'en-GB';
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(language: CustomerLanguage, utc: boolean): Intl.DateTimeFormat {
  const key = `${language}|${utc}`;
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'short', year: '2-digit', ...(utc ? { timeZone: 'UTC' } : {}) })));
  return f;
}

/** SPEC §9's date (day, short month, two-digit year) in a language: "5 Mar 26", "5 mars 26", "5 Mac 26". */
export function formatDateIn(value: string | Date, language: CustomerLanguage): string {
  if (language === 'en') return formatDate(value);
  const plain = typeof value === 'string' && value.length === 10;
  const d = typeof value === 'string' ? new Date(plain ? `${value}T00:00:00Z` : value) : value;
  if (Number.isNaN(d.getTime())) return '';
  const parts = dateFormat(language, plain).formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(language: CustomerLanguage, digits: number): Intl.NumberFormat {
  const key = `${language}|${digits}`;
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: true })));
  return f;
}

/**
 * Money in a language, same rule as formatMoney (0 decimals for whole amounts, 2 when there are kobo/cents):
 * English "₦12,500.50", French "12 500,50 ₦", Swahili "₦12,500.50". `display: 'code'` writes the code (PDF fonts).
 */
export function formatMoneyIn(minor: number | bigint, currency: string, language: CustomerLanguage, options: MoneyDisplayOptions = {}): string {
  if (language === 'en') return formatMoney(minor, currency, options);
  const value = typeof minor === 'bigint' ? minor : BigInt(Math.round(minor));
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const frac = abs % 100n;
  const decimal = `${abs / 100n}.${frac.toString().padStart(2, '0')}`;
  // Intl reads a decimal string exactly (no float rounding for large amounts).
  const digits = numberFormat(language, frac === 0n ? 0 : 2).format(decimal as unknown as number);
  const unit = options.display === 'code' ? currency : currencySymbol(currency);
  const sign = negative ? '-' : '';
  if (language === 'fr') return `${sign}${digits}\u00a0${unit}`;
  return `${sign}${unit}${options.display === 'code' ? ' ' : ''}${digits}`;
}

/** Money with the currency code, for the PDF fonts ('12 500 NGN' in French). */
export function formatInvoiceMoneyIn(minor: number | bigint, currency: string, language: CustomerLanguage): string {
  return formatMoneyIn(minor, currency, language, { display: 'code' });
}

/** Fills {name} placeholders. */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

export * from './documents';
