import './strings';
import { formatMoney } from '@duka/core';
import { Alert, Button, Card, Center, Container, Group, Loader, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useStrings } from '../../i18n/lite';
import { confirmTestCheckout, fetchTestCheckout, type PayChannel, type TestCheckout } from './api';
import { describeError, errorMessage } from '../../ui/errors';
import { publicPagePaths } from '../../publicPaths';

/**
 * The built-in test provider's Paystack-like checkout (/pay/checkout/{reference}, TEST MODE): the customer
 * picks one of the owner's channels and pays; Duka's test provider then sends its signed webhook and
 * returns to thank-you, which verifies before saying paid.
 */
export default function TestPaystackCheckout({ reference }: { reference: string }) {
  const { t } = useStrings('paystack');
  const [co, setCo] = useState<TestCheckout | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [channel, setChannel] = useState<PayChannel>('card');
  const [card, setCard] = useState({ card_number: '', exp: '', cvc: '', name: '' });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetchTestCheckout(reference).then(
      (c) => {
        setCo(c);
        setChannel(c.channels[0] ?? 'card');
      },
      (e: unknown) => setError(errorMessage(e)),
    );
  }, [reference]);

  if (!co) {
    return error ? (
      <Container size="xs" py="xl">
        <Alert color="red" role="alert">
          {error}
        </Alert>
      </Container>
    ) : (
      <Center mih="60vh" role="status" aria-busy="true" aria-label="Loading">
        <Loader />
      </Center>
    );
  }
  const money = (m: number) => formatMoney(m, co.currency);
  const total = money(co.total);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const done = await confirmTestCheckout(reference, channel === 'card' ? { channel, ...card } : { channel });
      window.location.assign(done.redirect);
    } catch (err) {
      const shown = describeError(err);
      setFields(shown.fields);
      setError(shown.message);
      setBusy(false);
    }
  }
  const hint = { bank_transfer: 'transferHint', ussd: 'ussdHint', mobile_money: 'momoHint' } as const;

  return (
    <Container size="xs" py="md" px="sm" component="main">
      <Stack gap="md">
        <Alert color="yellow">{t('testMode')}</Alert>
        <Stack gap={0}>
          <Title order={1} size="h2">
            {t('checkoutTitle', { business: co.business })}
          </Title>
          <Text c="dimmed">{t('checkoutFor', { number: co.number })}</Text>
        </Stack>
        <Card withBorder>
          <Stack gap={2}>
            <Group justify="space-between">
              <Text>{t('invoiceAmount')}</Text>
              <Text>{money(co.amount)}</Text>
            </Group>
            {co.fee > 0 && (
              <Group justify="space-between">
                <Text>{t('processingFee')}</Text>
                <Text>{money(co.fee)}</Text>
              </Group>
            )}
            <Group justify="space-between">
              <Text fw={700}>{t('youPay')}</Text>
              <Text fw={700} data-testid="checkout-total">
                {total}
              </Text>
            </Group>
          </Stack>
        </Card>
        {co.status !== 'open' ? (
          <Alert color={co.status === 'paid' ? 'teal' : 'gray'}>{co.status === 'paid' ? t('alreadyPaid') : t('closed')}</Alert>
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Stack gap="sm">
              <Radio.Group label={t('howToPay')} value={channel} onChange={(v) => setChannel(v as PayChannel)}>
                <SimpleGrid cols={{ base: 2, xs: 4 }} mt="xs">
                  {co.channels.map((c) => (
                    <Radio key={c} value={c} label={t(`channel.${c}`)} />
                  ))}
                </SimpleGrid>
              </Radio.Group>
              {channel === 'card' ? (
                <>
                  <TextInput
                    label={t('cardNumber')}
                    inputMode="numeric"
                    autoComplete="cc-number"
                    value={card.card_number}
                    error={fields.card_number}
                    onChange={(e) => setCard({ ...card, card_number: e.currentTarget.value })}
                  />
                  <Group grow>
                    <TextInput
                      label={t('exp')}
                      autoComplete="cc-exp"
                      value={card.exp}
                      error={fields.exp}
                      onChange={(e) => setCard({ ...card, exp: e.currentTarget.value })}
                    />
                    <TextInput
                      label={t('cvc')}
                      inputMode="numeric"
                      autoComplete="cc-csc"
                      value={card.cvc}
                      error={fields.cvc}
                      onChange={(e) => setCard({ ...card, cvc: e.currentTarget.value })}
                    />
                  </Group>
                  <TextInput
                    label={t('nameOnCard')}
                    autoComplete="cc-name"
                    value={card.name}
                    error={fields.name}
                    onChange={(e) => setCard({ ...card, name: e.currentTarget.value })}
                  />
                </>
              ) : (
                <Text>{t(hint[channel], { amount: total })}</Text>
              )}
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <Button type="submit" size="md" loading={busy}>
                {channel === 'card' ? t('pay', { amount: total }) : t('confirmPaid', { amount: total })}
              </Button>
            </Stack>
          </form>
        )}
        <Button component="a" variant="subtle" href={publicPagePaths.invoiceLink(co.public_id)}>
          {t('cancel')}
        </Button>
      </Stack>
    </Container>
  );
}
