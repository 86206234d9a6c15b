import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';

/**
 * Every user-facing string goes through i18next. Each feature keeps its English strings in
 * `features/<name>/strings.ts` and registers them under its own namespace with registerStrings().
 */
void i18next.use(initReactI18next).init({
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

/** useTranslation bound to a feature's namespace: const { t } = useStrings('clients'). */
export function useStrings(ns: string) {
  return useTranslation(ns);
}

export { i18next };
