import './strings';
import { MOBILE_MONEY_NUMBERS, mobileMoneyPhone, type OfferedRail } from '@duka/core';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLanguage, useStrings } from '../../i18n';
import { describeError } from '../../ui/errors';
import { RailButton, TestModeTag } from '../invoices/components/RailButton';
import { railStatus, startRail } from './api';
import classes from './RailPay.module.css';

/** The page asks every second (the customer sees "Paid" within about a second of the provider's confirmation). */
const POLL_MS = 1_000;
const GIVE_UP_MS = 120_000;

type Outcome = 'paid' | 'cancelled' | 'timed_out' | 'failed' | 'unknown';
type Step =
  | { kind: 'closed' }
  | { kind: 'form'; error?: string; networkError?: string }
  | { kind: 'sending' }
  | { kind: 'waiting'; reference: string; started: number; testPhone: string | null; transactionId?: string }
  | { kind: 'done'; outcome: Outcome; message?: string | null };

/**
 * Back from a hosted checkout (…?rail=chapa&reference=…): the page waits for that payment's status. Flutterwave adds
 * its transaction_id: sent with the status calls, so the server verifies that transaction at once (never trusting it).
 */
function returning(rail: string): Step {
  const q = new URLSearchParams(window.location.search);
  const reference = q.get('reference');
  const transactionId = q.get('transaction_id') ?? undefined;
  return q.get('rail') === rail && reference ? { kind: 'waiting', reference, started: Date.now(), testPhone: null, transactionId } : { kind: 'closed' };
}

function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * One mobile-money or hosted rail on the public invoice page (issue 25): the customer's number (and network), a
 * prompt on their phone, "Check your phone" while the page polls the provider-confirmed status; a hosted rail
 * (Chapa) sends the customer to its checkout and waits on the way back. In TEST MODE a link opens Duka's test phone.
 */
export function RailPay({
  publicId,
  rail,
  amount,
  amountLabel,
  disabled = false,
  opened = false,
  onPaid,
}: {
  publicId: string;
  rail: OfferedRail;
  /** The customer tapped the rail's button (RailButton, drawn before this form loaded): its form opens at once, or a hosted rail goes to its checkout. */
  opened?: boolean;
  /** Part of the balance the customer chose; the balance when absent. */
  amount?: number;
  amountLabel: string;
  disabled?: boolean;
  onPaid: (operatorId: string | null) => void;
}) {
  const { t } = useStrings('rails');
  const language = useLanguage();
  const [step, setStep] = useState<Step>(() => {
    const back = returning(rail.id);
    return back.kind === 'closed' && opened ? { kind: rail.kind === 'checkout' ? 'sending' : 'form' } : back;
  });
  const [phone, setPhone] = useState('');
  const [network, setNetwork] = useState('');
  const [elapsed, setElapsed] = useState(0);
  const fieldId = useId();
  const paidRef = useRef(onPaid);
  useEffect(() => {
    paidRef.current = onPaid;
  }, [onPaid]);
  const name = rail.name;
  const country = rail.country ?? '';
  const example = MOBILE_MONEY_NUMBERS[country]?.example ?? '';

  const reference = step.kind === 'waiting' ? step.reference : null;
  const startedAt = step.kind === 'waiting' ? step.started : 0;
  const transactionId = step.kind === 'waiting' ? step.transactionId : undefined;
  useEffect(() => {
    if (!reference) return;
    let live = true;
    let busy = false;
    const tick = async () => {
      if (busy) return;
      setElapsed(Date.now() - startedAt);
      if (Date.now() - startedAt > GIVE_UP_MS) return setStep({ kind: 'done', outcome: 'unknown' });
      busy = true;
      try {
        const s = await railStatus(publicId, rail.id, reference, transactionId);
        if (!live || s.status === 'pending') return;
        setStep({ kind: 'done', outcome: s.status, message: s.message });
        if (s.status === 'paid') paidRef.current(s.operator_id);
      } catch {
        // a lost poll (network blip) is retried on the next tick
      } finally {
        busy = false;
      }
    };
    // The first call at once (back from a hosted checkout, the customer sees "paid" without a wait), then every second.
    void tick();
    const timer = setInterval(() => void tick(), POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [publicId, rail.id, reference, startedAt, transactionId]);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (rail.kind === 'phone') {
      // The same rule as the server's (core), so the customer reads the error in their language at once.
      if (!mobileMoneyPhone(phone, country)) {
        return setStep({ kind: 'form', error: t('phoneInvalid', { rail: name, country: countryName(country, language), example }) });
      }
      if (rail.networks.length && !network) return setStep({ kind: 'form', networkError: t('networkPick') });
    }
    setStep({ kind: 'sending' });
    try {
      const r = await startRail(publicId, rail.id, {
        ...(rail.kind === 'phone' ? { phone } : {}),
        ...(network ? { network } : {}),
        ...(amount !== undefined ? { amount } : {}),
      });
      if (r.redirect_url) {
        window.location.assign(r.redirect_url);
        return;
      }
      setElapsed(0);
      setStep({ kind: 'waiting', reference: r.reference, started: Date.now(), testPhone: r.test_phone_url });
    } catch (err) {
      const shown = describeError(err);
      setStep({ kind: 'form', error: shown.fields.phone ?? shown.message, networkError: shown.fields.network });
    }
  };

  // Tapped before this code loaded, a hosted rail goes on to its checkout at once (once, even under StrictMode).
  const autoStart = useRef(step.kind === 'sending');
  useEffect(() => {
    if (!autoStart.current) return;
    autoStart.current = false;
    void submit();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the first render's tap only
  }, []);

  const badge = rail.test_mode && <TestModeTag label={t('testMode')} />;
  const testId = `rail-${rail.id}`;

  if (step.kind === 'closed') {
    return (
      <RailButton
        rail={rail}
        amountLabel={amountLabel}
        disabled={disabled}
        onClick={() => (rail.kind === 'checkout' ? void submit() : setStep({ kind: 'form' }))}
      />
    );
  }

  return (
    <Card withBorder p="md" aria-live="polite" data-testid={testId}>
      {(step.kind === 'form' || step.kind === 'sending') && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="sm">
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text fw={600}>{t('payWith', { amount: amountLabel, rail: name })}</Text>
              {badge}
            </Group>
            {rail.kind === 'phone' && (
              <div className={classes.field}>
                <label className={classes.label} htmlFor={fieldId}>
                  {t('phoneLabel', { rail: name })}
                  <span className={classes.required} aria-hidden="true">
                    {' *'}
                  </span>
                </label>
                <p className={classes.description} id={`${fieldId}-hint`}>
                  {t('phoneHint', { example })}
                </p>
                <input
                  id={fieldId}
                  className={classes.input}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  value={phone}
                  onChange={(e) => setPhone(e.currentTarget.value)}
                  aria-invalid={step.kind === 'form' && !!step.error}
                  aria-describedby={`${fieldId}-hint${step.kind === 'form' && step.error ? ` ${fieldId}-error` : ''}`}
                  required
                  maxLength={40}
                  data-autofocus
                  data-testid={`${testId}-phone`}
                />
                {step.kind === 'form' && step.error && (
                  <p className={classes.error} id={`${fieldId}-error`} data-testid={`${testId}-error`}>
                    {step.error}
                  </p>
                )}
              </div>
            )}
            {rail.kind === 'phone' && rail.networks.length > 0 && (
              <div className={classes.field}>
                <label className={classes.label} htmlFor={`${fieldId}-net`}>
                  {t('networkLabel')}
                </label>
                <select
                  id={`${fieldId}-net`}
                  className={classes.select}
                  value={network}
                  onChange={(e) => setNetwork(e.currentTarget.value)}
                  data-testid={`${testId}-network`}
                >
                  <option value="">{t('networkPick')}</option>
                  {rail.networks.map((n) => (
                    <option key={n.code} value={n.code}>
                      {n.name}
                    </option>
                  ))}
                </select>
                {step.kind === 'form' && step.networkError && <p className={classes.error}>{step.networkError}</p>}
              </div>
            )}
            {rail.kind !== 'phone' && step.kind === 'form' && step.error && (
              <Alert color="red" role="alert">
                {step.error}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setStep({ kind: 'closed' })} disabled={step.kind === 'sending'}>
                {t('cancel')}
              </Button>
              <Button type="submit" color="green" loading={step.kind === 'sending'} disabled={disabled} data-testid={`${testId}-send`}>
                {rail.kind === 'phone' ? t('send') : t('goToCheckout', { rail: name })}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {step.kind === 'waiting' && (
        <Stack gap="sm" data-testid={`${testId}-waiting`}>
          <Text fw={600} size="lg">
            {t('checkPhone')}
          </Text>
          <Text>{t('checkPhoneBody', { rail: name, amount: amountLabel })}</Text>
          <progress className={classes.progress} value={Math.min(100, (elapsed / GIVE_UP_MS) * 100)} max={100} aria-label={t('waiting', { rail: name })} />
          {step.testPhone && (
            <Button component="a" href={step.testPhone} target="_blank" rel="noopener" variant="light" color="orange" data-testid={`${testId}-test-phone`}>
              {t('openTestPhone')}
            </Button>
          )}
        </Stack>
      )}
      {step.kind === 'done' && (
        <Stack gap="sm" data-testid={`${testId}-result`}>
          <Alert color={step.outcome === 'paid' ? 'teal' : step.outcome === 'unknown' ? 'yellow' : 'red'} role={step.outcome === 'paid' ? 'status' : 'alert'}>
            {step.outcome === 'paid'
              ? t('paid')
              : step.outcome === 'cancelled'
                ? t('cancelled', { rail: name })
                : step.outcome === 'timed_out'
                  ? t('timedOut', { rail: name })
                  : step.outcome === 'unknown'
                    ? t('stillWaiting', { rail: name })
                    : t('failed', { rail: name, message: step.message ?? '' })}
          </Alert>
          {step.outcome !== 'paid' && (
            <Button color="green" onClick={() => setStep({ kind: rail.kind === 'phone' ? 'form' : 'closed' })} data-testid={`${testId}-retry`}>
              {t('tryAgain')}
            </Button>
          )}
        </Stack>
      )}
    </Card>
  );
}

/** What the customer keeps once a rail confirmed the payment: the amount, the rail and the operator's transaction id. */
export function RailReceipt({ amount, rail, operatorId }: { amount: string; rail: string; operatorId: string | null }) {
  const { t } = useStrings('rails');
  return (
    <Alert color="teal" role="status" data-testid="rail-receipt">
      {t('receipt', { amount, rail, id: operatorId ?? '—' })}
    </Alert>
  );
}
