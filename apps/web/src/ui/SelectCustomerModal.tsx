import { filterByName, formatPhone, TIMINGS } from '@duka/core';
import { ActionIcon, Loader, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import type { Contact } from '../data/db';
import { useRecords } from '../data/sync/hooks';
import { useCurrentUser } from '../data/user';
import { countryNameOf } from './dial';
import { useStrings } from '../i18n';
import './customerModalStrings';
import { SearchListModal } from './SearchListModal';
import classes from './SelectModal.module.css';

/** What the modal returns (SPEC §2 modal 1). Closing returns nothing (onClose only). */
export type SelectCustomerResult = { action: 'NEW' } | { action: 'SELECT'; customer: Contact };

export interface SelectCustomerModalProps {
  opened: boolean;
  /** The close button (or Escape): no result. */
  onClose: () => void;
  /** The floating add button → {action:'NEW'}; choosing a row → {action:'SELECT', customer}. The caller closes the modal. */
  onResult: (result: SelectCustomerResult) => void;
  /** The current customer's id, highlighted in the list. */
  currentId?: string | null;
  /** The customers to list; the local contacts by default. */
  customers?: readonly Contact[];
}

const MAX_ROWS = 200;

/** SPEC §2 modal 1: search (500 ms debounce, case-insensitive by name), the current customer highlighted, + → NEW. */
export function SelectCustomerModal({ opened, onClose, onResult, currentId, customers }: SelectCustomerModalProps) {
  const { t } = useStrings('customerModal');
  const local = useRecords('contacts');
  // A client's phone with no country of its own is read in the business's, as the client list writes it.
  const home = countryNameOf(useCurrentUser());
  const all = customers ?? local;
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, TIMINGS.searchDebounce);
  // Archived clients are not offered (issue 14), except the one already chosen.
  const sorted = useMemo(() => (all ?? []).filter((c) => !c.archived || c.id === currentId).sort((a, b) => a.name.localeCompare(b.name)), [all, currentId]);
  const list = useMemo(() => filterByName(sorted, debounced), [sorted, debounced]);
  const shown = list.slice(0, MAX_ROWS);
  let content;
  if (!all) {
    content = <Loader role="status" mx="auto" my="lg" display="block" aria-label={t('loading')} />;
  } else if (!sorted.length) {
    content = (
      <Text c="dimmed" ta="center" py="lg" role="status">
        {t('empty')}
      </Text>
    );
  } else if (!list.length) {
    content = (
      <Text c="dimmed" ta="center" py="lg" role="status">
        {t('none', { q: debounced })}
      </Text>
    );
  } else {
    content = (
      <ul className={classes.list} aria-label={t('title')}>
        {shown.map((c) => {
          const chosen = !!currentId && c.id === currentId;
          return (
            <li key={c.id}>
              <UnstyledButton
                className={classes.row}
                data-chosen={chosen || undefined}
                aria-current={chosen || undefined}
                onClick={() => onResult({ action: 'SELECT', customer: c })}
              >
                <span className={classes.name}>
                  {c.name}
                  {(c.email || c.phone) && (
                    <Text component="span" size="xs" c="dimmed" display="block">
                      {c.email || formatPhone(c.phone, c.country, home)}
                    </Text>
                  )}
                </span>
                {chosen && (
                  <span className={classes.check}>
                    ✓<span className={classes.sr}> {t('chosen')}</span>
                  </span>
                )}
              </UnstyledButton>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <SearchListModal
      opened={opened}
      onClose={onClose}
      title={t('title')}
      closeLabel={t('close')}
      searchLabel={t('search')}
      searchPlaceholder={t('searchPlaceholder')}
      query={query}
      onQuery={setQuery}
      onEnter={() => list.length > 0 && onResult({ action: 'SELECT', customer: list[0] })}
      overlay={
        <ActionIcon
          size={56}
          radius="xl"
          variant="filled"
          aria-label={t('add')}
          onClick={() => onResult({ action: 'NEW' })}
          style={{ position: 'absolute', right: 8, bottom: 8, boxShadow: 'var(--mantine-shadow-md)' }}
        >
          <span aria-hidden="true" style={{ fontSize: 28, lineHeight: 1 }}>
            +
          </span>
        </ActionIcon>
      }
    >
      {content}
      {list.length > MAX_ROWS && (
        <Text size="xs" c="dimmed" ta="center" py="xs">
          {t('more', { shown: MAX_ROWS, total: list.length })}
        </Text>
      )}
      <div style={{ height: 72 }} aria-hidden="true" />
    </SearchListModal>
  );
}

export default SelectCustomerModal;
