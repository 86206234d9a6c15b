import { isLanguage, type Language, setDisplayLanguage } from '@duka/core';
import i18next, { type TFunction } from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import type { NamespaceTranslation } from './translation';

/**
 * Every user-facing string goes through i18next. Each feature keeps its English strings in
 * `features/<name>/strings.ts` and registers them under its own namespace with registerStrings();
 * its French and Swahili sit beside it in strings.fr.ts / strings.sw.ts (see translation.ts).
 * English ships in the bundle; another language's strings arrive as one chunk when it becomes active,
 * and screens re-render on a switch without a reload.
 */
export { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '@duka/core';

void i18next.init({
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: ['common'],
  resources: { en: { common: {} } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function registerStrings(ns: string, en: Record<string, unknown>): void {
  i18next.addResourceBundle('en', ns, en, true, true);
}

const bundles: Record<Exclude<Language, 'en'>, () => Promise<{ default: NamespaceTranslation[] }>> = {
  fr: () => import('./bundles/fr'),
  sw: () => import('./bundles/sw'),
};
const loaded = new Set<Language>(['en']);
let requested: Language = 'en';

/**
 * Loads a language's strings (once) and makes it the active language; every screen re-renders, and money, numbers
 * and dates follow (core's display language). When switched twice quickly, the last choice wins.
 */
export async function setLanguage(language: Language): Promise<void> {
  requested = language;
  if (!loaded.has(language) && language !== 'en') {
    const { default: namespaces } = await bundles[language]();
    for (const { ns, strings } of namespaces) i18next.addResourceBundle(language, ns, strings, true, true);
    loaded.add(language);
  }
  if (requested !== language) return;
  setDisplayLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

export function activeLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}

function subscribe(onChange: () => void): () => void {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
}

/** The active language; components using it re-render when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, activeLanguage, activeLanguage);
}

/** A feature's strings: const { t } = useStrings('clients'). The same t for a namespace while the language stays. */
export function useStrings(ns: string): { t: TFunction } {
  const language = useLanguage();
  return useMemo(() => ({ t: i18next.getFixedT(language, ns) }), [language, ns]);
}

export { i18next };
