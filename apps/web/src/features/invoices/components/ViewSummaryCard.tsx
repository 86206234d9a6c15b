import '../creditStrings';
import '../testSettledStrings';
import { formatDate, formatMoney, testPaymentStatus } from '@duka/core';
import { Card, Group, Stack, Text } from '@mantine/core';
import { useStrings } from '../../../i18n';
import type { Invoice } from '../lib/model';

/**
 * The invoice view's head card: the client, the date to pay (or accept) by, and what is owed — a quote, a credit note
 * and a void invoice owe nothing, so they show their total, never a balance (issue 14).
 */
export function ViewSummaryCard(props: { inv: Invoice; client: string | undefined; balance: number; minor: boolean; isQuote: boolean; isCredit: boolean }) {
  const { inv, balance, minor, isQuote, isCredit } = props;
  const { t } = useStrings('invoices');
  const { t: tc } = useStrings('credit');
  const { t: tt } = useStrings('testSettled');
  const isVoid = inv.status === 'void';
  const testTag = testPaymentStatus(inv);
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {t('client')}
          </Text>
          <Text fw={600}>{props.client ?? '—'}</Text>
        </Stack>
        {/* A credit note has no date to pay by nor to accept by (issue 26 D9). */}
        {!isCredit && (
          <Stack gap={0} data-testid="view-due" ml="auto">
            <Text size="sm" c="dimmed">
              {isQuote ? t('validUntil') : t('dueDate')}
            </Text>
            <Text>{inv.due_date ? formatDate(inv.due_date) : '—'}</Text>
          </Stack>
        )}
        {/* At the row's end, also when it wraps onto a line of its own at 360 px (the label right-aligned over it, not
            indented); the margins share the row's space as space-between did. */}
        <Stack gap={0} align="flex-end" ml="auto">
          <Text size="sm" c="dimmed">
            {isCredit ? tc('totalCredited') : isQuote || isVoid ? t('total') : t('balance')}
          </Text>
          <Text
            fw={700}
            data-testid={isQuote || isVoid ? 'view-total' : 'view-balance'}
            data-balance={isQuote || isVoid ? undefined : balance}
            td={isVoid ? 'line-through' : undefined}
          >
            {formatMoney(isQuote || isVoid ? inv.total_due : balance, inv.currency, { minor })}
          </Text>
          {testTag && !isQuote && !isVoid && (
            <Text size="xs" c="orange.9" ta="right" data-testid="view-test-settled">
              {tt(testTag === 'paid' ? 'settled' : 'part')}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
