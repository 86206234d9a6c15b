import type { DateOrder, SheetDateOrder } from '@duka/core';
import { Alert, NativeSelect, Stack, Text } from '@mantine/core';
import { useStrings } from '../../i18n';
import './strings';

/**
 * Which way the file's dates were read (t16): found in the file ("12/15/2026" can only be month first), or the
 * business country's way when every date reads both ways; the owner can switch, and the preview is read again.
 */
export function DateOrderChoice({ dates, onChange }: { dates: SheetDateOrder; onChange: (order: DateOrder) => void }) {
  const { t } = useStrings('csv');
  const order = t(`dateOrder.${dates.order}Words`);
  const text =
    dates.from === 'file'
      ? t('dateOrder.file', { order, example: dates.example })
      : dates.from === 'mixed'
        ? t('dateOrder.mixed', { order, example: dates.example, other: dates.other })
        : dates.example
          ? t('dateOrder.country', { order, example: dates.example })
          : null;
  return (
    <Alert color={dates.from === 'mixed' ? 'orange' : 'blue'} variant="light" data-testid="import-date-order">
      <Stack gap={6}>
        {text && <Text size="sm">{text}</Text>}
        <NativeSelect
          size="sm"
          label={t('dateOrder.label')}
          value={dates.order}
          onChange={(e) => onChange(e.currentTarget.value as DateOrder)}
          data={[
            { value: 'dmy', label: t('dateOrder.dmy') },
            { value: 'mdy', label: t('dateOrder.mdy') },
          ]}
        />
      </Stack>
    </Alert>
  );
}
