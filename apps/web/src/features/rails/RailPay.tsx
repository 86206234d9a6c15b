import './strings';
import type { OfferedRail } from '@duka/core';
import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLanguage, useStrings } from '../../i18n/lite';
import { ApiError } from '../../data/api';
import { describeError } from '../../ui/errors';
import { RailButton, railKey, TestModeTag } from './RailButton';
import { railStatus, startRail, submitRailOtp } from './api';
import classes from './RailPay.module.css';

/**
 * A phone rail's number field (and core's mobile-number table) loads apart: a tap on a hosted checkout never needs it
 * (issue 25: Nigeria's pay page after a tap on Flutterwave ≤ 120 KB gz). The page hands its loader (it asks for that
 * file on intent, with this one), so this file carries no preload list of its own.
 */
export type LoadRailPhone = () => Promise<typeof import('./RailPhone')>;

/** The page asks every second (the customer sees "Paid" within about a second of the provider's confirmation). */
const POLL_MS = 1_000;
const GIVE_UP_MS = 120_000;

type Outcome = 'paid' | 'cancelled' | 'timed_out' | 'failed' | 'unknown';
type Step =
  | { kind: 'closed' }
  | { kind: 'form'; error?: string; networkError?: string }
  | { kind: 'sending' }
  | {
      kind: 'waiting';
      reference: string;
      started: number;
      testPhone: string | null;
      transactionId?: string;
      saidCancelled?: boolean;
      amount?: number;
      /** The provider asks for a code first (Paystack's Telecel voucher): its words; the code field shows until it is taken. */
      otpPrompt?: string | null;
    }
  | { kind: 'done'; outcome: Outcome; message?: string | null; saidCancelled?: boolean };

/**
 * Back from a hosted checkout (…?rail=chapa&reference=…): the page waits for that payment's status. Flutterwave adds
 * its transaction_id: sent with the status calls, so the server verifies that transaction at once (never trusting it).
 * Flutterwave's `status=cancelled` (the customer left its page without paying) is said at once, with Try again, while
 * the page still asks the server, which alone can say "paid".
 */
function returning(rail: OfferedRail): Step {
  const q = new URLSearchParams(window.location.search);
  const reference = q.get('reference');
  const transactionId = q.get('transaction_id') ?? undefined;
  const saidCancelled = q.get('status') === 'cancelled';
  return q.get('rail') === rail.id && (q.get('network') ?? '') === (rail.network ?? '') && reference
    ? // A TEST prompt kept over a reload: its test phone is the reference's (the server's test_phone_url).
      {
        kind: 'waiting',
        reference,
        started: Date.now(),
        testPhone: rail.test_mode && rail.kind === 'phone' ? `/test-phone/${reference}` : null,
        transactionId,
        saidCancelled,
      }
    : { kind: 'closed' };
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
  loadPhone,
  onPaid,
  onWaiting,
  formatAmount,
}: {
  publicId: string;
  rail: OfferedRail;
  /** The customer tapped the rail's button (RailButton, drawn before this form loaded): its form opens at once, or a hosted rail goes to its checkout. */
  opened?: boolean;
  /** Part of the balance the customer chose; the balance when absent. */
  amount?: number;
  amountLabel: string;
  disabled?: boolean;
  /** The phone field's file (RailPhone), for a phone rail. */
  loadPhone: LoadRailPhone;
  /** `wallet`: what the receipt line names — the wallet the customer picked (Telecel Cash, EcoCash…), else the rail;
   * `amount`: what this payment took (the server's status answer), `left`: what is still to pay. */
  onPaid: (operatorId: string | null, wallet: string, amount: number, left: number) => void;
  /** Writes an amount as the invoice writes money: the prompt and the outcome name what the server takes and leaves. */
  formatAmount: (minor: number) => string;
  /** Whether a prompt of this rail waits on the phone (RailPhoneWaiting says so): the page holds its other ways to pay meanwhile. */
  onWaiting?: (waiting: boolean) => void;
}) {
  const [{ RailPhoneFields, RailPhoneWaiting }] = useState(() => ({
    RailPhoneFields: lazy(() => loadPhone().then((m) => ({ default: m.RailPhoneFields }))),
    RailPhoneWaiting: lazy(() => loadPhone().then((m) => ({ default: m.RailPhoneWaiting }))),
  }));
  const { t } = useStrings('rails');
  const { t: tPage } = useStrings('invoiceLink');
  const language = useLanguage();
  const [step, setStep] = useState<Step>(() => {
    const back = returning(rail);
    return back.kind === 'closed' && opened ? { kind: rail.kind === 'checkout' ? 'sending' : 'form' } : back;
  });
  const [phone, setPhone] = useState('');
  const [network, setNetwork] = useState('');
  const [elapsed, setElapsed] = useState(0);
  const fieldId = useId();
  const name = rail.name;
  // The receipt line and the outcome name the wallet picked (core walletName's rule, on the networks the server offered),
  // else the rail: "La demande Orange Money a expiré", not "MTN MoMo / Orange Money" (t16).
  const wallet = rail.networks.find((n) => n.code === network)?.name ?? name;
  const paidRef = useRef((id: string | null, amount: number, left: number) => onPaid(id, wallet, amount, left));
  useEffect(() => {
    paidRef.current = (id, amount, left) => onPaid(id, wallet, amount, left);
  }, [onPaid, wallet]);
  // A second tap before the first one's answer sends nothing (one prompt per invoice).
  const sent = useRef(false);

  const reference = step.kind === 'waiting' ? step.reference : null;
  const startedAt = step.kind === 'waiting' ? step.started : 0;
  const transactionId = step.kind === 'waiting' ? step.transactionId : undefined;
  const saidCancelled = step.kind === 'waiting' && !!step.saidCancelled;
  useEffect(() => {
    if (!reference) return;
    let live = true;
    let busy = false;
    const tick = async () => {
      if (busy) return;
      setElapsed(Date.now() - startedAt);
      // Said cancelled on the way back and never paid since: it stays "cancelled" (the checks stop).
      if (Date.now() - startedAt > GIVE_UP_MS) return setStep({ kind: 'done', outcome: saidCancelled ? 'cancelled' : 'unknown', saidCancelled });
      busy = true;
      try {
        const s = await railStatus(publicId, rail.id, reference, transactionId);
        if (!live) return;
        // The prompt's own amount (a part, not the box's balance), also after a reload or a checkout's return (t16 F1).
        if (s.status === 'pending') return setStep((w) => (w.kind === 'waiting' ? { ...w, amount: s.amount } : w));
        setStep({ kind: 'done', outcome: s.status, message: s.message, saidCancelled: saidCancelled && s.status === 'cancelled' });
        if (s.status === 'paid') paidRef.current(s.operator_id, s.amount, s.balance);
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
  }, [publicId, rail.id, rail.kind, reference, startedAt, transactionId, saidCancelled]);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (sent.current) return;
    sent.current = true;
    try {
      if (rail.kind === 'phone') {
        // The same rule as the server's (core), so the customer reads the error in their language at once.
        const problem = (await loadPhone()).phoneProblem(rail, phone, network, language);
        if (problem) return setStep({ kind: 'form', ...problem });
      }
      setStep({ kind: 'sending' });
      const r = await startRail(publicId, rail.id, {
        ...(rail.kind === 'phone' ? { phone } : {}),
        // A way offered for one network sends that network (Ghana's Telecel Cash through Paystack: `vod`).
        ...(rail.network || network ? { network: rail.network ?? network } : {}),
        ...(amount !== undefined ? { amount } : {}),
      });
      if (r.redirect_url) {
        window.location.assign(r.redirect_url);
        return;
      }
      setElapsed(0);
      // Kept in the address (?rail=…&reference=…): a reload comes back to this prompt (t14 D2).
      const url = new URL(location.href);
      url.searchParams.set('rail', rail.id);
      url.searchParams.set('reference', r.reference);
      if (rail.network) url.searchParams.set('network', rail.network);
      else url.searchParams.delete('network');
      history.replaceState(history.state, '', url);
      setStep({ kind: 'waiting', reference: r.reference, started: Date.now(), testPhone: r.test_phone_url, amount: r.amount, otpPrompt: r.otp_prompt ?? null });
    } catch (err) {
      const shown = describeError(err);
      // Another prompt waits (the server's 409 names its number): said in the page's language.
      // To anyone but the payer who typed that number, the server names no number (t17 A6).
      const other = err instanceof ApiError ? err.fields?.waiting_on : undefined;
      const elsewhere = err instanceof ApiError && err.fields?.prompt === 'waiting';
      setStep({
        kind: 'form',
        error: other ? t('promptWaiting', { phone: other }) : elsewhere ? t('promptWaitingOther') : (shown.fields.phone ?? shown.message),
        networkError: shown.fields.network,
      });
    } finally {
      sent.current = false;
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

  // What the customer reads as the outcome: the server's, or at once the checkout's own "cancelled" (never its "paid").
  const result = step.kind === 'done' ? step : saidCancelled ? { outcome: 'cancelled' as const, message: null, saidCancelled: true } : null;
  const badge = rail.test_mode && <TestModeTag label={t('testMode')} />;
  const testId = `rail-${railKey(rail)}`;
  // The code the provider asked for, sent for the waiting payment: another ask (a wrong code) or a failure is shown; else
  // the prompt goes on to the phone and the page keeps polling. Answers whether the code was asked for again.
  const sendOtp = async (otp: string): Promise<boolean> => {
    if (step.kind !== 'waiting') return false;
    const r = await submitRailOtp(publicId, rail.id, step.reference, otp);
    if (r.status === 'pending') {
      setStep((w) => (w.kind === 'waiting' ? { ...w, otpPrompt: r.otp_prompt } : w));
      return !!r.otp_prompt;
    }
    setStep({ kind: 'done', outcome: r.status, message: r.message });
    return false;
  };

  // Paid: the page's one receipt line says it (RailReceipt: amount, rail, transaction id, what is left), t16 F2.
  if (step.kind === 'done' && step.outcome === 'paid') return null;
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
    <Paper withBorder p="md" aria-live="polite" data-testid={testId}>
      {(step.kind === 'form' || step.kind === 'sending') && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="sm">
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text fw={600}>{t('payWith', { amount: amountLabel, rail: name })}</Text>
              {badge}
            </Group>
            {rail.kind === 'phone' && (
              <Suspense fallback={<Loader size="sm" role="status" aria-label={tPage('publicLoading')} />}>
                <RailPhoneFields
                  rail={rail}
                  fieldId={fieldId}
                  phone={phone}
                  onPhone={setPhone}
                  network={network}
                  onNetwork={setNetwork}
                  error={step.kind === 'form' ? step.error : undefined}
                  networkError={step.kind === 'form' ? step.networkError : undefined}
                  sending={step.kind === 'sending'}
                  disabled={disabled}
                  onCancel={() => setStep({ kind: 'closed' })}
                />
              </Suspense>
            )}
            {rail.kind !== 'phone' && step.kind === 'form' && step.error && (
              <Alert color="red" role="alert">
                {step.error}
              </Alert>
            )}
            {rail.kind !== 'phone' && (
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setStep({ kind: 'closed' })} disabled={step.kind === 'sending'}>
                  {t('cancel')}
                </Button>
                <Button type="submit" color="green" loading={step.kind === 'sending'} disabled={disabled} data-testid={`${testId}-send`}>
                  {t('goToCheckout', { rail: name })}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      )}
      {step.kind === 'waiting' && !saidCancelled && (
        <Stack gap="sm" data-testid={`${testId}-waiting`}>
          {rail.kind === 'phone' ? (
            // Resumed from the address, the amount is the server's first answer's (never the box's balance, t16 F1).
            step.amount !== undefined && (
              <Suspense fallback={null}>
                <RailPhoneWaiting
                  rail={rail}
                  amountLabel={formatAmount(step.amount)}
                  testPhone={step.testPhone}
                  onWaiting={onWaiting}
                  otpPrompt={step.otpPrompt ?? null}
                  onOtp={sendOtp}
                />
              </Suspense>
            )
          ) : (
            // Back from a hosted checkout: the server is asking the provider what happened.
            <Text fw={600}>{t('confirming', { rail: name })}</Text>
          )}
          <progress className={classes.progress} value={Math.min(100, (elapsed / GIVE_UP_MS) * 100)} max={100} aria-label={t('waiting', { rail: name })} />
        </Stack>
      )}
      {result && (
        <Stack gap="sm" data-testid={`${testId}-result`}>
          <Alert color={result.outcome === 'unknown' ? 'yellow' : 'red'} role="alert">
            {result.outcome === 'cancelled'
              ? t(result.saidCancelled ? 'cancelledOnCheckout' : 'cancelled', { rail: wallet })
              : result.outcome === 'timed_out'
                ? t(rail.kind === 'phone' ? 'timedOut' : 'timedOutCheckout', { rail: wallet })
                : result.outcome === 'unknown'
                  ? t('stillWaiting', { rail: wallet })
                  : t('failed', { rail: wallet, message: result.message ?? '' })}
          </Alert>
          {/* A hosted rail goes straight back to its checkout; a phone rail opens its form again. */}
          <Button color="green" onClick={() => (rail.kind === 'phone' ? setStep({ kind: 'form' }) : void submit())} data-testid={`${testId}-retry`}>
            {t('tryAgain')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

/**
 * What the customer keeps once a rail confirmed the payment: the amount, the rail and the operator's transaction id; paid
 * in full, a button on to the thank-you page (`thankYou`), as after the card and M-Pesa (t16), the id staying in sight here.
 */
export function RailReceipt({
  amount,
  rail,
  operatorId,
  left,
  thankYou,
}: {
  amount: string;
  rail: string;
  operatorId: string | null;
  left: string | null;
  thankYou?: string | null;
}) {
  const { t } = useStrings('rails');
  return (
    <Stack gap="xs">
      <Alert color="teal" role="status" data-testid="rail-receipt">
        {t('receipt', { amount, rail, id: operatorId ?? '—' })}
        {/* A part payment says what it left, never a bare "Paid" (t14 D1). */}
        {left && ` ${t('left', { left })}`}
      </Alert>
      {thankYou && (
        <Button component="a" href={thankYou} color="teal" data-testid="rail-thank-you">
          {t('done')}
        </Button>
      )}
    </Stack>
  );
}
