import { formatDate, formatMoney, paidWithBrand, type Receipt } from '@duka/core';
import { Badge, Button, Card, Table, Text } from '@mantine/core';
import { useStrings } from '../../../i18n';
import { receiptOnDevice } from '../lib/creditNotes';
import type { Invoice } from '../lib/model';

/** The invoice view's payments: date, method and reference, amount, and a Receipt for each payment received. */
export function PaymentsCard({ inv, minor, onReceipt }: { inv: Invoice; minor: boolean; onReceipt: (receipt: Receipt | null) => void }) {
  const { t } = useStrings('invoices');
  return (
    <Card withBorder padding="sm">
      <Text fw={600} mb="xs">
        {t('payments')}
      </Text>
      {inv.payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noPayments')}
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {inv.payments.map((p) => (
              <Table.Tr key={p.id}>
                {/* The date, with the method and any reference under it: a long bank reference wraps in the room
                    left by the amount and Receipt, which stay on screen at 360 px (issue 23 D7). A column of its own
                    was squeezed to one letter wide by the table. */}
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(p.date)}
                  </Text>
                  <Text component="div" size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="payment-method">
                    {/* The wallet paid with when known (MTN MoMo), as the receipt names it (t18 C2). */}
                    {p.refund ? `${t('refundPaidRow')} · ` : ''}
                    {paidWithBrand(p) ?? t(`methods.${p.method}`)}
                    {p.reference ? ` · ${p.reference}` : ''}
                    {p.test && (
                      <Badge ml="xs" size="xs" color="yellow" variant="light">
                        TEST
                      </Badge>
                    )}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(p.amount, inv.currency, { minor })}
                </Table.Td>
                <Table.Td ta="right" w={1}>
                  {/* A refund paid out is no money received: no receipt. */}
                  <Button
                    display={p.refund ? 'none' : undefined}
                    size="compact-xs"
                    variant="light"
                    onClick={() => void receiptOnDevice(inv, p.id).then(onReceipt)}
                    aria-label={`${t('receipt')} ${formatMoney(p.amount, inv.currency, { minor })}`}
                  >
                    {t('receipt')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
