import '../creditStrings';
import { formatDate, formatMoney } from '@duka/core';
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useRecords } from '../../../data/sync/hooks';
import { useStrings } from '../../../i18n';
import { creditNotesFor } from '../lib/creditNotes';
import type { Invoice } from '../lib/model';
import { pagePaths } from '../../../paths';

/** On an invoice's view: its credit notes (issue 26), each a link to its own view and PDF. */
export function CreditNotesPanel({ invoice, minor }: { invoice: Invoice; minor: boolean }) {
  const { t } = useStrings('credit');
  const all = useRecords('invoices');
  const notes = useMemo(() => (all ? creditNotesFor(all, invoice.id) : []), [all, invoice.id]);
  if (notes.length === 0) return null;
  const total = notes.reduce((s, n) => s + n.total_due, 0);
  return (
    <Card withBorder padding="sm" data-testid="credit-notes">
      <Text fw={600} mb="xs">
        {t('listTitle')}
      </Text>
      <Stack gap={4}>
        {notes.map((n) => (
          <Group key={n.id} justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={pagePaths.invoice(n.id)} fw={600}>
                {n.number}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {formatDate(n.issue_date)} · {n.credit_reason}
              </Text>
            </Stack>
            <Text style={{ whiteSpace: 'nowrap' }}>{formatMoney(-n.total_due, n.currency, { minor })}</Text>
          </Group>
        ))}
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{t('totalCredited')}</Text>
          <Text fw={700} data-testid="credited-total" style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(-total, invoice.currency, { minor })}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
