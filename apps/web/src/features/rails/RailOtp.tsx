import './railOtpStrings';
import { Button, Group, Text } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { useStrings } from '../../i18n/lite';
import { describeError } from '../../ui/errors';
import classes from './RailPay.module.css';

/** The code the provider asks for before it prompts the phone (Telecel's voucher, dialled on the phone), in its words. */
export function RailOtp({ prompt, wallet, onOtp, testId }: { prompt: string; wallet: string; onOtp: (otp: string) => Promise<boolean>; testId: string }) {
  const { t } = useStrings('railOtp');
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const otp = code.trim();
    if (!/^[A-Za-z0-9]{3,12}$/.test(otp)) return setError(t('otpInvalid'));
    setSending(true);
    try {
      const again = await onOtp(otp);
      setError(again ? t('otpAgain') : null);
      if (again) setCode('');
    } catch (err) {
      setError(describeError(err).message);
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Text fw={600} size="lg">
        {t('otpTitle', { rail: wallet })}
      </Text>
      <Text data-testid={`${testId}-otp-prompt`}>{prompt}</Text>
      <div className={classes.field}>
        <label className={classes.label} htmlFor={id}>
          {t('otpLabel')}
        </label>
        <input
          id={id}
          className={classes.input}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={`${testId}-otp`}
        />
        {error && (
          <p id={`${id}-error`} className={classes.error} role="alert">
            {error}
          </p>
        )}
      </div>
      <Group justify="flex-end">
        <Button type="submit" color="green" loading={sending} data-testid={`${testId}-otp-send`}>
          {t('otpSend')}
        </Button>
      </Group>
    </form>
  );
}
