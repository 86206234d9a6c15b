import { type Language, namespaceOfFile } from './lite';
import type { NamespaceTranslation } from './translation';

type Translated = Exclude<Language, 'en'>;
type Loader = () => Promise<NamespaceTranslation>;

function byNamespace(files: Record<string, Loader>): Map<string, Loader> {
  const out = new Map<string, Loader>();
  for (const [path, load] of Object.entries(files)) {
    const ns = namespaceOfFile(path);
    if (ns) out.set(ns, load);
  }
  return out;
}

/** Every namespace's translation file, one chunk each, by language (i18n/index.ts loads this map on the first switch). */
export const translations: Record<Translated, Map<string, Loader>> = {
  fr: byNamespace(import.meta.glob<NamespaceTranslation>('../**/*trings.fr.ts', { import: 'default' })),
  sw: byNamespace(import.meta.glob<NamespaceTranslation>('../**/*trings.sw.ts', { import: 'default' })),
};
