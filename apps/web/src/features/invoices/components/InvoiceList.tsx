import '../strings';
import '../testSettledStrings';
import { formatDate, formatMoney, isBilledKind, showsMinorUnits } from '@duka/core';
import { Badge, Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { memo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useStrings } from '../../../i18n';
import { useStatusLabel } from '../statusLabel';
import type { ListRow } from '../lib/list';
import { STATUS_COLORS } from '../lib/model';
import { TestPaidTag } from './TestPaidTag';
import { pagePaths } from '../../../paths';

export const PAGE_SIZE = 50;

/**
 * A paged list of invoices: PAGE_SIZE rows at a time, so thousands of invoices stay fast. Paging goes
 * back to the first page when resetKey (the filter) changes; rows stay mounted between keystrokes.
 */
export function InvoiceList({ rows, resetKey }: { rows: ListRow[]; resetKey: string }) {
  const { t } = useStrings('invoices');
  const [paging, setPaging] = useState({ key: resetKey, shown: PAGE_SIZE });
  if (paging.key !== resetKey) setPaging({ key: resetKey, shown: PAGE_SIZE });
  const shown = paging.key === resetKey ? paging.shown : PAGE_SIZE;
  const setShown = (f: (n: number) => number) => setPaging((p) => ({ key: p.key, shown: f(p.shown) }));
  const visible = rows.slice(0, shown);
  return (
    <Stack gap="xs">
      <ul
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}
        aria-label={t('tabTitle')}
        data-testid="invoice-list"
      >
        {visible.map((r) => (
          <li key={r.invoice.id}>
            <InvoiceRow row={r} />
          </li>
        ))}
      </ul>
      {rows.length > shown && (
        <Stack align="center" gap={4}>
          <Text size="sm" c="dimmed">
            {t('showing', { shown, total: rows.length })}
          </Text>
          <Button variant="light" onClick={() => setShown((n) => n + PAGE_SIZE)}>
            {t('showMore')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

const InvoiceRow = memo(function InvoiceRow({ row }: { row: ListRow }) {
  const { t } = useStrings('invoices');
  const { t: tl } = useStrings('invoiceLink');
  const { t: tt } = useStrings('testSettled');
  const statusLabel = useStatusLabel();
  const navigate = useNavigate();
  const inv = row.invoice;
  // A row's amounts are read together: with pesewas or cents in one, all show them (core's rule; t17 G5: "Balance ₵0"
  // under "₵4,501.81").
  const rowMinor = showsMinorUnits([inv.total_due, row.balance, row.refundDue], inv.currency);
  const target = inv.status === 'draft' ? pagePaths.newInvoice({ id: inv.id }) : pagePaths.invoice(inv.id);
  return (
    <UnstyledButton onClick={() => navigate(target)} w="100%" data-testid="invoice-row" data-number={inv.number} data-status={row.status}>
      <Card withBorder padding="sm" radius="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            {/* The status goes under the number rather than being cut ("Envoyée" at 360 px, t20 C1). */}
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{inv.number}</Text>
              <Badge size="sm" color={STATUS_COLORS[row.status]} variant="light" data-testid="invoice-status" style={{ flexShrink: 0 }}>
                {statusLabel(row.status)}
              </Badge>
              <TestPaidTag status={row.testStatus} label={tt('tag')} />
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {row.clientName || '—'}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDate(inv.issue_date)}
              {inv.due_date && inv.kind === 'invoice' ? ` · ${t('due', { date: formatDate(inv.due_date) })}` : ''}
            </Text>
          </Stack>
          <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
            <Text fw={600}>{formatMoney(inv.total_due, inv.currency, { minor: rowMinor })}</Text>
            {isBilledKind(inv.kind) && inv.status !== 'void' && inv.status !== 'draft' && (
              <Text size="xs" c={row.balance > 0 ? 'dimmed' : 'teal'} data-testid="invoice-balance" data-balance={row.balance}>
                {t('balance')} {formatMoney(row.balance, inv.currency, { minor: rowMinor })}
              </Text>
            )}
            {row.refundDue > 0 && (
              <Text size="xs" c="indigo.9" fw={600} data-testid="invoice-refund-due">
                {tl('refundDueOwner', { amount: formatMoney(row.refundDue, inv.currency, { minor: rowMinor }) })}
              </Text>
            )}
          </Stack>
        </Group>
      </Card>
    </UnstyledButton>
  );
});
