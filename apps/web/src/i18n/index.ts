import i18next, { type TFunction } from 'i18next';

/**
 * Every user-facing string goes through i18next. Each feature keeps its English strings in
 * `features/<name>/strings.ts` and registers them under its own namespace with registerStrings().
 * The language is fixed per page load, so screens take a fixed t() from i18next itself; react-i18next
 * (re-rendering on a language switch) would add JS to every screen, the public invoice page included.
 */
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

const fixed = new Map<string, TFunction>();
/** A feature's strings: const { t } = useStrings('clients'). The same t for a namespace on every render. */
export function useStrings(ns: string): { t: TFunction } {
  let t = fixed.get(ns);
  if (!t) {
    t = i18next.getFixedT(null, ns);
    fixed.set(ns, t);
  }
  return { t };
}

export { i18next };
