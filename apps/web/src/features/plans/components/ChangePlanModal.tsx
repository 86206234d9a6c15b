import { findPlan, formatPlanMoney, perMonthVersus, type Plan, planPrice, planTotal, plansFor, type SubscriptionInfo } from '@duka/core';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useLanguage, useStrings } from '../../../i18n';
import { ApiError } from '../../../data/api';
import { describeError } from '../../../ui/errors';
import { toast } from '../../../ui/toast';
import { changePlan, useOnline } from '../api';
import '../strings';
import { planCovers, planDuration, planTitle, priceList } from '../planText';
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
  const language = useLanguage();
  const price = plan ? planPrice(plan) : null;
  const currentPlan = findPlan(current);
  const versus = plan && plan.intent !== current ? perMonthVersus(plan, current) : null;
  const money = (minor: number) => formatPlanMoney(minor, plan?.currency ?? 'NGN');
  /** A plan's price per month, "about" when its total does not divide evenly into its months. */
  const perMonthText = (p: Plan) => {
    const pp = planPrice(p);
    const shown = formatPlanMoney(pp.perMonth ?? pp.total, p.currency);
    return pp.perMonthExact ? shown : t('aboutPrice', { price: shown });
  };
  const percent = (n: number) => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(n / 100);

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
        {/* Which price list this is (issue 23, verify27): not the subscribe prices of the Upgrade page, named here. */}
        <div>
          <Text fw={600}>{t('groupChange')}</Text>
          <Text size="sm" c="dimmed" data-testid="plan-group-note">
            {t('groupChangeNote', { others: priceList(t, 'footer') })}
          </Text>
        </div>
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
                {perMonthText(plan)}
              </Text>
              {price?.sale && price.sale.perMonth !== null && (
                <Text td="line-through" c="dimmed" aria-label={t('preSale', { price: money(price.sale.perMonth) })} data-testid="plan-presale">
                  {money(price.sale.perMonth)}
                </Text>
              )}
            </Group>
            {/* What each price is (issue 23 item 12): the per-month figure of a longer plan, the struck price's sale. */}
            {price && price.periodMonths !== null && price.periodMonths > 1 && (
              <Text size="sm" c="dimmed" data-testid="plan-price-note">
                {t('perMonthNote', { total: money(price.total), duration: planDuration(t, plan) })}
              </Text>
            )}
            {price?.sale && price.sale.perMonth !== null && (
              <Text size="sm" data-testid="plan-sale-why">
                {t('saleWhy', {
                  was: money(price.sale.perMonth),
                  saving: money(price.sale.saving),
                  percent: percent(price.sale.percent),
                  duration: planDuration(t, plan),
                })}
              </Text>
            )}
            <Text mt="xs" size="sm" data-testid="plan-covers">
              {planCovers(t, plan)}
            </Text>
            <Text mt="sm" data-testid="plan-charge">
              {t('charge', { total: money(planTotal(plan)), duration: planDuration(t, plan) })}
            </Text>
            {/* When and how much (issue 23): the price per month above is what the total comes to per month. */}
            <Text mt="xs" size="sm" data-testid="plan-charge-when">
              {t(periodEnd ? 'changeWhen' : 'changeWhenNoDate', {
                total: money(planTotal(plan)),
                duration: planDuration(t, plan),
                date: periodEnd ? shortDate(periodEnd) : '',
              })}
            </Text>
            {versus !== null && currentPlan && (
              <Text mt="xs" size="sm" data-testid="plan-vs-current">
                {t(versus > 0 ? 'vsCurrentMore' : versus < 0 ? 'vsCurrentLess' : 'vsCurrentSame', {
                  current: perMonthText(currentPlan),
                  plan: planTitle(t, currentPlan.title),
                  diff: money(Math.abs(versus)),
                })}
              </Text>
            )}
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
