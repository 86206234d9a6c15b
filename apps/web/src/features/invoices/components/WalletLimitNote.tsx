import '../payAmountStrings';
import type { OfferedRail } from '@duka/core';
import { Button, Stack, Text } from '@mantine/core';
import { useStrings } from '../../../i18n/lite';

/** Whether a wallet cannot take `amount` in one payment: above its limit (the server's `max`, core's walletMax; t20 K2). */
export function aboveWalletMax(rail: OfferedRail, amount: number): boolean {
  return rail.max !== undefined && amount > rail.max;
}

/** Whether a wallet cannot take `amount` for its cents (the server's `unit`: whole Kenyan and Tanzanian shillings; t20 T1). */
export function offWalletUnit(rail: OfferedRail, amount: number): boolean {
  return (rail.unit ?? 1) > 1 && amount % (rail.unit ?? 1) !== 0;
}

/**
 * In place of the wallets that cannot take the amount in one payment (M-Pesa above KSh250,000): what they take, and,
 * where the business allows part payments, a tap that sets the amount to their limit; else the other ways to pay.
 */
export function WalletLimitNote({
  rails,
  part,
  money,
  onUse,
}: {
  rails: readonly OfferedRail[];
  part: boolean;
  money: (minor: number) => string;
  onUse: (minor: number) => void;
}) {
  const { t } = useStrings('payAmount');
  const limits = [...new Set(rails.map((r) => r.max ?? 0))].filter((m) => m > 0);
  if (!limits.length) return null;
  return (
    <Stack gap={4} data-testid="public-wallet-max">
      {limits.map((max) => {
        const names = rails.filter((r) => r.max === max).map((r) => r.name);
        const vars = { rail: [...new Set(names)].join(', '), max: money(max) };
        return (
          <Stack key={max} gap={4} align="flex-start">
            <Text size="sm" c="dimmed">
              {t(part ? 'walletMax' : 'walletMaxOnly', vars)}
            </Text>
            {part && (
              <Button size="compact-sm" variant="light" onClick={() => onUse(max)}>
                {t('walletMaxUse', vars)}
              </Button>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
