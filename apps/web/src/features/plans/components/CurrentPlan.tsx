import { findPlan, formatDate, formatPlanMoney, type SubscriptionInfo } from '@duka/core';
import { Alert, Badge, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useStrings } from '../../../i18n';
import '../strings';
import { planTitle } from '../planText';

/** SPEC §9: day, short month and two-digit year. */
export function shortDate(iso: string): string {
  return formatDate(new Date(iso));
}

const STATUS_COLOR = { none: 'gray', active: 'teal', cancelled: 'orange', past_due: 'red' } as const;

/** The plan, its status and the renewal (or end) date. */
export function CurrentPlan({ sub, actions }: { sub: SubscriptionInfo; actions?: ReactNode }) {
  const { t } = useStrings('plans');
  const renewing = sub.status === 'active' && sub.current_period_end;
  // The months one paid period lasts: the next charge comes again after as many (null: unknown, or one-time).
  const repeats = findPlan(sub.intent)?.periodMonths ?? null;
  return (
    <Paper withBorder radius="md" p="md" mb="lg" data-testid="current-plan">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text size="sm" c="dimmed">
            {t('planLabel')}
          </Text>
          <Group gap="xs">
            <Text fw={700} fz="xl" data-testid="plan-name">
              {sub.plan ? planTitle(t, sub.plan) : t('free')}
            </Text>
            <Badge color={STATUS_COLOR[sub.status]} data-testid="plan-status">
              {t(`status.${sub.status}`)}
            </Badge>
          </Group>
          {sub.current_period_end && (
            <Text size="sm" mt={4} data-testid="plan-renewal">
              {t(renewing ? 'renewsOn' : 'endsOn', { date: shortDate(sub.current_period_end) })}
            </Text>
          )}
          {sub.next_plan && sub.current_period_end && (
            <Text size="sm" data-testid="plan-change">
              {sub.status === 'cancelled'
                ? t('changeCancelled', { plan: planTitle(t, sub.next_plan) })
                : t('changesTo', { plan: planTitle(t, sub.next_plan), date: shortDate(sub.current_period_end) })}
            </Text>
          )}
          {renewing && sub.amount !== null && sub.currency && (
            <Text size="sm" data-testid="plan-next-charge">
              {/* How often it repeats (issue 23, verify27): the plan's period, from core's catalogue. */}
              {t(repeats ? 'nextChargeRepeats' : 'nextCharge', {
                amount: formatPlanMoney(sub.amount, sub.currency),
                date: shortDate(sub.current_period_end!),
                count: repeats ?? 0,
              })}
            </Text>
          )}
        </div>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {sub.status === 'past_due' && (
        <Alert color="red" variant="light" mt="sm">
          {t('pastDueHint')}
        </Alert>
      )}
    </Paper>
  );
}
