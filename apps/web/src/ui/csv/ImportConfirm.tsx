import { Button } from '@mantine/core';
import { useStrings } from '../../i18n';
import './strings';

/**
 * The import button. While rows have problems it stays disabled and says what blocks it ("Fix or remove row 4
 * first"), never "Import 3 rows", which it would refuse to do (t17 R3).
 */
export function ImportConfirm({ badLines, count, busy, onConfirm }: { badLines: number[]; count: number; busy: boolean; onConfirm: () => void }) {
  const { t } = useStrings('csv');
  const label =
    badLines.length === 1 ? t('fixRowFirst', { line: badLines[0] }) : badLines.length ? t('fixRowsFirst', { count: badLines.length }) : t('importN', { count });
  return (
    <Button disabled={badLines.length > 0 || count === 0} loading={busy} onClick={onConfirm}>
      {label}
    </Button>
  );
}
