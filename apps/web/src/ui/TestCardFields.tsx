import './testCardStrings';
import { testCardErrors, type TestCardErrorCode, type TestCardInput } from '@duka/core';
import { Alert, Badge, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { useStrings } from '../i18n/lite';

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
export function cardErrors(card: TestCardInput, now = new Date()): Partial<Record<keyof TestCardInput, TestCardErrorCode>> {
  const errors: Partial<Record<keyof TestCardInput, TestCardErrorCode>> = {};
  for (const e of testCardErrors(card, now)) errors[e.field] ??= e.code;
  return errors;
}

const EMPTY_CARD: TestCardInput = { card_number: '', exp: '', cvc: '', name: '' };

/** The card being typed into the test provider's fields, formatted as typed; its errors show after a first try. */
export function useTestCard() {
  const [card, setCard] = useState<TestCardInput>(EMPTY_CARD);
  const [showErrors, setShowErrors] = useState(false);
  const cardRef = useRef(card);
  const update = useCallback((field: keyof TestCardInput, raw: string) => {
    const value =
      field === 'card_number' ? formatCardNumber(raw) : field === 'exp' ? formatExpiry(raw) : field === 'cvc' ? raw.replace(/\D/g, '').slice(0, 4) : raw;
    const next = { ...cardRef.current, [field]: value };
    cardRef.current = next;
    setCard(next);
  }, []);
  /** The card when it can be sent; otherwise shows what to fix and gives null. */
  const ready = useCallback((): TestCardInput | null => {
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
 * form of the built-in test provider, for an invoice (invoices TestCardForm) and for a plan's checkout (plans TestCheckoutPage).
 */
export function TestCardFields({ card, errors, update, disabled }: Omit<ReturnType<typeof useTestCard>, 'ready'> & { disabled?: boolean }) {
  const { t } = useStrings('testCard');
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
