import { formatPlanMoney } from '@duka/core';
import { Alert, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { api } from '../../../data/api';
import { useStrings } from '../../../i18n';
import { errorMessage } from '../../../ui/errors';
import { FormAlert } from '../../../ui/form';
import { TestCardFields, useTestCard } from '../../../ui/TestCardFields';
import { goTo } from '../api';
import { OfflineNote } from '../components/OfflineNote';
import '../strings';

/**
 * The built-in test provider's checkout page (TEST MODE) for a plan or credit pack: like a hosted
 * checkout, it takes the card and tells Duka by a signed webhook; then it sends the payer to thank-you.
 */
export default function TestCheckoutPage() {
  const { t } = useStrings('plans');
  const { reference = '' } = useParams();
  const view = useQuery({
    queryKey: ['test-checkout', reference],
    queryFn: () => api('GET /test-pay/checkouts/:reference', { params: { reference } }),
    retry: false,
  });
  const { ready, ...fields } = useTestCard();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const pay = async () => {
    const card = ready();
    if (!card) return;
    setBusy(true);
    setMessage(null);
    try {
      const res = await api('POST /test-pay/checkouts/:reference/confirm', { params: { reference }, body: card });
      goTo(res.redirect);
    } catch (e) {
      setMessage(errorMessage(e));
      setBusy(false);
    }
  };

  const data = view.data;
  return (
    <Container component="main" size="xs" py="xl">
      <Title order={1} size="h3" mb="md">
        {t('testCheckoutTitle')}
      </Title>
      <OfflineNote />
      {view.isPending ? (
        <div role="status" aria-label={t('testCheckoutTitle')}>
          <Loader aria-hidden="true" />
        </div>
      ) : !data ? (
        <Alert color="red">{errorMessage(view.error, t('loadFailed'))}</Alert>
      ) : (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm" data-testid="test-checkout-form">
            <Group justify="space-between">
              <Text fw={700}>{data.title}</Text>
              <Text fw={700}>{formatPlanMoney(data.amount, data.currency)}</Text>
            </Group>
            {data.recurring && (
              <Text size="sm" c="dimmed">
                {t('renews')}
              </Text>
            )}
            <TestCardFields {...fields} />
            <FormAlert message={message} />
            <Group justify="space-between">
              <Button component="a" href={data.cancel_url} variant="default">
                {t('back')}
              </Button>
              <Button onClick={pay} loading={busy} disabled={data.status === 'paid'}>
                {t('pay', { amount: formatPlanMoney(data.amount, data.currency) })}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Container>
  );
}
