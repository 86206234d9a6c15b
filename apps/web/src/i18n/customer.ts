import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { ensure, i18next, type Language } from './index';

/**
 * Strings in another person's language without switching the screen's (issue 19): the owner, reading the app in
 * their own language, shares a WhatsApp text that reaches the client in the client's. The language's strings are
 * loaded once (the namespace's chunk setLanguage loads too); until then the text is in English, then it re-renders.
 * Use: const { t } = useStringsIn('invoices', client language).
 */
export function useStringsIn(ns: string, language: Language): { t: TFunction } {
  const [ready, setReady] = useState(() => language === 'en' || i18next.hasResourceBundle(language, ns));
  useEffect(() => {
    let live = true;
    if (!ready) void ensure(language, ns).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [language, ns, ready]);
  // `ready` re-creates t once the language's strings are in.
  return useMemo(() => ({ t: i18next.getFixedT(ready ? language : 'en', ns) }), [language, ns, ready]);
}
