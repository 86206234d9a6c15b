import { minorDigits, minorToInput, parseMoney } from '@duka/core';
import { MoneyInput, type MoneyInputProps } from '../../../ui/MoneyInput';

/**
 * The shared SPEC §5 money input (ui/MoneyInput) for forms that keep amounts as text while typing:
 * '' when empty or not readable, otherwise the amount as minorToInput writes it in the currency's decimals.
 * What the person sees and types is in the screen's language (MoneyInput); this text is the editor's own.
 */
export function PriceField({
  value,
  onChange,
  currency = 'NGN',
  ...rest
}: Omit<MoneyInputProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void }) {
  return (
    <MoneyInput
      {...rest}
      currency={currency}
      value={value.trim() === '' ? null : parseMoney(value, minorDigits(currency))}
      onChange={(minor) => onChange(minor === null ? '' : minorToInput(minor, currency))}
    />
  );
}
