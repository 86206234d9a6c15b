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

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first of the browser's languages (navigator.languages, most preferred first) that Duka speaks: 'fr-CM' → 'fr'. */
export function languageFromBrowser(preferred: readonly string[] | null | undefined): Language | undefined {
  for (const tag of preferred ?? []) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

let displayLanguage: Language = DEFAULT_LANGUAGE;

/** The Intl locale of a language (English is written the British way SPEC uses: 5 Mar 26, March 2026). */
export function localeOf(language: Language = displayLanguage): string {
  return language === 'en' ? 'en-GB' : language;
}

/**
 * The language money, numbers and dates are written in when a call names none. The web app sets it to the screen
 * language (one person, one language at a time); the server never sets it and passes the reader's language explicitly
 * (a PDF or an e-mail is in its client's language), so on the server it stays English.
 * This module has no imports: the web's first screen needs it before anything else.
 */
export function setDisplayLanguage(language: Language): void {
  displayLanguage = language;
}

export function getDisplayLanguage(): Language {
  return displayLanguage;
}
