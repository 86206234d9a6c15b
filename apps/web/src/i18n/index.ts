import { isLanguage, type Language, setDisplayLanguage } from '@duka/core';
import i18next, { type TFunction } from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import type { NamespaceTranslation } from './translation';

/**
 * Every user-facing string goes through i18next. Each feature keeps its English strings in
 * `features/<name>/strings.ts` and registers them under its own namespace with registerStrings();
 * its French and Swahili sit beside it in strings.fr.ts / strings.sw.ts (see translation.ts).
 * English ships in the bundle. Another language's strings come one small chunk per namespace, only for the
 * namespaces in use: those registered when the language becomes active, then each feature's as its page loads
 * (pages wait for them: whenTranslated), so a person only downloads what they open and never sees English first.
 * Screens re-render on a switch without a reload.
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

type Translated = Exclude<Language, 'en'>;
type Loader = () => Promise<NamespaceTranslation>;

/**
 * The namespace a translation file holds, from its name: `<dir>/strings.fr.ts` holds the directory's namespace
 * (features/clients → 'clients'), `fooStrings.fr.ts` holds 'foo'; app/strings.* is i18next's default 'common'.
 * The completeness test checks every file against the namespace it declares.
 */
export function namespaceOfFile(path: string): string | undefined {
  const m = /(?:^|\/)([\w-]+)\/(?:([\w-]+)S|s)trings\.\w+\.ts$/.exec(path);
  if (!m) return undefined;
  return m[2] ?? (m[1] === 'app' ? 'common' : m[1]);
}

/**
 * Each language's loaders (one per namespace), fetched the first time a language other than English is asked for: the
 * map names every translation file of the app (about 2 KB gz), which no English page needs (issue 25: pay page JS).
 */
let loaders: Promise<Record<Translated, Map<string, Loader>>> | null = null;
function translationsOf(language: Translated): Promise<Map<string, Loader>> {
  loaders ??= import('./loaders').then(
    (m) => m.translations,
    (err: unknown) => {
      loaders = null; // tried again next time
      throw err;
    },
  );
  return loaders.then((t) => t[language]);
}

const registered = new Set<string>();
/** `${language}:${ns}` → its strings, loaded or loading. */
const loading = new Map<string, Promise<void>>();
let requested: Language = 'en';
let version = 0;
const listeners = new Set<() => void>();
const changed = () => {
  version++;
  listeners.forEach((l) => l());
};

/** Loads one namespace of one language (once). A namespace with no translation, or whose chunk fails, stays English. */
export function ensure(language: Language, ns: string): Promise<void> {
  if (language === 'en') return Promise.resolve();
  const key = `${language}:${ns}`;
  let done = loading.get(key);
  if (!done) {
    done = translationsOf(language)
      .then((translations) => translations.get(ns)?.())
      .then(
        (translation) => {
          if (!translation) return;
          i18next.addResourceBundle(language, ns, translation.strings, true, true);
          if (i18next.language === language) changed();
        },
        (err: unknown) => {
          loading.delete(key); // tried again next time
          console.warn('strings', key, err);
        },
      );
    loading.set(key, done);
  }
  return done;
}

export function registerStrings(ns: string, en: Record<string, unknown>): void {
  i18next.addResourceBundle('en', ns, en, true, true);
  registered.add(ns);
  if (requested !== 'en') void ensure(requested, ns);
}

/** Settles when the strings of every namespace registered so far are in, in the active language (pages wait for it). */
export function whenTranslated(): Promise<void> {
  const language = requested;
  if (language === 'en') return Promise.resolve();
  return Promise.all([...registered].map((ns) => ensure(language, ns))).then(() => undefined);
}

/**
 * Loads the strings in use for a language and makes it the active language; every screen re-renders, and money,
 * numbers and dates follow (core's display language). When switched twice quickly, the last choice wins.
 */
export async function setLanguage(language: Language): Promise<void> {
  requested = language;
  await whenTranslated();
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

function subscribeStrings(onChange: () => void): () => void {
  listeners.add(onChange);
  const off = subscribe(onChange);
  return () => {
    listeners.delete(onChange);
    off();
  };
}
const stringsVersion = () => `${i18next.language}:${version}`;

/** The active language; components using it re-render when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, activeLanguage, activeLanguage);
}

/** A feature's strings: const { t } = useStrings('clients'). The same t for a namespace while the language stays. */
export function useStrings(ns: string): { t: TFunction } {
  const language = useLanguage();
  // A namespace's translation arriving after the screen drew (a late chunk) draws it again.
  const current = useSyncExternalStore(subscribeStrings, stringsVersion, stringsVersion);
  return useMemo(() => {
    void current; // a new t when the language's strings change, so memoised screens draw them
    return { t: i18next.getFixedT(language, ns) };
  }, [language, ns, current]);
}

export { i18next };
