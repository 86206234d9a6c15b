import type { CheckoutStatus } from '@duka/core';
import { findPlan } from '@duka/core';
import { Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useStrings } from '../../../i18n/lite';
import { errorMessage } from '../../../ui/errors';
import { checkoutStatus } from '../checkoutApi';
import '../strings';
import { planTitle } from '../planText';
// Not paths.ts: the pay page renders this (see APP_RETURN_PAGES).
import { APP_RETURN_PAGES as PAGES } from '../../../publicPaths';

const POLL_MS = 1500;
const GIVE_UP_MS = 90_000;

/**
 * thank-you?checkout=…: waits for the webhook-confirmed state (the redirect alone proves nothing),
 * with a progress bar, then says what the payment gave. Router-free: the public entry renders it too.
 */
export default function CheckoutWait({ reference }: { reference: string }) {
  const { t } = useStrings('plans');
  const [status, setStatus] = useState<CheckoutStatus | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let stop = false;
    const began = Date.now();
    const tick = async () => {
      try {
        const s = await checkoutStatus(reference);
        if (stop) return;
        setStatus(s);
        if (s.status !== 'open') return;
      } catch (e) {
        if (stop) return;
        setError(errorMessage(e));
      }
      setElapsed(Date.now() - began);
      if (Date.now() - began < GIVE_UP_MS) setTimeout(tick, POLL_MS);
    };
    void tick();
    return () => {
      stop = true;
    };
  }, [reference]);

  if (status?.status === 'paid') {
    const plan = status.kind === 'plan' ? findPlan(status.item) : undefined;
    return (
      <Stack align="center" ta="center" gap="md" role="status" data-testid="checkout-paid">
        <Title order={1}>{plan ? t('paidPlan', { plan: planTitle(t, plan.title) }) : t('paidCredits', { credits: status.item.replace(/\D/g, '') })}</Title>
        <Text data-testid="checkout-credit">{t('balance', { credit: status.credit })}</Text>
        <Group justify="center">
          <Button component="a" href={PAGES.settingsBilling}>
            {t('openBilling')}
          </Button>
          <Button component="a" href={PAGES.aiTab} variant="default">
            {t('openAi')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (status?.status === 'underpaid') {
    return (
      <Stack align="center" ta="center" gap="md" role="status" data-testid="checkout-underpaid">
        <Title order={1}>{t('underpaidTitle')}</Title>
        <Text>{t('underpaidBody')}</Text>
        <Button component="a" href={PAGES.settingsBilling} variant="light">
          {t('openBilling')}
        </Button>
      </Stack>
    );
  }
  const slow = elapsed >= GIVE_UP_MS || status?.status === 'failed';
  return (
    <Stack align="center" ta="center" gap="md" role="status" aria-live="polite">
      <Title order={1}>{status?.status === 'failed' ? t('waitFailed') : t('waitTitle')}</Title>
      <Text>{slow ? t('waitSlow') : t('waitBody')}</Text>
      {!slow && <Progress value={Math.min(95, 10 + (elapsed / 20_000) * 85)} w="100%" animated aria-label={t('waitTitle')} />}
      {error && (
        <Text c="red" size="sm">
          {error}
        </Text>
      )}
      <Button component="a" href={PAGES.settingsBilling} variant="light">
        {t('openBilling')}
      </Button>
    </Stack>
  );
}
