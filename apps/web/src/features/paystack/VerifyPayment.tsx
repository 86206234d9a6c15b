import './strings';
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useStrings } from '../../i18n/lite';
import { verifyPayment, type VerifyAnswer } from './api';
import { errorMessage } from '../../ui/errors';
import { publicPagePaths } from '../../publicPaths';

/**
 * Back from the hosted checkout (thank-you?reference=…): asks the server, which asks Paystack's Transaction
 * Verify, before showing "paid" (`paid`); a redirect alone proves nothing.
 */
export default function VerifyPayment({ reference, invoice, paid }: { reference: string; invoice: string | null; paid: ReactNode }) {
  const { t } = useStrings('paystack');
  const [answer, setAnswer] = useState<VerifyAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    verifyPayment(reference).then(
      (a) => !cancelled && setAnswer(a),
      (e: unknown) => !cancelled && setError(errorMessage(e)),
    );
    return () => {
      cancelled = true;
    };
  }, [reference, attempt]);
  const check = () => {
    setAnswer(null);
    setError(null);
    setAttempt((n) => n + 1);
  };

  if (answer?.status === 'paid') return <>{paid}</>;
  const back = invoice ?? answer?.public_id;
  if (!answer && !error) {
    return (
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text>{t('checking')}</Text>
      </Stack>
    );
  }
  const failed = answer?.status === 'failed';
  return (
    <Stack gap="md">
      <Title order={1}>{failed ? t('failedTitle') : t('pendingTitle')}</Title>
      <Alert color={failed ? 'red' : 'yellow'} role="alert">
        {error ?? answer?.message ?? t('pendingBody')}
      </Alert>
      {!failed && <Button onClick={check}>{t('checkAgain')}</Button>}
      {back && (
        <Button component="a" variant="light" href={publicPagePaths.invoiceLink(back)}>
          {t('backToInvoice')}
        </Button>
      )}
    </Stack>
  );
}
