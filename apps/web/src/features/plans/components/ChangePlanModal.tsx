import { findPlan, formatPlanMoney, type Plan, planTotal, plansFor, type SubscriptionInfo } from '@duka/core';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useStrings } from '../../../i18n';
import { ApiError } from '../../../data/api';
import { describeError } from '../../../ui/errors';
import { toast } from '../../../ui/toast';
import { changePlan, useOnline } from '../api';
import '../strings';
import { planDuration, planTitle } from '../planText';
import { shortDate } from './CurrentPlan';

/**
 * SPEC modal 5 Change Plan: a plan selector, the price per month (struck pre-sale price when there is
 * one), 'You will be charged {total} for {duration} subscription.', Close and Yes Change My Plan.
 * SPEC §5: a plan is required.
 */
export function ChangePlanModal({
  opened,
  onClose,
  current,
  onChanged,
  periodEnd = null,
}: {
  opened: boolean;
  onClose: () => void;
  current: string | null;
  onChanged: (sub: SubscriptionInfo) => void;
  /** When the current period ends: the new plan starts and is charged then (the server's rule). */
  periodEnd?: string | null;
}) {
  const { t } = useStrings('plans');
  const online = useOnline();
  const plans = plansFor('changeable');
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const plan: Plan | undefined = findPlan(value);

  const submit = async () => {
    if (!plan) {
      setError(t('planRequired'));
      return;
    }
    setBusy(true);
    try {
      const sub = await changePlan(plan.intent);
      toast.success(t('changed'));
      onChanged(sub);
      setValue(null);
      onClose();
    } catch (e) {
      // SPEC §8: a cancel or change plan failure reads its text, unless the server said what to fix (400) or the device is offline.
      const shown = describeError(e, t('subscriptionFailed'));
      toast.danger(shown.offline || (e instanceof ApiError && e.status === 400) ? shown.message : t('subscriptionFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('modalTitle')} centered>
      <Stack gap="md">
        <Radio.Group
          label={t('plan')}
          value={value}
          onChange={(v) => {
            setValue(v);
            setError(null);
          }}
          error={error}
          withAsterisk
          data-testid="change-plan-select"
        >
          <Stack gap="xs" mt="xs">
            {plans.map((p) => (
              <Radio key={p.intent} value={p.intent} label={planTitle(t, p.title)} disabled={p.intent === current} />
            ))}
          </Stack>
        </Radio.Group>
        {plan && (
          <div>
            <Text size="sm" c="dimmed">
              {t('pricePerMonth')}
            </Text>
            <Group gap="xs" align="baseline">
              <Text fw={700} fz="xl" data-testid="plan-price">
                {formatPlanMoney(plan.price, plan.currency)}
              </Text>
              {plan.preSale !== null && (
                <Text
                  td="line-through"
                  c="dimmed"
                  aria-label={t('preSale', { price: formatPlanMoney(plan.preSale, plan.currency) })}
                  data-testid="plan-presale"
                >
                  {formatPlanMoney(plan.preSale, plan.currency)}
                </Text>
              )}
            </Group>
            <Text mt="sm" data-testid="plan-charge">
              {t('charge', { total: formatPlanMoney(planTotal(plan), plan.currency), duration: planDuration(t, plan) })}
            </Text>
            {/* When and how much (issue 23): the price per month above is what the total comes to per month. */}
            <Text mt="xs" size="sm" data-testid="plan-charge-when">
              {t(periodEnd ? 'changeWhen' : 'changeWhenNoDate', {
                total: formatPlanMoney(planTotal(plan), plan.currency),
                duration: planDuration(t, plan),
                date: periodEnd ? shortDate(periodEnd) : '',
              })}
            </Text>
          </div>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('close')}
          </Button>
          <Button onClick={submit} loading={busy} disabled={!online}>
            {t('confirmChange')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
