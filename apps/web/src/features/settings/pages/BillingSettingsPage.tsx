import { upgradePath } from '@duka/core';
import { Alert, Button, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { PageHeader } from '../../../ui/PageHeader';
import { useBillingHistory, useOnline, useRefreshBilling, useSubscription } from '../../plans/api';
import { BillingHistory } from '../../plans/components/BillingHistory';
import { CurrentPlan } from '../../plans/components/CurrentPlan';
import { OfflineNote } from '../../plans/components/OfflineNote';
import { isRunning, useChangePlan } from '../../plans/components/ChangePlan';
import { loadCancelPlanModal, loadCreditPacksModal, useDialogOnDemand } from '../../plans/components/onDemand';
import { PortalButton } from '../../plans/pages/PortalPage';
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
  // The dialogs load when opened (issue 30: the page stays within its 40 KB without Mantine's Modal stack).
  const cancelling = useDialogOnDemand(loadCancelPlanModal);
  const buying = useDialogOnDemand(loadCreditPacksModal);
  const data = sub.data;
  const changing = useChangePlan(data, refresh);
  const running = isRunning(data);
  const naira = data?.currency === 'NGN' || (!data?.currency && upgradePath(user?.country) === PAGES.subscribe);

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
                  {running && naira && changing.button(!online)}
                  <PortalButton variant="default" />
                  {running && (
                    <Button color="red" variant="light" onClick={cancelling.open} loading={cancelling.loading} disabled={!online}>
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
              <Button onClick={buying.open} loading={buying.loading} variant="light">
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
        <BillingHistory payments={history.data} />
      )}

      {changing.dialog}
      {buying.Dialog && <buying.Dialog opened={buying.opened} onClose={buying.close} callbackUrl={PAGES.thankYou} />}
      {cancelling.Dialog && (
        <cancelling.Dialog opened={cancelling.opened} onClose={cancelling.close} periodEnd={data?.current_period_end ?? null} onCancelled={refresh} />
      )}
    </>
  );
}
