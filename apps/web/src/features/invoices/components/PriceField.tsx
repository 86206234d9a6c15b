import { minorToInput, parseMoney } from '@duka/core';
import { MoneyInput, type MoneyInputProps } from '../../../ui/MoneyInput';

/**
 * The shared SPEC §5 money input (ui/MoneyInput) for forms that keep amounts as text while typing:
 * '' when empty, otherwise the amount as minorToInput writes it.
 */
export function PriceField({ value, onChange, ...rest }: Omit<MoneyInputProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void }) {
  return (
    <MoneyInput {...rest} value={value.trim() === '' ? null : parseMoney(value)} onChange={(minor) => onChange(minor === null ? '' : minorToInput(minor))} />
  );
}
