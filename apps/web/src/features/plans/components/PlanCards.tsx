import { formatPlanMoney, type Plan, planPrice } from '@duka/core';
import { Badge, Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import { useLanguage, useStrings } from '../../../i18n';
import { toast } from '../../../ui/toast';
import { goTo, startCheckout, useOnline } from '../api';
import '../strings';
import { planCovers, planTitle } from '../planText';

/** Plans as cards with a Subscribe button each (checkout at the provider). */
export function PlanCards({ plans, current }: { plans: Plan[]; current: string | null }) {
  const { t } = useStrings('plans');
  const language = useLanguage();
  const percent = (n: number) => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(n / 100);
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
        const price = planPrice(plan);
        const money = (minor: number) => formatPlanMoney(minor, plan.currency);
        const perMonth = price.perMonth !== null && price.periodMonths !== null && price.periodMonths > 1 ? money(price.perMonth) : null;
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
                {money(price.total)}
              </Text>
              {price.sale && (
                <Text td="line-through" c="dimmed" aria-label={t('preSale', { price: money(price.sale.total) })}>
                  {money(price.sale.total)}
                </Text>
              )}
            </Group>
            {/* What the price is (issue 23 item 12): how often it is paid, per month, and why a price is struck. */}
            <Text size="sm" c="dimmed" mb={price.sale ? 0 : 'md'} data-testid="plan-card-period">
              {price.periodMonths === null
                ? t('oneTime')
                : [
                    t('cardEvery', { count: price.periodMonths }),
                    perMonth && t('cardPerMonth', { price: price.perMonthExact ? perMonth : t('aboutPrice', { price: perMonth }) }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
            </Text>
            {price.sale && (
              <Text size="sm" mb="md" data-testid="plan-card-sale">
                {t('cardSaleWhy', { was: money(price.sale.total), saving: money(price.sale.saving), percent: percent(price.sale.percent) })}
              </Text>
            )}
            {/* What the price covers (issue 23, verify27): the same for every plan; how long and how much differ. */}
            <Text size="sm" mb="md" data-testid="plan-card-covers">
              {planCovers(t, plan)}
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
