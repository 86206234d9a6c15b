import '../strings';
import { testCardErrors, type TestCardErrorCode } from '@duka/core';
import { Alert, Badge, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStrings } from '../../../i18n';
import { ApiError } from '../../../data/api';
import { errorMessage } from '../../../ui/errors';
import { confirmTestPayment, type TestCard } from '../publicApi';
import type { CardFormProps } from './cardForm';

/** Groups card digits by four as typed. */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM/YY as typed. */
export function formatExpiry(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/** Problems with the typed card, by field (core's testCardErrors, the server's rule, issue 24); empty when it can be sent. */
export function cardErrors(card: TestCard, now = new Date()): Partial<Record<keyof TestCard, TestCardErrorCode>> {
  const errors: Partial<Record<keyof TestCard, TestCardErrorCode>> = {};
  for (const e of testCardErrors(card, now)) errors[e.field] ??= e.code;
  return errors;
}

const EMPTY_CARD: TestCard = { card_number: '', exp: '', cvc: '', name: '' };

/** The card being typed into the test provider's fields, formatted as typed; its errors show after a first try. */
export function useTestCard() {
  const [card, setCard] = useState<TestCard>(EMPTY_CARD);
  const [showErrors, setShowErrors] = useState(false);
  const cardRef = useRef(card);
  const update = useCallback((field: keyof TestCard, raw: string) => {
    const value =
      field === 'card_number' ? formatCardNumber(raw) : field === 'exp' ? formatExpiry(raw) : field === 'cvc' ? raw.replace(/\D/g, '').slice(0, 4) : raw;
    const next = { ...cardRef.current, [field]: value };
    cardRef.current = next;
    setCard(next);
  }, []);
  /** The card when it can be sent; otherwise shows what to fix and gives null. */
  const ready = useCallback((): TestCard | null => {
    if (Object.keys(cardErrors(cardRef.current)).length) {
      setShowErrors(true);
      return null;
    }
    return cardRef.current;
  }, []);
  return { card, errors: showErrors ? cardErrors(card) : {}, update, ready };
}

/**
 * The TEST MODE card fields (DESIGN "Payments"), clearly marked, taking the usual test numbers: the one card
 * form of the built-in test provider, for an invoice (TestCardForm) and for a plan's checkout (plans TestCheckoutPage).
 */
export function TestCardFields({ card, errors, update, disabled }: Omit<ReturnType<typeof useTestCard>, 'ready'> & { disabled?: boolean }) {
  const { t } = useStrings('invoices');
  return (
    <>
      <Alert
        color="orange"
        variant="light"
        p="xs"
        title={
          <Group gap="xs">
            <Badge color="orange">{t('testMode')}</Badge>
          </Group>
        }
      >
        <Text size="sm">{t('testModeNote')}</Text>
      </Alert>
      <TextInput
        label={t('cardNumber')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={card.card_number}
        onChange={(e) => update('card_number', e.currentTarget.value)}
        error={errors.card_number && t(`cardError_${errors.card_number}`)}
        disabled={disabled}
      />
      <SimpleGrid cols={2}>
        <TextInput
          label={t('expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="12/30"
          value={card.exp}
          onChange={(e) => update('exp', e.currentTarget.value)}
          error={errors.exp && t(`cardError_${errors.exp}`)}
          disabled={disabled}
        />
        <TextInput
          label={t('cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={card.cvc}
          onChange={(e) => update('cvc', e.currentTarget.value)}
          error={errors.cvc && t(`cardError_${errors.cvc}`)}
          disabled={disabled}
        />
      </SimpleGrid>
      <TextInput
        label={t('nameOnCard')}
        autoComplete="cc-name"
        value={card.name}
        onChange={(e) => update('name', e.currentTarget.value)}
        error={errors.name && t(`cardError_${errors.name}`)}
        disabled={disabled}
      />
    </>
  );
}

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
