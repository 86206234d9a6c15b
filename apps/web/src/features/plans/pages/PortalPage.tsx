import { PLAN_BENEFITS, plansFor } from '@duka/core';
import { Button, Container, Text } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useStrings } from '../../../i18n';
import { PageHeader } from '../../../ui/PageHeader';
import { toast } from '../../../ui/toast';
import { adoptToken, goTo, openPortal, useOnline, useSubscription } from '../api';
import { CurrentPlan } from '../components/CurrentPlan';
import { OfflineNote } from '../components/OfflineNote';
import { PlanCards } from '../components/PlanCards';
import '../strings';

/** Opens the provider's billing portal; SPEC §8 'Please login to continue' (4 s) when it fails. */
export function PortalButton({ variant = 'filled' }: { variant?: 'filled' | 'default' | 'light' }) {
  const { t } = useStrings('plans');
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      goTo((await openPortal()).url);
    } catch {
      toast.danger(t('loginToContinue'), 'transactionOrPortal');
      setBusy(false);
    }
  };
  return (
    <Button onClick={open} loading={busy} disabled={!online} variant={variant}>
      {t('manage')}
    </Button>
  );
}

/** plan/portal: the dollar plans (Stripe) and the billing portal. */
export default function PortalPage() {
  const { t } = useStrings('plans');
  const { search } = useLocation();
  useState(() => adoptToken(search));
  const sub = useSubscription();
  const data = sub.data;
  const running = data && data.status !== 'none' && data.paid;
  return (
    <Container component="main" size="md" py="md">
      <PageHeader title={t('portalTitle')} back="/" />
      <Text mb="md">{t('intro', { credits: PLAN_BENEFITS.creditsPerPeriod })}</Text>
      <OfflineNote />
      {data && <CurrentPlan sub={data} actions={data.status !== 'none' ? <PortalButton /> : undefined} />}
      <PlanCards plans={plansFor('portal')} current={running ? data.intent : null} />
    </Container>
  );
}
