/**
 * The one way the app translates outside a screen (issue 24): i18next, with the English in a strings.ts and French
 * and Swahili in strings.fr.ts / strings.sw.ts beside it, {{placeholders}} filled by i18next. Core's customer
 * documents (documents.ts) and the server's built-in AI writer each make one instance of their own here, because
 * they run without the web's (a document follows its reader's language, not the screen's).
 *
 * A text may be a list of variants (the AI writer picks one): each is filled the same way, and a language may
 * have as many variants as reads well in it.
 */
import { createInstance, type i18n } from 'i18next';
import type { Language } from '../constants/languages';

/** The texts of one namespace in one language: a text, or a list of variants, each with {{placeholders}}. */
export type TextTable = Readonly<Record<string, string | readonly string[]>>;
/** The same keys in another language: a text stays a text, a list stays a list (of any length). */
export type TextTranslation<T extends TextTable> = { readonly [K in keyof T]: T[K] extends string ? string : readonly string[] };
export type TextValues = Record<string, string | number>;

/** Keys of a table that hold one text, and keys that hold variants. */
export type TextKeyOf<T extends TextTable> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;
export type VariantsKeyOf<T extends TextTable> = { [K in keyof T]: T[K] extends string ? never : K }[keyof T] & string;

export interface TextNamespace<T extends TextTable> {
  /** One text in a language, its {{placeholders}} filled (English when the language lacks it). */
  text(language: Language, key: TextKeyOf<T>, values?: TextValues): string;
  /** Every variant of a text in a language, each filled. */
  variants(language: Language, key: VariantsKeyOf<T>, values?: TextValues): string[];
}

/**
 * An i18next instance for one namespace, made on first use (a bundle that only formats money does not start
 * i18next). Lists are stored as `key.0`, `key.1`… (keys are flat: no key or namespace separator).
 */
export function textsOf<T extends TextTable>(namespace: string, tables: { en: T } & Record<Exclude<Language, 'en'>, TextTranslation<T>>): TextNamespace<T> {
  const counts = new Map<string, Map<string, number>>();
  let instance: i18n | undefined;
  const resources = () =>
    Object.fromEntries(
      Object.entries(tables as Record<string, TextTable>).map(([language, table]) => {
        const flat: Record<string, string> = {};
        const lists = new Map<string, number>();
        for (const [key, value] of Object.entries(table)) {
          if (typeof value === 'string') flat[key] = value;
          else {
            value.forEach((variant, i) => (flat[`${key}.${i}`] = variant));
            lists.set(key, value.length);
          }
        }
        counts.set(language, lists);
        return [language, { [namespace]: flat }];
      }),
    );
  const t = (): i18n => {
    if (!instance) {
      instance = createInstance();
      void instance.init({
        lng: 'en',
        fallbackLng: 'en',
        ns: [namespace],
        defaultNS: namespace,
        resources: resources(),
        // The texts go into PDFs, e-mails, SMS and generated Markdown; whatever shows them as HTML escapes them itself.
        interpolation: { escapeValue: false },
        keySeparator: false,
        nsSeparator: false,
        initAsync: false,
      });
    }
    return instance;
  };
  return {
    text: (language, key, values = {}) => t().t(key as string, { lng: language, replace: values }),
    variants(language, key, values = {}) {
      const i18 = t();
      const lng = counts.get(language)?.has(key) ? language : 'en';
      const n = counts.get(lng)?.get(key) ?? 0;
      return Array.from({ length: n }, (_, i) => i18.t(`${key}.${i}` as string, { lng, replace: values }));
    },
  };
}
