import { formatDate, formatMoney } from '@duka/core';
import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useStrings } from '../../../i18n';
import { toast } from '../../../ui/toast';
import { type AdminPayout, affiliateApi } from '../lib/api';
import '../strings';

/** Admins (ADMIN_EMAILS): payout requests with where to send the money, and "Mark paid" after sending it. */
export function AdminPayouts() {
  const { t } = useStrings('affiliates');
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ['affiliates', 'admin'], queryFn: affiliateApi.adminPayouts });
  const [confirm, setConfirm] = useState<AdminPayout | null>(null);
  const open = list.data?.payouts.filter((p) => p.status === 'requested') ?? [];
  return (
    <Stack gap="xs" component="section" aria-labelledby="admin-payouts">
      <Title order={2} size="h4" id="admin-payouts">
        {t('admin.title')}
      </Title>
      {list.data && !open.length && <Text c="dimmed">{t('admin.empty')}</Text>}
      {open.map((p) => (
        <Paper key={p.id} withBorder p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={700}>
                {formatMoney(p.amount, p.currency)} · {p.name} ({p.code})
              </Text>
              <Text size="sm">{Object.values(p.payout_details).join(' · ')}</Text>
              <Text size="xs" c="dimmed">
                {p.email} · {formatDate(p.requested_at)}
              </Text>
            </div>
            <Button size="xs" onClick={() => setConfirm(p)}>
              {t('admin.markPaid')}
            </Button>
          </Group>
        </Paper>
      ))}
      <Modal opened={!!confirm} onClose={() => setConfirm(null)} title={t('admin.confirmTitle')} centered>
        <Text mb="lg">{t('admin.confirmBody', { amount: confirm ? formatMoney(confirm.amount, confirm.currency) : '', name: confirm?.name ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirm(null)}>
            {t('admin.cancel')}
          </Button>
          <Button
            onClick={async () => {
              if (!confirm) return;
              await affiliateApi.markPaid(confirm.id);
              toast.success(t('admin.done'));
              setConfirm(null);
              await qc.invalidateQueries({ queryKey: ['affiliates'] });
            }}
          >
            {t('admin.markPaid')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
