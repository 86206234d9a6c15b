import './railPhoneStrings';
import { MOBILE_MONEY_NUMBERS, mobileMoneyPhone, type OfferedRail } from '@duka/core';
import { Button, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { i18next, type Language, useStrings } from '../../i18n';
import { PhoneField } from './PhoneField';
import classes from './RailPay.module.css';

/**
 * A phone rail's number field and network picker (issue 25), apart from the rails' form (RailPay): a tap on a hosted
 * checkout (Flutterwave in Nigeria, Chapa, Paynow…) never loads them, nor core's table of mobile numbers.
 */

function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * What keeps the customer's number (or network) from being sent, by core's rule (the server's own), in the customer's
 * language at once; null when it can go.
 */
export function phoneProblem(rail: OfferedRail, phone: string, network: string, language: Language): { error?: string; networkError?: string } | null {
  const t = i18next.getFixedT(language, 'railPhone');
  const country = rail.country ?? '';
  if (!mobileMoneyPhone(phone, country)) {
    const example = MOBILE_MONEY_NUMBERS[country]?.example ?? '';
    return { error: t('phoneInvalid', { rail: rail.name, country: countryName(country, language), example }) };
  }
  if (rail.networks.length && !network) return { networkError: t('networkPick') };
  return null;
}

export function RailPhoneFields({
  rail,
  fieldId,
  phone,
  onPhone,
  network,
  onNetwork,
  error,
  networkError,
  sending,
  disabled,
  onCancel,
}: {
  rail: OfferedRail;
  fieldId: string;
  phone: string;
  onPhone: (phone: string) => void;
  network: string;
  onNetwork: (network: string) => void;
  error?: string;
  networkError?: string;
  sending: boolean;
  disabled: boolean;
  onCancel: () => void;
}) {
  const { t } = useStrings('railPhone');
  const { t: tRails } = useStrings('rails');
  const testId = `rail-${rail.id}`;
  const example = MOBILE_MONEY_NUMBERS[rail.country ?? '']?.example ?? '';
  return (
    <>
      <PhoneField
        id={fieldId}
        label={t('phoneLabel', { rail: rail.name })}
        hint={t('phoneHint', { example })}
        value={phone}
        onChange={onPhone}
        error={error}
        testId={`${testId}-phone`}
        errorTestId={`${testId}-error`}
      />
      {rail.networks.length > 0 && (
        <div className={classes.field}>
          <label className={classes.label} htmlFor={`${fieldId}-net`}>
            {t('networkLabel')}
          </label>
          <select
            id={`${fieldId}-net`}
            className={classes.select}
            value={network}
            onChange={(e) => onNetwork((picked[rail.id] = e.currentTarget.value))}
            data-testid={`${testId}-network`}
          >
            <option value="">{t('networkPick')}</option>
            {rail.networks.map((n) => (
              <option key={n.code} value={n.code}>
                {n.name}
              </option>
            ))}
          </select>
          {networkError && <p className={classes.error}>{networkError}</p>}
        </div>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={sending}>
          {tRails('cancel')}
        </Button>
        <Button type="submit" color="green" loading={sending} disabled={disabled} data-testid={`${testId}-send`}>
          {t('send')}
        </Button>
      </Group>
    </>
  );
}

/** The network each rail's form last had (the form and the waiting text are apart): the wallet the waiting text names. */
const picked: Record<string, string> = {};

/**
 * "Check your phone" while the page waits for the prompt's answer, naming the wallet picked (Telecel Cash, EcoCash);
 * in TEST MODE, the link to Duka's test phone, in the page's language.
 */
export function RailPhoneWaiting({
  rail,
  amountLabel,
  testPhone,
  onWaiting,
}: {
  rail: OfferedRail;
  amountLabel: string;
  testPhone: string | null;
  /** Told while this is shown: the page holds its other ways to pay (one prompt per invoice; the server refuses a second). */
  onWaiting?: (waiting: boolean) => void;
}) {
  const { t } = useStrings('railPhone');
  useEffect(() => {
    onWaiting?.(true);
    return () => onWaiting?.(false);
  }, [onWaiting]);
  const wallet = rail.networks.find((n) => n.code === picked[rail.id])?.name ?? rail.name;
  return (
    <>
      <Text fw={600} size="lg">
        {t('checkPhone')}
      </Text>
      <Text>{t('checkPhoneBody', { rail: wallet, amount: amountLabel })}</Text>
      {testPhone && (
        <Button
          component="a"
          href={`${testPhone}?lang=${i18next.language}`}
          target="_blank"
          rel="noopener"
          variant="light"
          color="orange"
          h="auto"
          py={8}
          styles={{ label: { whiteSpace: 'normal' } }}
          data-testid={`rail-${rail.id}-test-phone`}
        >
          {t('openTestPhone')}
        </Button>
      )}
    </>
  );
}
