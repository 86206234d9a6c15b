import { z } from 'zod';
import { findCountry } from './countries';

/**
 * The languages Duka's screens, documents and messages come in (issue 19). A user has one (users.language:
 * the screens, and the default for their clients); a client may have their own (contacts.language).
 */
export const LANGUAGES = ['en', 'fr', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's own name, as a picker shows it (a person finds their language written in it). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français', sw: 'Kiswahili' };

export const LANGUAGE_INVALID_MESSAGE = "Language must be 'en' (English), 'fr' (Français) or 'sw' (Kiswahili)";

export const languageSchema = z.enum(LANGUAGES, { error: LANGUAGE_INVALID_MESSAGE });

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Countries whose business language is French or Kiswahili (ISO codes); every other country defaults to English. */
const COUNTRY_LANGUAGE: Record<string, Language> = {
  // SPEC's supported countries: Cameroon, Rwanda → French; Kenya, Tanzania, Uganda → Kiswahili.
  CM: 'fr',
  RW: 'fr',
  KE: 'sw',
  TZ: 'sw',
  UG: 'sw',
  // Other French-speaking African countries.
  BJ: 'fr',
  BF: 'fr',
  BI: 'fr',
  CD: 'fr',
  CF: 'fr',
  CG: 'fr',
  CI: 'fr',
  DJ: 'fr',
  GA: 'fr',
  GN: 'fr',
  KM: 'fr',
  MG: 'fr',
  ML: 'fr',
  NE: 'fr',
  SN: 'fr',
  TD: 'fr',
  TG: 'fr',
};

/** The language a business in this country (name as in COUNTRIES, or ISO code) most likely reads; undefined if not French or Kiswahili. */
export function languageForCountry(country: string | null | undefined): Language | undefined {
  if (!country) return undefined;
  const code = findCountry(country)?.code ?? country.trim().toUpperCase();
  return COUNTRY_LANGUAGE[code];
}

/** The first of the browser's languages (navigator.languages, most preferred first) that Duka speaks: 'fr-CM' → 'fr'. */
export function languageFromBrowser(preferred: readonly string[] | null | undefined): Language | undefined {
  for (const tag of preferred ?? []) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

/** The language a new account starts in: the one chosen, else the browser's, else the country's, else English. */
export function defaultLanguage(options: { chosen?: unknown; browser?: readonly string[]; country?: string }): Language {
  if (isLanguage(options.chosen)) return options.chosen;
  return languageFromBrowser(options.browser) ?? languageForCountry(options.country) ?? DEFAULT_LANGUAGE;
}

let displayLanguage: Language = DEFAULT_LANGUAGE;

/**
 * The language money, numbers and dates are written in when a call names none. The web app sets it to the screen
 * language (one person, one language at a time); the server never sets it and passes the reader's language explicitly
 * (a PDF or an e-mail is in its client's language), so on the server it stays English.
 */
export function setDisplayLanguage(language: Language): void {
  displayLanguage = language;
}

export function getDisplayLanguage(): Language {
  return displayLanguage;
}
