import '../strings';
import { formatMoney } from '@duka/core';
import { Alert, Button, Center, Loader, Modal, Stack } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useStrings } from '../../../i18n/lite';
import { toast } from '../../../ui/toast';
import { type ClientSecret, fetchClientSecret, fetchPaymentsConfig } from '../publicApi';
import type { ConfirmFn } from './cardForm';
import { errorMessage } from '../../../ui/errors';

const TestCardForm = lazy(() => import('./TestCardForm'));
const StripeCardForm = lazy(() => import('./StripeCardForm'));

/**
 * SPEC §2 modal 6, Card payment: the provider's form, and 'Pay {balance}' shown only once the form is
 * ready (SPEC §4). Success → onPaid (the page redirects to /thank-you).
 */
export function CardPaymentModal(props: CardPaymentProps) {
  const { t } = useStrings('invoices');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('payCard')} centered>
      <CardPaymentBody {...props} />
    </Modal>
  );
}

/** Mounted at each opening: fetches a fresh client secret, then shows the provider's form. */
function CardPaymentBody({ publicId, balance, amount: part, currency, provider, onPaid }: CardPaymentProps) {
  const { t } = useStrings('invoices');
  const [secret, setSecret] = useState<(ClientSecret & { publishable_key?: string | null }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmFn | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const config = provider ? null : await fetchPaymentsConfig();
        const cs = await fetchClientSecret(provider ?? config?.provider ?? 'test', publicId, part);
        const key = cs.publishable_key ?? config?.publishable_key ?? (cs.provider === 'stripe' ? (await fetchPaymentsConfig()).publishable_key : null);
        if (!cancelled) setSecret({ ...cs, publishable_key: key });
      } catch (e) {
        if (!cancelled) setError(errorMessage(e, t('payUnavailable')));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [publicId, provider, part, t]);
  const onReady = useCallback((fn: ConfirmFn) => setConfirm(() => fn), []);

  async function pay() {
    if (!confirm) return;
    setPaying(true);
    try {
      const res = await confirm();
      if (res.ok) onPaid();
      else if (res.message !== null) toast.danger(res.message || t('paymentFailed'), 'paymentConfirmation'); // SPEC §8: 10 s
    } catch (e) {
      toast.error(e, t('paymentFailed'), 'paymentConfirmation'); // SPEC §8: 10 s
    } finally {
      setPaying(false);
    }
  }

  const amount = formatMoney(secret?.amount ?? balance, secret?.currency ?? currency);
  const returnUrl = `${window.location.origin}/thank-you?invoice=${encodeURIComponent(publicId)}`;
  const Form = secret?.provider === 'stripe' ? StripeCardForm : TestCardForm;

  return (
    <Stack>
      {error && <Alert color="red">{error}</Alert>}
      {!error && !secret && (
        <Center py="md" role="status" aria-busy="true" aria-label={t('cardFormLoading')}>
          <Loader />
        </Center>
      )}
      {secret && (
        <Suspense fallback={<Loader role="status" aria-label={t('cardFormLoading')} />}>
          <Form clientSecret={secret.client_secret} publishableKey={secret.publishable_key} onReady={onReady} returnUrl={returnUrl} disabled={paying} />
        </Suspense>
      )}
      {confirm && (
        <Button size="md" onClick={() => void pay()} loading={paying} fullWidth>
          {t('pay', { balance: amount })}
        </Button>
      )}
    </Stack>
  );
}

interface CardPaymentProps {
  opened: boolean;
  onClose: () => void;
  publicId: string;
  balance: number;
  /** Part of the balance the customer chose (issue 23 item 10); the balance when absent. */
  amount?: number;
  currency: string;
  /** The provider named by the public invoice; asked from /payments/config when absent. */
  provider?: string | null;
  onPaid: () => void;
}
