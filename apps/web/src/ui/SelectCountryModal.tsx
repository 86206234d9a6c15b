import { type Country, COUNTRIES, filterByName, TIMINGS } from '@duka/core';
import { Modal, ScrollArea, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useStrings } from '../i18n';
import './strings';
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

/** SPEC §2 modal 2: a search bar (500 ms debounce, case-insensitive by name), rows with flag and name, the chosen one highlighted. */
export function SelectCountryModal({ opened, onClose, onSelect, selected, countries = COUNTRIES }: SelectCountryModalProps) {
  const { t } = useStrings('ui');
  const phone = useMediaQuery('(max-width: 36em)');
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, TIMINGS.searchDebounce);
  const list = useMemo(() => filterByName(countries, debounced), [countries, debounced]);
  const listRef = useRef<HTMLUListElement>(null);

  const rows = () => Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
  function onSearchKey(e: KeyboardEvent) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      rows()[0]?.focus();
    } else if (e.key === 'Enter' && list.length > 0) {
      e.preventDefault();
      onSelect(list[0]);
    }
  }
  function onListKey(e: KeyboardEvent) {
    const all = rows();
    const i = all.indexOf(document.activeElement as HTMLButtonElement);
    if (i < 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      all[Math.max(0, Math.min(all.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1)))]?.focus();
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('country.title')}
      fullScreen={!!phone}
      size="md"
      closeButtonProps={{ 'aria-label': t('close') }}
      onExitTransitionEnd={() => setQuery('')}
    >
      <TextInput
        aria-label={t('country.search')}
        placeholder={t('country.searchPlaceholder')}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={onSearchKey}
        data-autofocus
        mb="sm"
        leftSection={<span aria-hidden="true">⌕</span>}
      />
      <ScrollArea.Autosize mah={phone ? 'calc(100dvh - 150px)' : '60dvh'} type="auto" offsetScrollbars>
        {list.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg" role="status">
            {t('country.none', { q: debounced })}
          </Text>
        ) : (
          // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys move between the row buttons
          <ul className={classes.list} ref={listRef} onKeyDown={onListKey} aria-label={t('country.title')}>
            {list.map((c) => {
              const chosen = isChosen(c, selected);
              return (
                <li key={c.code}>
                  <UnstyledButton className={classes.row} data-chosen={chosen || undefined} aria-current={chosen || undefined} onClick={() => onSelect(c)}>
                    <span className={classes.flag} aria-hidden="true">
                      {c.flag}
                    </span>
                    <span className={classes.name}>{c.name}</span>
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
      </ScrollArea.Autosize>
    </Modal>
  );
}

export default SelectCountryModal;
