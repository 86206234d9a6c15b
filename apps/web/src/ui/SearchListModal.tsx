import { Modal, ScrollArea } from '@mantine/core';
import { SearchInput } from './ListControls';
import { useMediaQuery } from '@mantine/hooks';
import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export interface SearchListModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  searchLabel: string;
  searchPlaceholder: string;
  query: string;
  onQuery: (query: string) => void;
  /** Enter in the search box: choose the first row. */
  onEnter: () => void;
  /** The rows (buttons inside list items) or a status text. */
  children: ReactNode;
  /** Shown over the list's bottom-right corner (e.g. a floating add button). */
  overlay?: ReactNode;
}

/**
 * The body of SPEC §2's search-and-pick modals (Select A Customer, Select A Country): a search box that
 * keeps focus, a scrolling list, full screen on phones. ↓ from the search box enters the list, ↑/↓ move
 * between rows, Enter in the search box picks the first row; the query is cleared once the modal has closed.
 */
export function SearchListModal({
  opened,
  onClose,
  title,
  closeLabel,
  searchLabel,
  searchPlaceholder,
  query,
  onQuery,
  onEnter,
  children,
  overlay,
}: SearchListModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const listRef = useRef<HTMLDivElement>(null);
  const rows = () => Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('li button') ?? []);

  function onSearchKey(e: KeyboardEvent) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      rows()[0]?.focus();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      onEnter();
    }
  }
  function onListKey(e: KeyboardEvent) {
    const all = rows();
    const i = all.indexOf(document.activeElement as HTMLButtonElement);
    if (i < 0 || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return;
    e.preventDefault();
    all[Math.max(0, Math.min(all.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1)))]?.focus();
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      fullScreen={!!phone}
      size="md"
      closeButtonProps={{ 'aria-label': closeLabel }}
      onExitTransitionEnd={() => onQuery('')}
    >
      <SearchInput label={searchLabel} placeholder={searchPlaceholder} value={query} onQuery={onQuery} onKeyDown={onSearchKey} data-autofocus mb="sm" />
      {/* On a phone the list fills the screen, so the floating add button sits at the bottom corner, in thumb reach. */}
      <div style={{ position: 'relative', minHeight: phone ? 'calc(100dvh - 150px)' : undefined }}>
        <ScrollArea.Autosize mah={phone ? 'calc(100dvh - 150px)' : '60dvh'} type="auto" offsetScrollbars>
          {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- arrow keys move between the row buttons */}
          <div ref={listRef} onKeyDown={onListKey}>
            {children}
          </div>
        </ScrollArea.Autosize>
        {overlay}
      </div>
    </Modal>
  );
}
