import { formatPlanMoney, type Plan, planPreSaleTotal, planTotal } from '@duka/core';
import { Badge, Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import { useStrings } from '../../../i18n';
import { toast } from '../../../ui/toast';
import { goTo, startCheckout, useOnline } from '../api';
import '../strings';
import { planDuration, planTitle } from '../planText';

/** Plans as cards with a Subscribe button each (checkout at the provider). */
export function PlanCards({ plans, current }: { plans: Plan[]; current: string | null }) {
  const { t } = useStrings('plans');
  const online = useOnline();
  const [busy, setBusy] = useState<string | null>(null);
  const subscribe = async (plan: Plan) => {
    setBusy(plan.intent);
    try {
      const { url } = await startCheckout({ transaction: { intent: plan.intent } });
      goTo(url);
    } catch {
      // SPEC §8: transaction failure.
      toast.danger(t('loginToContinue'), 'transactionOrPortal');
      setBusy(null);
    }
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: plans.length }} spacing="md">
      {plans.map((plan) => {
        const preSale = planPreSaleTotal(plan);
        const isCurrent = plan.intent === current;
        return (
          <Card key={plan.intent} withBorder radius="md" padding="lg" data-testid={`plan-${plan.intent}`}>
            <Group justify="space-between">
              <Text fw={700} fz="lg">
                {planTitle(t, plan.title)}
              </Text>
              {isCurrent && <Badge color="teal">{t('current')}</Badge>}
            </Group>
            <Group gap="xs" align="baseline" mt="xs">
              <Text fw={800} fz={28}>
                {formatPlanMoney(planTotal(plan), plan.currency)}
              </Text>
              {preSale !== null && (
                <Text td="line-through" c="dimmed">
                  {formatPlanMoney(preSale, plan.currency)}
                </Text>
              )}
            </Group>
            <Text size="sm" c="dimmed" mb="md">
              {plan.periodMonths === null ? t('oneTime') : planDuration(t, plan)}
            </Text>
            <Button
              mt="auto"
              onClick={() => subscribe(plan)}
              loading={busy === plan.intent}
              disabled={!online || isCurrent || (busy !== null && busy !== plan.intent)}
              aria-label={t('subscribeTo', { plan: planTitle(t, plan.title) })}
            >
              {t('subscribe')}
            </Button>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
