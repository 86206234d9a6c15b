import { type AgingBucket, formatDate, formatMoney } from '@duka/core';
import { Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { db } from '../../../data/db';
import { useLocal } from '../../../data/sync/hooks';
import { useStrings } from '../../../i18n';
import '../strings';
import { pagePaths } from '../../../paths';

interface Row {
  id: string;
  number: string;
  client: string;
  due: string | null;
  balance: number;
}

/** The invoices behind one bar of the receivables aging chart (what was still owed on the as-of day). */
export function AgingModal({
  bucket,
  invoices,
  currency,
  onClose,
}: {
  bucket: AgingBucket | null;
  invoices: Array<{ id: string; balance: number }>;
  currency: string;
  onClose: () => void;
}) {
  const { t } = useStrings('reports');
  const rows = useLocal(async (): Promise<Row[]> => {
    const balances = new Map(invoices.map((i) => [i.id, i.balance]));
    const found = (await db.invoices.bulkGet(invoices.map((i) => i.id))).filter((i) => !!i);
    const contacts = await db.contacts.bulkGet(found.map((i) => String(i.contact_id ?? '')));
    return found.map((inv, k) => ({
      id: inv.id,
      number: String(inv.number ?? ''),
      client: contacts[k]?.name ?? t('charts.unnamed'),
      due: (inv.due_date as string | null) ?? null,
      balance: balances.get(inv.id) ?? Number(inv.balance ?? 0),
    }));
  }, [invoices.map((i) => i.id).join(',')]);
  const label = bucket ? t(`charts.buckets.${bucket}`) : '';
  return (
    <Modal opened={bucket !== null} onClose={onClose} title={t('agingModal.title', { bucket: label })}>
      {!rows && <Loader role="status" aria-label={t('loading')} />}
      {rows && !rows.length && <Text c="dimmed">{t('agingModal.empty')}</Text>}
      <Stack gap="xs" data-testid="aging-invoices">
        {rows?.map((r) => (
          <Paper key={r.id} withBorder p="xs" component={Link} to={pagePaths.invoice(r.id)} style={{ textDecoration: 'none', color: 'inherit' }}>
            <Group justify="space-between" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {r.number} · {r.client}
                </Text>
                <Text size="xs" c="dimmed">
                  {r.due ? t('agingModal.due', { date: formatDate(r.due) }) : t('agingModal.noDue')}
                </Text>
              </div>
              <Text fw={700}>{formatMoney(r.balance, currency)}</Text>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('agingModal.close')}
        </Button>
      </Group>
    </Modal>
  );
}
