import { Button, type ButtonProps, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A list's search box: type=search, named for screen readers, with the magnifier; `onQuery` gets what is typed. */
export function SearchInput({ label, onQuery, ...rest }: Omit<TextInputProps, 'onChange' | 'type'> & { label: string; onQuery: (query: string) => void }) {
  return (
    <TextInput type="search" aria-label={label} onChange={(e) => onQuery(e.currentTarget.value)} leftSection={<span aria-hidden="true">⌕</span>} {...rest} />
  );
}

/** A list's "+ Add" button (the header's, and the empty list's call to action). */
export function AddButton({ onClick, children, ...rest }: ButtonProps & { onClick: () => void; children: ReactNode; 'aria-label'?: string }) {
  return (
    <Button onClick={onClick} leftSection={<span aria-hidden="true">+</span>} {...rest}>
      {children}
    </Button>
  );
}
