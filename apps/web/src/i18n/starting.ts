import { isLanguage, type Language, languageFromBrowser } from '@duka/core';

/**
 * The language the app opens in, read without i18next (issue 30: the quick login script on /login needs to know
 * whether the screen drawn in English may be used as it is, and must stay a few KB). i18n/device re-exports these.
 */
export const DEVICE_LANGUAGE_KEY = 'duka:language';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The language chosen on this device, if any. */
export function deviceLanguage(): Language | undefined {
  const stored = read(DEVICE_LANGUAGE_KEY);
  return isLanguage(stored) ? stored : undefined;
}

/** The browser's preferred languages (most preferred first). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/** The language the app opens in: the one chosen on this device, else the browser's, else English. */
export function startingLanguage(): Language {
  return deviceLanguage() ?? languageFromBrowser(browserLanguages()) ?? 'en';
}
