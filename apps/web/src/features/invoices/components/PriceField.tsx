import { currencySymbol, minorToInput, parseMoney } from '@duka/core';
import { MoneyInput, type MoneyInputProps } from '../../../ui/MoneyInput';

/**
 * The shared SPEC §5 money input (ui/MoneyInput) for forms that keep amounts as text while typing:
 * '' when empty, otherwise the amount as minorToInput writes it.
 */
export function PriceField({
  value,
  onChange,
  currency,
  ...rest
}: Omit<MoneyInputProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void }) {
  const symbol = currency ? currencySymbol(currency) : '';
  return (
    <MoneyInput
      {...rest}
      currency={currency}
      leftSectionWidth={symbol.length > 1 ? 40 : undefined}
      value={value.trim() === '' ? null : parseMoney(value)}
      onChange={(minor) => onChange(minor === null ? '' : minorToInput(minor))}
    />
  );
}
