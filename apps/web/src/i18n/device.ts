import type { Language } from '@duka/core';
import { activeLanguage, setLanguage } from './index';
import { DEVICE_LANGUAGE_KEY, startingLanguage } from './starting';

/**
 * The language kept on this device (issue 19): the app starts in it before any network and before its first
 * render, so a French or Swahili user never sees English first. It outlives logging out (a device setting,
 * like the phone's own language); the account's language is kept on the server as well (features/accounts/language).
 */
export { browserLanguages, DEVICE_LANGUAGE_KEY, deviceLanguage, startingLanguage } from './starting';

export function rememberDeviceLanguage(language: Language): void {
  try {
    localStorage.setItem(DEVICE_LANGUAGE_KEY, language);
  } catch {
    // storage disabled: the language holds for this visit only
  }
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
