import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { i18next, type Language } from './index';

/**
 * Strings in another person's language without switching the screen's (issue 19): the owner, reading the app in
 * their own language, shares a WhatsApp text that reaches the client in the client's. The language's strings are
 * loaded once (the same chunk setLanguage loads); until then the text is in English, then it re-renders.
 */
const pending = new Map<Language, Promise<void>>();

function loadStrings(language: Language): Promise<void> {
  if (language === 'en') return Promise.resolve();
  let p = pending.get(language);
  if (!p) {
    const load = language === 'fr' ? import('./bundles/fr') : import('./bundles/sw');
    p = load.then(({ default: namespaces }) => {
      for (const { ns, strings } of namespaces) i18next.addResourceBundle(language, ns, strings, true, true);
    });
    pending.set(language, p);
  }
  return p;
}

/** A feature's strings in a given language: const { t } = useStringsIn('invoices', client language). */
export function useStringsIn(ns: string, language: Language): { t: TFunction } {
  const [ready, setReady] = useState(() => language === 'en' || i18next.hasResourceBundle(language, ns));
  useEffect(() => {
    let live = true;
    if (!ready) void loadStrings(language).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [language, ready]);
  // `ready` re-creates t once the language's strings are in.
  return useMemo(() => ({ t: i18next.getFixedT(ready ? language : 'en', ns) }), [language, ns, ready]);
}
