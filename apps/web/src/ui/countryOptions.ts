import { countriesIn, filterCountries } from '@duka/core';
import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { useMemo } from 'react';
import { useLanguage } from '../i18n';

/**
 * Countries for a Mantine Select (issue 19): each option's value is SPEC's English name (what is stored, Cameron
 * included), its label the name in the screen's language (Cameroun, Kameruni); typing finds a country by either
 * name, ignoring case and accents. Usage: `<Select {...useCountryOptions()} value={values.country} … />`.
 */
export function useCountryOptions(): { data: ComboboxItem[]; filter: OptionsFilter } {
  const language = useLanguage();
  return useMemo(() => {
    const seen = new Set<string>();
    const data = countriesIn(language)
      .filter((c) => !seen.has(c.name) && seen.add(c.name))
      .map((c) => ({ value: c.name, label: c.label }));
    return { data, filter: filterCountryOptions };
  }, [language]);
}

/** The Select's search: an option matches by its label (the screen's language) or its value (the English name). */
export const filterCountryOptions: OptionsFilter = ({ options, search, limit }) => {
  const items = options.filter((o): o is ComboboxItem => 'value' in o);
  return filterCountries(
    items.map((item) => ({ item, name: item.value, label: item.label })),
    search,
  )
    .slice(0, limit)
    .map((m) => m.item);
};
