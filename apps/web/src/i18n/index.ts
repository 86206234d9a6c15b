import i18next, { type TFunction } from 'i18next';
import { useMemo } from 'react';
import { connectI18next, useLanguage, useStringsVersion } from './lite';

/**
 * The app's strings through i18next. The strings and the active language live in i18n/lite.ts (which the public pay
 * page reads without i18next, issue 25); i18next is given every namespace and each language switch from there, so
 * the app's screens, their helpers (ui/validation) and the pay page's components always agree.
 */
export {
  activeLanguage,
  ensure,
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  namespaceOfFile,
  registerStrings,
  setLanguage,
  useLanguage,
  whenTranslated,
} from './lite';

void i18next.init({
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: ['common'],
  resources: { en: { common: {} } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

connectI18next({
  bundle: (language, ns, strings) => i18next.addResourceBundle(language, ns, strings, true, true),
  language: (language) => void i18next.changeLanguage(language),
});

/** A feature's strings: const { t } = useStrings('clients'). The same t for a namespace while the language stays. */
export function useStrings(ns: string): { t: TFunction } {
  const language = useLanguage();
  // A namespace's translation arriving after the screen drew (a late chunk) draws it again.
  const current = useStringsVersion();
  return useMemo(() => {
    void current; // a new t when the language's strings change, so memoised screens draw them
    return { t: i18next.getFixedT(language, ns) };
  }, [language, ns, current]);
}

export { i18next };
