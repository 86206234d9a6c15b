import { formatDate, formatMoney } from '@duka/core';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useStrings } from '../../../i18n';
import { toast } from '../../../ui/toast';
import { affiliateApi, type Dashboard as Data } from '../lib/api';
import { AdminPayouts } from './AdminPayouts';
import { PayoutForm } from './PayoutForm';
import '../strings';

/** The affiliate's code and link (copy, WhatsApp), clicks, sign-ups, paying users, commission and payouts. */
export function Dashboard({ data }: { data: Data }) {
  const { t } = useStrings('affiliates');
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const a = data.affiliate!;
  const refresh = () => qc.invalidateQueries({ queryKey: ['affiliates'] });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(a.link);
      toast.success(t('share.copied'));
    } catch {
      toast.info(a.link);
    }
  };
  const ask = async (currency: string) => {
    try {
      await affiliateApi.requestPayout(currency);
      toast.success(t('balances.requested_ok'));
      await refresh();
    } catch (e) {
      toast.error(e, {}, 'actionFailed');
    }
  };
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Group gap="xs">
            <Text fw={600}>{t('share.code')}</Text>
            <Badge size="lg" variant="light" data-testid="affiliate-code">
              {a.code}
            </Badge>
          </Group>
          <TextInput label={t('share.link')} value={a.link} readOnly onFocus={(e) => e.currentTarget.select()} data-testid="affiliate-link" />
          <Group gap="xs">
            <Button onClick={() => void copy()}>{t('share.copy')}</Button>
            <Button
              component="a"
              variant="light"
              color="#237032"
              href={`https://wa.me/?text=${encodeURIComponent(t('share.message', { link: a.link }))}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('share.whatsapp')}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <SimpleGrid cols={3} spacing="sm">
        {(
          [
            ['clicks', data.stats.clicks],
            ['signups', data.stats.signups],
            ['paying', data.stats.paying_users],
          ] as const
        ).map(([k, n]) => (
          <Paper key={k} withBorder p="sm" ta="center">
            <Text size="sm" c="dimmed">
              {t(`stats.${k}`)}
            </Text>
            <Text fz={24} fw={800} data-testid={`affiliate-${k}`}>
              {n}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>

      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('balances.title')}
        </Title>
        {!data.balances.length && <Text c="dimmed">{t('balances.empty')}</Text>}
        {data.balances.map((b) => (
          <Paper key={b.currency} withBorder p="sm">
            <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
              {(['pending', 'payable', 'requested', 'paid'] as const).map((k) => (
                <div key={k}>
                  <Text size="xs" c="dimmed">
                    {t(`balances.${k}`)}
                  </Text>
                  <Text fw={700}>{formatMoney(b[k], b.currency)}</Text>
                </div>
              ))}
            </SimpleGrid>
            <Group justify="space-between" mt="xs">
              <Text size="xs" c="dimmed">
                {t('balances.min', { amount: formatMoney(b.min_payout, b.currency) })}
              </Text>
              <Button size="xs" disabled={b.payable <= 0 || b.payable < b.min_payout} onClick={() => void ask(b.currency)}>
                {t('balances.request', { amount: formatMoney(b.payable, b.currency) })}
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>

      {data.payouts.length > 0 && (
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('payouts.title')}
          </Title>
          {data.payouts.map((p) => (
            <Group key={p.id} justify="space-between">
              <Text size="sm">
                {p.status === 'paid' && p.paid_at
                  ? t('payouts.paidOn', { date: formatDate(p.paid_at) })
                  : t('payouts.requestedOn', { date: formatDate(p.requested_at) })}
              </Text>
              <Text size="sm" fw={700}>
                {formatMoney(p.amount, p.currency)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}

      <div>
        <Anchor component="button" type="button" size="sm" onClick={() => setEditing((e) => !e)}>
          {t('editPayout')}
        </Anchor>
        {editing && (
          <Paper withBorder p="md" mt="xs">
            <PayoutForm
              initial={{ payout_method: a.payout_method as 'bank' | 'mobile_money', ...a.payout_details }}
              submitLabel={t('register.update')}
              onSubmit={async (input) => {
                await affiliateApi.join(input);
                toast.success(t('register.saved'));
                setEditing(false);
                await refresh();
              }}
            />
          </Paper>
        )}
      </div>
      {data.can_manage && <AdminPayouts />}
    </Stack>
  );
}
