import { type Language, setDisplayLanguage } from '@duka/core';
import { useMemo, useSyncExternalStore } from 'react';
import type { NamespaceTranslation } from './translation';

/**
 * The strings of every screen, and the small lookup the public pay page reads them with (issue 25: pay page JS).
 * Each feature keeps its English strings in `features/<name>/strings.ts` and registers them under its own namespace
 * with registerStrings(); its French and Swahili sit beside it in strings.fr.ts / strings.sw.ts (see translation.ts).
 * English ships in the bundle. Another language's strings come one small chunk per namespace, only for the namespaces
 * in use: those registered when the language becomes active, then each feature's as its page loads (pages wait for
 * them: whenTranslated), so a person only downloads what they open and never sees English first. Screens re-render on
 * a switch without a reload.
 *
 * This module holds the strings and the active language. The pay page looks strings up here (useStrings below): the
 * same keys and the same rules as i18next's for what the strings use ({{name}}, `_context`, plural keys chosen by
 * Intl.PluralRules, `_zero` for a count of 0, English when a key is missing), so i18next never loads on the pay page.
 * The app (i18n/index.ts) keeps i18next, fed from here (connectI18next), so both always hold the same strings and language.
 */
export { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '@duka/core';

/** A namespace's strings in one language: strings, or nested groups of them (`errors.quota.invoice`). */
type Bundle = Record<string, unknown>;
export type StringOptions = Record<string, unknown> & { count?: number; context?: string | number; ns?: string };
/** A namespace's lookup: t('key', { name: 'Ada', count: 2, context: 'quote' }). */
export type Translate = (key: string, options?: StringOptions) => string;

type Translated = Exclude<Language, 'en'>;
type Loader = () => Promise<NamespaceTranslation>;

/**
 * The namespace a translation file holds, from its name: `<dir>/strings.fr.ts` holds the directory's namespace
 * (features/clients → 'clients'), `fooStrings.fr.ts` holds 'foo'; app/strings.* is the default namespace 'common'.
 * The completeness test checks every file against the namespace it declares.
 */
export function namespaceOfFile(path: string): string | undefined {
  const m = /(?:^|\/)([\w-]+)\/(?:([\w-]+)S|s)trings\.\w+\.ts$/.exec(path);
  if (!m) return undefined;
  return m[2] ?? (m[1] === 'app' ? 'common' : m[1]);
}

/** `${language}:${ns}` → its strings. */
const bundles = new Map<string, Bundle>();
let active: Language = 'en';
let requested: Language = 'en';
let version = 0;
const listeners = new Set<() => void>();
const changed = () => {
  version++;
  listeners.forEach((l) => l());
};

/** What the app's i18next is told, so it holds the same strings and language (i18n/index.ts). */
interface Mirror {
  bundle(language: Language, ns: string, strings: Bundle): void;
  language(language: Language): void;
}
let mirror: Mirror | null = null;
export function connectI18next(to: Mirror): void {
  mirror = to;
  for (const [key, strings] of bundles) {
    const [language, ns] = key.split(':') as [Language, string];
    to.bundle(language, ns, strings);
  }
  to.language(active);
}

function merge(into: Bundle, from: Bundle): Bundle {
  const out: Bundle = { ...into };
  for (const [k, v] of Object.entries(from)) {
    const old = out[k];
    out[k] = v && typeof v === 'object' && old && typeof old === 'object' ? merge(old as Bundle, v as Bundle) : v;
  }
  return out;
}
function addBundle(language: Language, ns: string, strings: Bundle): void {
  const key = `${language}:${ns}`;
  const old = bundles.get(key);
  bundles.set(key, old ? merge(old, strings) : strings);
  mirror?.bundle(language, ns, strings);
}

export function hasStrings(language: Language, ns: string): boolean {
  return bundles.has(`${language}:${ns}`);
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
          addBundle(language, ns, translation.strings);
          if (active === language) changed();
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
  addBundle('en', ns, en);
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
  if (active === language) return;
  active = language;
  mirror?.language(language);
  changed();
}

export function activeLanguage(): Language {
  return active;
}

const plurals = new Map<string, Intl.PluralRules>();
function pluralOf(language: Language, count: number): string {
  let rules = plurals.get(language);
  if (!rules) plurals.set(language, (rules = new Intl.PluralRules(language, { type: 'cardinal' })));
  return rules.select(count);
}

function find(bundle: Bundle | undefined, key: string): unknown {
  if (!bundle) return undefined;
  let at: unknown = bundle;
  for (const part of key.split('.')) {
    if (!at || typeof at !== 'object') return bundle[key];
    at = (at as Bundle)[part];
  }
  return at === undefined ? bundle[key] : at;
}

/** The keys tried for one language, first choice first: i18next's order (its Translator.resolve). */
export function keysTried(language: Language, key: string, count: number | undefined, context: string | undefined): string[] {
  const out: string[] = [];
  const plural = count === undefined ? undefined : `_${pluralOf(language, count)}`;
  if (context !== undefined) {
    const withContext = `${key}_${context}`;
    if (plural) {
      if (count === 0) out.push(`${withContext}_zero`);
      out.push(withContext + plural);
    }
    out.push(withContext);
  }
  if (plural) {
    if (count === 0) out.push(`${key}_zero`);
    out.push(key + plural);
  }
  out.push(key);
  if (plural && plural !== '_other') {
    if (context !== undefined) out.push(`${key}_${context}_other`);
    out.push(`${key}_other`);
  }
  return out;
}

function valueAt(data: Record<string, unknown>, name: string): unknown {
  let at: unknown = data;
  for (const part of name.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** One string in a language, English when the language lacks it, the key when neither has it. */
export function translate(language: Language, ns: string, fullKey: string, options: StringOptions = {}): string {
  let key = fullKey;
  const colon = key.indexOf(':');
  if (colon > 0) {
    ns = key.slice(0, colon);
    key = key.slice(colon + 1);
  } else if (typeof options.ns === 'string') ns = options.ns;
  const count = typeof options.count === 'number' ? options.count : undefined;
  const context = options.context === undefined || options.context === '' ? undefined : String(options.context);
  for (const code of language === 'en' ? (['en'] as const) : [language, 'en' as const]) {
    const bundle = bundles.get(`${code}:${ns}`);
    if (!bundle) continue;
    for (const candidate of keysTried(code, key, count, context)) {
      const found = find(bundle, candidate);
      if (typeof found === 'string') {
        return found.replace(/{{(.+?)}}/g, (whole, name: string) => {
          const value = valueAt(options, name.trim());
          return value === undefined ? whole : value === null ? '' : String(value);
        });
      }
    }
  }
  return key;
}

/** A namespace's lookup in a language (the same function while nothing changes). */
export function fixedT(language: Language, ns: string): Translate {
  return (key, options) => translate(language, ns, key, options);
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}
const stringsVersion = () => `${active}:${version}`;

/** The active language; components using it re-render when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, activeLanguage, activeLanguage);
}

/** A number that changes when the language or its strings do (a late chunk): memoised lookups are made again. */
export function useStringsVersion(): string {
  return useSyncExternalStore(subscribe, stringsVersion, stringsVersion);
}

/** A feature's strings: const { t } = useStrings('invoiceLink'). The same t for a namespace while the language stays. */
export function useStrings(ns: string): { t: Translate } {
  const language = useLanguage();
  // A namespace's translation arriving after the screen drew (a late chunk) draws it again.
  const current = useStringsVersion();
  return useMemo(() => {
    void current; // a new t when the language's strings change, so memoised screens draw them
    return { t: fixedT(language, ns) };
  }, [language, ns, current]);
}
