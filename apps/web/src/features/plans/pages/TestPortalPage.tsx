import { formatPlanMoney } from '@duka/core';
import { Alert, Badge, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { api } from '../../../data/api';
import { useStrings } from '../../../i18n';
import { errorMessage } from '../../../ui/errors';
import '../../../ui/testCardStrings';
import { shortDate } from '../components/CurrentPlan';
import { PAGES } from '../../../paths';
import '../strings';

/** The built-in test provider's billing portal: what a real portal does (cancel) plus test renewals, all by signed webhook. */
export default function TestPortalPage() {
  const { t } = useStrings('plans');
  const card = useStrings('testCard').t;
  const session = new URLSearchParams(useLocation().search).get('session') ?? '';
  const view = useQuery({ queryKey: ['test-portal', session], queryFn: () => api('GET /test-pay/portal/:session', { params: { session } }), retry: false });
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const act = async (action: 'cancel' | 'renew' | 'fail') => {
    setBusy(action);
    setMessage(null);
    try {
      await api('POST /test-pay/portal/:session/:action', { params: { session, action } });
      await view.refetch();
    } catch (e) {
      setMessage(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  const sub = view.data?.subscription;
  return (
    <Container component="main" size="xs" py="xl">
      <Group justify="space-between" mb="md">
        <Title order={1} size="h3">
          {t('testPortalTitle')}
        </Title>
        <Badge color="orange">{card('testMode')}</Badge>
      </Group>
      {view.isPending ? (
        <div role="status" aria-label={t('testPortalTitle')}>
          <Loader aria-hidden="true" />
        </div>
      ) : view.isError ? (
        <Alert color="red">{errorMessage(view.error, t('loadFailed'))}</Alert>
      ) : (
        <Card withBorder radius="md" padding="lg">
          {!sub ? (
            <Text>{t('noSubscription')}</Text>
          ) : (
            <Stack gap="xs" data-testid="test-portal">
              <Group justify="space-between">
                <Text fw={700}>{sub.plan}</Text>
                <Badge>{t(`status.${sub.status}`, { defaultValue: sub.status })}</Badge>
              </Group>
              <Text>{formatPlanMoney(sub.amount, sub.currency)}</Text>
              {/* Said as billing says it (issue 23): a plan that renews shows its next charge, not an end. */}
              {sub.current_period_end && (
                <Text size="sm" data-testid="portal-period">
                  {sub.recurring && sub.status === 'active'
                    ? t('nextCharge', { amount: formatPlanMoney(sub.amount, sub.currency), date: shortDate(sub.current_period_end) })
                    : t('endsOn', { date: shortDate(sub.current_period_end) })}
                </Text>
              )}
              {sub.recurring && (
                <Group mt="sm">
                  <Button size="xs" variant="light" loading={busy === 'renew'} onClick={() => act('renew')}>
                    {t('renewNow')}
                  </Button>
                  <Button size="xs" variant="light" color="orange" loading={busy === 'fail'} onClick={() => act('fail')}>
                    {t('failRenewal')}
                  </Button>
                  {sub.status !== 'cancelled' && (
                    <Button size="xs" color="red" loading={busy === 'cancel'} onClick={() => act('cancel')}>
                      {t('cancel')}
                    </Button>
                  )}
                </Group>
              )}
            </Stack>
          )}
          {message && (
            <Alert color="red" mt="sm" role="alert">
              {message}
            </Alert>
          )}
          <Button component="a" href={view.data?.return_url ?? PAGES.settingsBilling} mt="md" variant="default">
            {t('returnToDuka')}
          </Button>
        </Card>
      )}
    </Container>
  );
}
