/**
 * A translation of one namespace's English strings (features/<name>/strings.ts) into another language.
 * It lives beside the English file as strings.<lang>.ts and has the same keys. Plural keys follow the
 * language's CLDR categories (Intl.PluralRules): French adds `_many` beside `_one`/`_other`.
 */
export type Translation<T> = {
  [K in keyof T]: T[K] extends string ? string : Translation<T[K]>;
} & { [plural: `${string}_${'zero' | 'two' | 'few' | 'many'}`]: string };

export interface NamespaceTranslation {
  ns: string;
  strings: Record<string, unknown>;
}

/** `export default defineTranslation<typeof CLIENT_STRINGS>('clients', { … })` — import the English type only. */
export function defineTranslation<T>(ns: string, strings: Translation<T>): NamespaceTranslation {
  return { ns, strings: strings as Record<string, unknown> };
}
