import '../strings';
import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useStrings } from '../../../i18n/lite';
import { ApiError } from '../../../data/api';
import { errorMessage } from '../../../ui/errors';
import { TestCardFields, useTestCard } from '../../../ui/TestCardFields';
import { confirmTestPayment } from '../publicApi';
import type { CardFormProps } from './cardForm';

/**
 * The built-in TEST MODE provider's card form for an invoice: confirms through POST /api/test-pay/confirm,
 * which then sends the signed webhook.
 */
export default function TestCardForm({ clientSecret, onReady, disabled }: CardFormProps) {
  const { ready, ...fields } = useTestCard();
  const { t } = useStrings('invoices');

  useEffect(() => {
    onReady(async () => {
      const card = ready();
      if (!card) return { ok: false, message: null };
      try {
        // Paid answers 200; a declined card answers 402 with the provider's message (caught below).
        await confirmTestPayment(clientSecret, card);
        return { ok: true };
      } catch (e) {
        // The provider's message; '' lets the payment modal say its own 'payment failed' (SPEC §8).
        // A declined card is said in the customer's language (issue 23), whatever words the provider used.
        return { ok: false, message: declined(e) ? t('cardDeclined') : errorMessage(e, '') };
      }
    });
  }, [clientSecret, onReady, ready, t]);

  return (
    <Stack gap="sm" data-testid="test-card-form">
      <TestCardFields {...fields} disabled={disabled} />
    </Stack>
  );
}

function declined(e: unknown): boolean {
  return e instanceof ApiError && e.code === 'card_declined';
}
