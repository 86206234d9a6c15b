import { ActionIcon, Group, NumberInput, type NumberInputProps } from '@mantine/core';
import { useStrings } from '../i18n';
import './appStrings';

type Props = Omit<NumberInputProps, 'value' | 'onChange' | 'hideControls' | 'rightSection'> & {
  value: number | string;
  onChange: (value: number | string) => void;
  /** What the − and + buttons are named after ("Less: Quantity to credit (Cement)"); the label when it is text. */
  stepName?: string;
};

/**
 * A number field with − and + buttons that have names ("Less: Due days", "More: Due days"; fr, sw), in place of
 * Mantine's unnamed arrows (t18 Z4, t19 Y3). The buttons stay out of the Tab order, as the arrows were: the field's
 * own ArrowUp/ArrowDown step it from the keyboard; a screen reader or voice control finds them by name.
 */
export function StepNumberInput({ value, onChange, stepName, step = 1, min, max, disabled, readOnly, ...rest }: Props) {
  const { t } = useStrings('ui');
  const name = stepName ?? (typeof rest.label === 'string' ? rest.label : '');
  const current = typeof value === 'number' ? value : Number(value) || 0;
  const decimals = String(step).split('.')[1]?.length ?? 0;
  const stepBy = (sign: 1 | -1) => {
    const next = Number((current + sign * step).toFixed(decimals));
    onChange(Math.min(max ?? Infinity, Math.max(min ?? -Infinity, next)));
  };
  const off = disabled || readOnly;
  return (
    <NumberInput
      {...rest}
      value={value}
      onChange={onChange}
      step={step}
      min={min}
      max={max}
      disabled={disabled}
      readOnly={readOnly}
      hideControls
      rightSectionWidth={64}
      rightSection={
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            size="sm"
            tabIndex={-1}
            aria-label={t('step.less', { name })}
            disabled={off || (min !== undefined && current <= min)}
            onClick={() => stepBy(-1)}
          >
            −
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="sm"
            tabIndex={-1}
            aria-label={t('step.more', { name })}
            disabled={off || (max !== undefined && current >= max)}
            onClick={() => stepBy(1)}
          >
            +
          </ActionIcon>
        </Group>
      }
    />
  );
}
