import './railPhoneStrings';
import { mobileMoneyExample, mobileMoneyPhone, type OfferedRail } from '@duka/core';
import { Button, Group, Text } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { activeLanguage, fixedT, type Language, useStrings } from '../../i18n/lite';
import { PhoneField } from './PhoneField';
import { railKey } from './RailButton';
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
/** The wallet the customer pays with: the network the way was offered for, else the one picked (none yet: undefined). */
function walletOf(rail: OfferedRail, network: string): string | undefined {
  return rail.network ? rail.name : rail.networks.find((n) => n.code === network)?.name;
}

export function phoneProblem(rail: OfferedRail, phone: string, network: string, language: Language): { error?: string; networkError?: string } | null {
  const t = fixedT(language, 'railPhone');
  const country = rail.country ?? '';
  if (!mobileMoneyPhone(phone, country)) {
    const example = mobileMoneyExample(country, walletOf(rail, network) ?? (rail.networks.length ? undefined : rail.name));
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
  const testId = `rail-${railKey(rail)}`;
  // The wallet chosen (a way offered for one network is that network's; else the one picked): a number whose prefix is
  // another network's gets a hint, never a refusal (numbers move between networks, t17 G3); the example is its own (G3).
  const chosen = walletOf(rail, network);
  // A way with no network picker is one wallet (Kenya's Airtel Money): its own example too.
  const example = mobileMoneyExample(rail.country ?? '', chosen ?? (rail.networks.length ? undefined : rail.name));
  const hint = chosen && !error && phone.replace(/\D/g, '').length >= 3;
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
      {hint && (
        <Suspense fallback={null}>
          <NetworkHint phone={phone} country={rail.country ?? ''} wallet={chosen} testId={`${testId}-network-hint`} />
        </Suspense>
      )}
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
        <Button type="submit" color="green" loading={sending} disabled={disabled} data-testid={`${testId}-send`} styles={SEND_WRAPS}>
          {t('send')}
        </Button>
      </Group>
    </>
  );
}

/** The code field a provider asks for (Paystack's Telecel voucher): its own file, loaded only when a code is asked (pay page budget). */
const RailOtp = lazy(() => import('./RailOtp').then((m) => ({ default: m.RailOtp })));
const NetworkHint = lazy(() => import('./NetworkHint').then((m) => ({ default: m.NetworkHint })));

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
  otpPrompt = null,
  onOtp,
}: {
  rail: OfferedRail;
  amountLabel: string;
  testPhone: string | null;
  /** The provider asks for a code before the prompt (Paystack's Telecel voucher): its words, and where the code goes. */
  otpPrompt?: string | null;
  /** Sends the code; true when the provider asks for it again (a wrong or expired code). */
  onOtp?: (otp: string) => Promise<boolean>;
  /** Told while this is shown: the page holds its other ways to pay (one prompt per invoice; the server refuses a second). */
  onWaiting?: (waiting: boolean) => void;
}) {
  const { t } = useStrings('railPhone');
  useEffect(() => {
    onWaiting?.(true);
    return () => onWaiting?.(false);
  }, [onWaiting]);
  const wallet = rail.networks.find((n) => n.code === picked[rail.id])?.name ?? rail.name;
  // TEST MODE: the test phone shows the prompt, and the voucher to type first where the wallet asks one (Telecel Cash).
  const testPhoneLink = testPhone && (
    <Button
      component="a"
      href={`${testPhone}?lang=${activeLanguage()}`}
      target="_blank"
      rel="noopener"
      variant="light"
      color="orange"
      h="auto"
      py={8}
      styles={{ label: { whiteSpace: 'normal' } }}
      data-testid={`rail-${railKey(rail)}-test-phone`}
    >
      {t('openTestPhone')}
    </Button>
  );
  if (otpPrompt && onOtp)
    return (
      <>
        <Suspense fallback={null}>
          <RailOtp prompt={otpPrompt} wallet={wallet} onOtp={onOtp} testId={`rail-${railKey(rail)}`} />
        </Suspense>
        {testPhoneLink}
      </>
    );
  return (
    <>
      <Text fw={600} size="lg">
        {t('checkPhone')}
      </Text>
      <Text>{t('checkPhoneBody', { rail: wallet, amount: amountLabel })}</Text>
      {testPhoneLink}
    </>
  );
}

/** The send label wraps rather than being cut at 360 px (t23 X1: French "Envoyer la demande sur mon télé…"). */
const SEND_WRAPS = {
  root: { height: 'auto', minHeight: 36, paddingBlock: 6, flexShrink: 1 },
  label: { whiteSpace: 'normal' as const, textAlign: 'center' as const },
};
