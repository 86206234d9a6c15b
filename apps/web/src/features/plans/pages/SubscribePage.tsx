import { PLAN_BENEFITS, plansFor, upgradePath } from '@duka/core';
import { Button, Container, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { PageHeader } from '../../../ui/PageHeader';
import { adoptToken, useRefreshBilling, useSubscription } from '../api';
import { CurrentPlan } from '../components/CurrentPlan';
import { OfflineNote } from '../components/OfflineNote';
import { isRunning, useChangePlan } from '../components/ChangePlan';
import { PlanCards } from '../components/PlanCards';
import { priceList } from '../planText';
import '../strings';
import { PAGES } from '../../../paths';

/** plan/subscribe: the naira plans (Paystack), Change Plan (SPEC modal 5) for a running plan. */
export default function SubscribePage() {
  const { t } = useStrings('plans');
  const { search } = useLocation();
  useState(() => adoptToken(search));
  const sub = useSubscription();
  const refresh = useRefreshBilling();
  const data = sub.data;
  const changing = useChangePlan(data, refresh);
  const running = isRunning(data);
  const user = useCurrentUser();
  // Naira plans are Nigeria's: anyone else reaching this page by a link (e.g. /login?device=…) gets their own plans.
  if (user && upgradePath(user.country) === PAGES.portal) return <Navigate to={`${PAGES.portal}${search}`} replace />;

  return (
    <Container component="main" size="md" py="md">
      <PageHeader title={t('subscribeTitle')} back={PAGES.home} />
      <Text mb="md">{t('intro', { credits: PLAN_BENEFITS.creditsPerPeriod })}</Text>
      <OfflineNote />
      {data && data.status !== 'none' && (
        <CurrentPlan
          sub={data}
          actions={
            <>
              {running && changing.button()}
              <Button component={Link} to={PAGES.settingsBilling} variant="default">
                {t('billingTitle')}
              </Button>
            </>
          }
        />
      )}
      {/* Which price list this page sells (issue 23, verify27): not Change Plan's, which is named with its prices. */}
      <Title order={2} size="h4" mt="md">
        {t('groupSubscribe')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm" data-testid="plan-group-note">
        {t('groupSubscribeNote', { others: priceList(t, 'changeable') })}
      </Text>
      <PlanCards plans={plansFor('footer')} current={running ? data.intent : null} />
      {changing.dialog}
    </Container>
  );
}
