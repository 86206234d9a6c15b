import '../mpesaStrings';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useStrings } from '../../../i18n/lite';
import { describeError } from '../../../ui/errors';
import { mpesaStatus, startMpesa } from '../mpesaApi';
import { PhoneField } from '../../rails/PhoneField';
import classes from '../../rails/RailPay.module.css';

/** How long the page polls: Daraja's prompt expires after about a minute; a little more for the callback. */
const POLL_MS = 2_000;
const GIVE_UP_MS = 90_000;

type Step =
  | { kind: 'closed' }
  | { kind: 'form'; error?: string }
  | { kind: 'sending' }
  | { kind: 'waiting'; id: string; started: number }
  | { kind: 'done'; outcome: 'paid' | 'cancelled' | 'timed_out' | 'failed' | 'unknown'; message?: string | null };

/** A prompt kept in the address (?rail=mpesa&reference=…): a reload comes back to it, as the other rails' do (issue 25). */
function keptPrompt(): string | null {
  const q = new URLSearchParams(window.location.search);
  return q.get('rail') === 'mpesa' ? q.get('reference') : null;
}

function keepPrompt(id: string | null) {
  const url = new URL(window.location.href);
  if (id) {
    url.searchParams.set('rail', 'mpesa');
    url.searchParams.set('reference', id);
  } else {
    url.searchParams.delete('rail');
    url.searchParams.delete('reference');
  }
  history.replaceState(history.state, '', url);
}

/**
 * "Pay with M-Pesa" on the public page of a KES invoice: the customer's phone number, an STK Push, then
 * "Check your phone" while the page polls the payment's status. The page draws it only when M-Pesa runs on Daraja here
 * (the invoice's rail says `daraja`); without, the TEST MODE rail's form (RailPay) serves M-Pesa.
 */
export function MpesaPay({
  publicId,
  amount,
  disabled = false,
  amountLabel,
  onPaid,
  opened = false,
  onWaiting,
}: {
  /** The prompt waits on the customer's phone (true) or no longer (false): the page holds its other ways to pay meanwhile. */
  onWaiting?: (waiting: boolean) => void;
  /** The customer tapped M-Pesa's button (drawn before this form loaded, issue 25): the form opens at once. */
  opened?: boolean;
  publicId: string;
  /** Part of the balance the customer chose (issue 23 item 10); the balance when absent. */
  amount?: number;
  disabled?: boolean;
  amountLabel: string;
  /** Paid: the M-Pesa receipt number, what this prompt took and what is left (a part payment leaves some). */
  onPaid: (paid: { operatorId: string | null; taken: number; left: number }) => void;
}) {
  const { t } = useStrings('mpesa');
  const [phone, setPhone] = useState('');
  const [step, setStep] = useState<Step>(() => {
    // Reloaded while the prompt waited: the page waits on it again (its status is polled) instead of offering a second one.
    const kept = keptPrompt();
    return kept ? { kind: 'waiting', id: kept, started: Date.now() } : { kind: opened ? 'form' : 'closed' };
  });
  const [elapsed, setElapsed] = useState(0);
  const fieldId = useId();
  const paidRef = useRef(onPaid);
  useEffect(() => {
    paidRef.current = onPaid;
  }, [onPaid]);

  const waitingId = step.kind === 'waiting' ? step.id : null;
  const isWaiting = waitingId !== null;
  useEffect(() => {
    if (!isWaiting) return;
    onWaiting?.(true);
    return () => onWaiting?.(false);
  }, [isWaiting, onWaiting]);
  const startedAt = step.kind === 'waiting' ? step.started : 0;
  useEffect(() => {
    if (!waitingId) return;
    let live = true;
    const tick = async () => {
      setElapsed(Date.now() - startedAt);
      if (Date.now() - startedAt > GIVE_UP_MS) return setStep({ kind: 'done', outcome: 'unknown' });
      try {
        const s = await mpesaStatus(publicId, waitingId);
        if (!live || s.status === 'pending') return;
        setStep({ kind: 'done', outcome: s.status, message: s.message });
        if (s.status === 'paid') paidRef.current({ operatorId: s.operator_id, taken: s.amount, left: s.balance });
      } catch {
        // a lost poll (network blip) is retried on the next tick
      }
    };
    const timer = setInterval(() => void tick(), POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [publicId, waitingId, startedAt]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setStep({ kind: 'sending' });
    try {
      const r = await startMpesa(publicId, phone, amount);
      setElapsed(0);
      keepPrompt(r.checkout_request_id);
      setStep({ kind: 'waiting', id: r.checkout_request_id, started: Date.now() });
    } catch (err) {
      const shown = describeError(err);
      const message = shown.fields.phone ?? shown.message;
      setStep({ kind: 'form', error: message });
    }
  };

  if (step.kind === 'closed') {
    return (
      <Button size="md" color="#237032" variant="outline" disabled={disabled} onClick={() => setStep({ kind: 'form' })} data-testid="mpesa-open">
        {t('payAmount', { amount: amountLabel })}
      </Button>
    );
  }

  return (
    <Paper withBorder p="md" aria-live="polite">
      {(step.kind === 'form' || step.kind === 'sending') && (
        <form onSubmit={(e) => void submit(e)}>
          <Stack gap="sm">
            <Text fw={600}>{t('payAmount', { amount: amountLabel })}</Text>
            <PhoneField
              id={fieldId}
              label={t('phoneLabel')}
              hint={t('phoneHint')}
              value={phone}
              onChange={setPhone}
              error={step.kind === 'form' ? step.error : undefined}
              testId="mpesa-phone"
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setStep({ kind: 'closed' })} disabled={step.kind === 'sending'}>
                {t('cancel')}
              </Button>
              <Button type="submit" color="green" loading={step.kind === 'sending'} disabled={disabled} data-testid="mpesa-send" styles={SEND_WRAPS}>
                {t('send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {step.kind === 'waiting' && (
        <Stack gap="sm" data-testid="mpesa-waiting">
          <Text fw={600} size="lg">
            {t('checkPhone')}
          </Text>
          <Text>{t('checkPhoneBody', { amount: amountLabel })}</Text>
          <progress className={classes.progress} value={Math.min(100, (elapsed / GIVE_UP_MS) * 100)} max={100} aria-label={t('waiting')} />
        </Stack>
      )}
      {step.kind === 'done' && (
        <Stack gap="sm" data-testid="mpesa-result">
          <Alert color={step.outcome === 'paid' ? 'teal' : step.outcome === 'unknown' ? 'yellow' : 'red'} role={step.outcome === 'paid' ? 'status' : 'alert'}>
            {step.outcome === 'paid'
              ? t('paid')
              : step.outcome === 'cancelled'
                ? t('cancelled')
                : step.outcome === 'timed_out'
                  ? t('timedOut')
                  : step.outcome === 'unknown'
                    ? t('stillWaiting')
                    : t('failed', { message: step.message ?? '' })}
          </Alert>
          {step.outcome !== 'paid' && (
            <Button
              color="green"
              onClick={() => {
                keepPrompt(null);
                setStep({ kind: 'form' });
              }}
              data-testid="mpesa-retry"
            >
              {t('tryAgain')}
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}

/** The send label wraps rather than being cut at 360 px (t23 X1: French "Envoyer la demande sur mon télé…"). */
const SEND_WRAPS = {
  root: { height: 'auto', minHeight: 36, paddingBlock: 6, flexShrink: 1 },
  label: { whiteSpace: 'normal' as const, textAlign: 'center' as const },
};
