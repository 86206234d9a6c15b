import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Text that never breaks inside (an amount, "3 ×"). */
export const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * One receipt row: words on the left, an amount at the right edge. When both do not fit on one line (58 mm paper, or
 * French words), the amount goes below, still at the right edge; the words wrap only between words and never under
 * the amount (t21 P1: "3 × ₦13,050.00" over "₦4,350.00", "Espèc/es", "Sous-/total").
 */
export function ReceiptRow({
  label,
  value,
  bold,
  testId,
  valueTestId,
}: {
  label: ReactNode;
  value: string;
  bold?: boolean;
  testId?: string;
  valueTestId?: string;
}) {
  const fw = bold ? 700 : 400;
  return (
    <div className="duka-receipt-row" data-testid={testId} style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 8 }}>
      <Text size="sm" fw={fw} style={{ minWidth: 0, overflowWrap: 'break-word' }}>
        {label}
      </Text>
      <Text size="sm" fw={fw} style={{ ...NO_WRAP, marginLeft: 'auto' }} data-testid={valueTestId}>
        {value}
      </Text>
    </div>
  );
}
