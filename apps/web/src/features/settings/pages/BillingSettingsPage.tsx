import { formatPlanMoney, upgradePath } from '@duka/core';
import { Alert, Badge, Button, Group, Loader, Modal, Paper, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { PageHeader } from '../../../ui/PageHeader';
import { toast } from '../../../ui/toast';
import { cancelPlan, useBillingHistory, useOnline, useRefreshBilling, useSubscription } from '../../plans/api';
import { ChangePlanModal } from '../../plans/components/ChangePlanModal';
import { CreditPacksModal } from '../../plans/components/CreditPacks';
import { CurrentPlan, shortDate } from '../../plans/components/CurrentPlan';
import { OfflineNote } from '../../plans/components/OfflineNote';
import { PortalButton } from '../../plans/pages/PortalPage';
import { paymentDescription } from '../../plans/planText';
import '../../plans/strings';
import { SettingsNav } from '../SettingsNav';
import '../strings';
import { PAGES } from '../../../paths';

/** settings/billing: plan, status, renewal, change, cancel (confirmed), portal, AI credit, credit packs, payment history. */
export default function BillingSettingsPage() {
  const { t } = useStrings('plans');
  const user = useCurrentUser();
  const online = useOnline();
  const sub = useSubscription();
  const history = useBillingHistory();
  const refresh = useRefreshBilling();
  const [changing, setChanging] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [buying, setBuying] = useState(false);
  const [busy, setBusy] = useState(false);
  const data = sub.data;
  const running = !!data && (data.status === 'active' || data.status === 'past_due') && data.paid;
  const naira = data?.currency === 'NGN' || (!data?.currency && upgradePath(user?.country) === PAGES.subscribe);

  const confirmCancel = async () => {
    setBusy(true);
    try {
      const { message } = await cancelPlan();
      toast.success(message, 'transactionOrPortal');
      refresh();
      setCancelling(false);
    } catch {
      toast.danger(t('subscriptionFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title={t('billingTitle')} />
      <SettingsNav />
      <OfflineNote />
      {sub.isPending ? (
        <div role="status" aria-label={t('billingTitle')}>
          <Loader aria-hidden="true" />
        </div>
      ) : !data ? (
        <Alert color="red" title={t('loadFailed')}>
          <Button size="xs" variant="light" onClick={() => sub.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <CurrentPlan
            sub={data}
            actions={
              data.status === 'none' || !data.paid ? (
                <Button component={Link} to={upgradePath(user?.country)}>
                  {t('goToPlans')}
                </Button>
              ) : (
                <>
                  {running && naira && (
                    <Button onClick={() => setChanging(true)} disabled={!online}>
                      {t('changePlan')}
                    </Button>
                  )}
                  <PortalButton variant="default" />
                  {running && (
                    <Button color="red" variant="light" onClick={() => setCancelling(true)} disabled={!online}>
                      {t('cancel')}
                    </Button>
                  )}
                </>
              )
            }
          />
          <Paper withBorder radius="md" p="md" mb="lg">
            <Group justify="space-between">
              <div>
                <Text size="sm" c="dimmed" id="billing-credit-label">
                  {t('creditLabel')}
                </Text>
                <Text fw={700} fz={28} aria-labelledby="billing-credit-label" data-testid="billing-credit">
                  {data.credit}
                </Text>
              </div>
              <Button onClick={() => setBuying(true)} variant="light">
                {t('buyCredit')}
              </Button>
            </Group>
          </Paper>
        </>
      )}

      <Title order={2} size="h4" mb="sm">
        {t('history')}
      </Title>
      {history.isPending ? (
        <Loader size="sm" />
      ) : !history.data?.length ? (
        <Text c="dimmed">{t('historyEmpty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table data-testid="billing-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('date')}</Table.Th>
                <Table.Th>{t('description')}</Table.Th>
                <Table.Th ta="right">{t('amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{shortDate(p.created_at)}</Table.Td>
                  <Table.Td>
                    {paymentDescription(t, p)}
                    {p.test && (
                      <Badge ml="xs" size="xs" color="yellow" variant="light">
                        TEST
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatPlanMoney(p.kind === 'refund' ? -p.amount : p.amount, p.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <ChangePlanModal
        opened={changing}
        onClose={() => setChanging(false)}
        current={data?.intent ?? null}
        periodEnd={data?.current_period_end ?? null}
        onChanged={refresh}
      />
      <CreditPacksModal opened={buying} onClose={() => setBuying(false)} callbackUrl={PAGES.thankYou} />
      <Modal opened={cancelling} onClose={() => setCancelling(false)} title={t('cancelTitle')} centered>
        <Text mb="lg">{t('cancelText', { date: data?.current_period_end ? shortDate(data.current_period_end) : '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setCancelling(false)}>
            {t('cancelKeep')}
          </Button>
          <Button color="red" onClick={confirmCancel} loading={busy}>
            {t('cancelConfirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
