import { formatQuantity, parseQuantityText, readQuantityText } from '@duka/core';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { useLanguage } from '../../../i18n';

/**
 * An invoice line's quantity, typed in the screen's language (fr 2,5; en and sw 2.5 or 1,000), like the price beside
 * it (PriceField). The editor keeps the quantity as plain text ('2.5', parseQuantityText reads it): '' while what
 * is typed cannot be read — a comma that reads two ways (1,5 in English) is refused, never taken as 15 (t17 N1).
 */
export function QuantityField({ value, onChange, ...rest }: Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void }) {
  const language = useLanguage();
  const show = (v: string) => {
    const n = parseQuantityText(v);
    return n === null ? v : formatQuantity(n, language);
  };
  const [text, setText] = useState(() => show(value));
  const [shown, setShown] = useState({ value, language });
  // A quantity set from outside (a draft restored, an order read) or another language: what is shown follows.
  if (value !== shown.value || language !== shown.language) {
    setShown({ value, language });
    const read = readQuantityText(text, language);
    if (language !== shown.language || (read.ok ? String(read.quantity) !== value : value !== '')) setText(show(value));
  }
  return (
    <TextInput
      {...rest}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(e) => {
        const next = e.currentTarget.value;
        const read = readQuantityText(next, language);
        const canonical = read.ok ? String(read.quantity) : '';
        setText(next);
        setShown({ value: canonical, language });
        onChange(canonical);
      }}
      onBlur={(e) => {
        const read = readQuantityText(text, language);
        if (read.ok) setText(formatQuantity(read.quantity, language));
        rest.onBlur?.(e);
      }}
    />
  );
}
