import { isLanguage, type Language, languageFromBrowser } from '@duka/core';
import { activeLanguage, setLanguage } from './index';

/**
 * The language kept on this device (issue 19): the app starts in it before any network and before its first
 * render, so a French or Swahili user never sees English first. It outlives logging out (a device setting,
 * like the phone's own language); the account's language is kept on the server as well (features/accounts/language).
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

export function rememberDeviceLanguage(language: Language): void {
  try {
    localStorage.setItem(DEVICE_LANGUAGE_KEY, language);
  } catch {
    // storage disabled: the language holds for this visit only
  }
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

/**
 * Makes the starting language active. English needs nothing (it ships in the bundle): undefined, render at once.
 * Another language answers a promise that settles when its strings are in (from the service worker's cache when
 * offline); render after it. If its chunk cannot load, the app opens in English rather than not at all.
 */
export function startLanguage(): Promise<void> | undefined {
  const language = startingLanguage();
  if (language === 'en' || activeLanguage() === language) return undefined;
  return setLanguage(language).catch((err: unknown) => console.warn('language', err));
}

/** Switches the screens to a language now (no reload) and keeps it on this device. */
export async function switchLanguage(language: Language): Promise<void> {
  rememberDeviceLanguage(language);
  await setLanguage(language);
}
