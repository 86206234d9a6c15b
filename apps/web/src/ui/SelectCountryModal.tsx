import { countriesIn, type Country, COUNTRIES, filterCountries, TIMINGS } from '@duka/core';
import { Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useLanguage, useStrings } from '../i18n';
import './appStrings';
import { SearchListModal } from './SearchListModal';
import classes from './SelectModal.module.css';

export interface SelectCountryModalProps {
  opened: boolean;
  /** Closing without a choice returns no event. */
  onClose: () => void;
  /** A row was chosen: returns the country. The caller closes the modal (usually by setting opened=false). */
  onSelect: (country: Country) => void;
  /** The current country (object, name or code), highlighted in the list. */
  selected?: Country | string | null;
  /** The countries to offer; all of SPEC's ~250 by default. */
  countries?: readonly Country[];
}

function isChosen(c: Country, selected: SelectCountryModalProps['selected']): boolean {
  if (!selected) return false;
  if (typeof selected !== 'string') return c.code === selected.code;
  const q = selected.trim().toLowerCase();
  return c.name.toLowerCase() === q || c.code.toLowerCase() === q || (q === 'cameron' && c.code === 'CM');
}

/** The Country as the caller gave it, without the display label. */
function countryOf({ label: _label, ...country }: Country & { label: string }): Country {
  return country;
}

/**
 * SPEC §2 modal 2: a search bar (500 ms debounce, case-insensitive by name), rows with flag and name, the chosen one highlighted.
 * Names show in the screen's language (Cameroun, Kameruni; English keeps SPEC's Cameron); the search finds a country by
 * that name or by its English one; the Country returned keeps SPEC's English name, which is what is stored.
 */
export function SelectCountryModal({ opened, onClose, onSelect, selected, countries = COUNTRIES }: SelectCountryModalProps) {
  const { t } = useStrings('ui');
  const language = useLanguage();
  const labelled = useMemo(() => countriesIn(language, countries), [language, countries]);
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, TIMINGS.searchDebounce);
  const list = useMemo(() => filterCountries(labelled, debounced), [labelled, debounced]);
  return (
    <SearchListModal
      opened={opened}
      onClose={onClose}
      title={t('country.title')}
      closeLabel={t('close')}
      searchLabel={t('country.search')}
      searchPlaceholder={t('country.searchPlaceholder')}
      query={query}
      onQuery={setQuery}
      onEnter={() => list.length > 0 && onSelect(countryOf(list[0]))}
    >
      {list.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" role="status">
          {t('country.none', { q: debounced })}
        </Text>
      ) : (
        <ul className={classes.list} aria-label={t('country.title')}>
          {list.map((c) => {
            const chosen = isChosen(c, selected);
            return (
              <li key={c.code}>
                <UnstyledButton
                  className={classes.row}
                  data-chosen={chosen || undefined}
                  aria-current={chosen || undefined}
                  onClick={() => onSelect(countryOf(c))}
                >
                  <span className={classes.flag} aria-hidden="true">
                    {c.flag}
                  </span>
                  <span className={classes.name}>{c.label}</span>
                  <span className={classes.code} aria-hidden="true">
                    {c.code}
                  </span>
                  {chosen && (
                    <span className={classes.check} aria-hidden="true">
                      ✓
                    </span>
                  )}
                </UnstyledButton>
              </li>
            );
          })}
        </ul>
      )}
    </SearchListModal>
  );
}

export default SelectCountryModal;
