import { formatPlanMoney } from '@duka/core';
import { Alert, Badge, Button, Card, Container, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, api } from '../../../data/api';
import { useStrings } from '../../../i18n';
import { cardErrors, formatCardNumber, formatExpiry } from '../../invoices/components/TestCardForm';
import type { TestCard } from '../../invoices/publicApi';
import '../../invoices/strings';
import { goTo } from '../api';
import { OfflineNote } from '../components/OfflineNote';
import '../strings';

/**
 * The built-in test provider's checkout page (TEST MODE) for a plan or credit pack: like a hosted
 * checkout, it takes the card and tells Duka by a signed webhook; then it sends the payer to thank-you.
 */
export default function TestCheckoutPage() {
  const { t } = useStrings('plans');
  const inv = useStrings('invoices').t;
  const { reference = '' } = useParams();
  const view = useQuery({
    queryKey: ['test-checkout', reference],
    queryFn: () => api('GET /test-pay/checkouts/:reference', { params: { reference } }),
    retry: false,
  });
  const [card, setCard] = useState<TestCard>({ card_number: '', exp: '', cvc: '', name: '' });
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const errors = showErrors ? cardErrors(card) : {};
  const update = (field: keyof TestCard, raw: string) => {
    const value =
      field === 'card_number' ? formatCardNumber(raw) : field === 'exp' ? formatExpiry(raw) : field === 'cvc' ? raw.replace(/\D/g, '').slice(0, 4) : raw;
    setCard((c) => ({ ...c, [field]: value }));
  };
  const pay = async () => {
    if (Object.keys(cardErrors(card)).length) {
      setShowErrors(true);
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const res = await api('POST /test-pay/checkouts/:reference/confirm', { params: { reference }, body: card });
      goTo(res.redirect);
    } catch (e) {
      setMessage(e instanceof ApiError ? e.message : String(e));
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
        <Alert color="red">{view.error instanceof Error ? view.error.message : t('loadFailed')}</Alert>
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
            <Alert color="orange" variant="light" p="xs" title={<Badge color="orange">{inv('testMode')}</Badge>}>
              <Text size="sm">{inv('testModeNote')}</Text>
            </Alert>
            <TextInput
              label={inv('cardNumber')}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="4242 4242 4242 4242"
              value={card.card_number}
              onChange={(e) => update('card_number', e.currentTarget.value)}
              error={errors.card_number}
            />
            <SimpleGrid cols={2}>
              <TextInput
                label={inv('expiry')}
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="12/30"
                value={card.exp}
                onChange={(e) => update('exp', e.currentTarget.value)}
                error={errors.exp}
              />
              <TextInput
                label={inv('cvc')}
                inputMode="numeric"
                autoComplete="cc-csc"
                placeholder="123"
                value={card.cvc}
                onChange={(e) => update('cvc', e.currentTarget.value)}
                error={errors.cvc}
              />
            </SimpleGrid>
            <TextInput
              label={inv('nameOnCard')}
              autoComplete="cc-name"
              value={card.name}
              onChange={(e) => update('name', e.currentTarget.value)}
              error={errors.name}
            />
            {message && (
              <Alert color="red" role="alert">
                {message}
              </Alert>
            )}
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
