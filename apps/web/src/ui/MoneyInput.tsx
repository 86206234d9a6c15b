import { currencySymbol, formatMoneyInput, minorToInput, parseMoney } from '@duka/core';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';

export interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  /** Minor units (kobo, cents), or null when empty. */
  value: number | null;
  onChange: (minor: number | null) => void;
  /** Currency code for the symbol shown before the amount (NGN → ₦). */
  currency?: string;
}

/**
 * SPEC §5 money input: the user types an amount; commas are stripped and thousands separators added as
 * they type (formatMoneyInput), the value given back is in minor units (parseMoney: digits, dots and commas).
 */
export function MoneyInput({ value, onChange, currency, ...rest }: MoneyInputProps) {
  const symbol = currency ? currencySymbol(currency) : '';
  const [text, setText] = useState(() => (value === null ? '' : minorToInput(value)));
  const [shown, setShown] = useState(value);
  // A value set from outside (a record loaded, a form reset) replaces what is shown.
  if (value !== shown) {
    setShown(value);
    if (value !== parseMoney(text)) setText(value === null ? '' : minorToInput(value));
  }
  return (
    <TextInput
      {...rest}
      inputMode="decimal"
      autoComplete="off"
      leftSection={symbol ? <span aria-hidden="true">{symbol}</span> : rest.leftSection}
      // Symbols of more than one letter (KSh, CFA) get room enough not to run into the amount.
      leftSectionWidth={rest.leftSectionWidth ?? (symbol.length > 1 ? 40 : undefined)}
      value={text}
      onChange={(e) => {
        // At most two decimals: anything typed beyond is dropped, as parseMoney would.
        const formatted = formatMoneyInput(e.currentTarget.value).replace(/(\.\d{0,2})\d*$/, '$1');
        const minor = parseMoney(formatted);
        setText(formatted);
        setShown(minor);
        onChange(minor);
      }}
    />
  );
}

export default MoneyInput;
