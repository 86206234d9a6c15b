import { PHONE_MAX } from '@duka/core';
import { useEffect, useRef } from 'react';
import classes from './RailPay.module.css';

/**
 * The payer's phone number on the pay page (M-Pesa and the mobile-money rails): a native field styled like Mantine's
 * (Mantine's TextInput and Progress cost the pay page 4.6 KB gz), with its hint and its error tied to it.
 * It shows when the customer opens a way to pay (a tap on its button, or Try again): focus moves into it, so a keyboard
 * or screen-reader user lands in the form that opened, not on the page body (t18 Y1).
 */
export function PhoneField({
  id,
  label,
  hint,
  value,
  onChange,
  error,
  testId,
  errorTestId,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  testId: string;
  errorTestId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <div className={classes.field}>
      <label className={classes.label} htmlFor={id}>
        {label}
        <span className={classes.required} aria-hidden="true">
          {' *'}
        </span>
      </label>
      <p className={classes.description} id={`${id}-hint`}>
        {hint}
      </p>
      <input
        ref={input}
        id={id}
        className={classes.input}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        aria-invalid={!!error}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        required
        maxLength={PHONE_MAX}
        data-autofocus
        data-testid={testId}
      />
      {error && (
        <p className={classes.error} id={`${id}-error`} data-testid={errorTestId}>
          {error}
        </p>
      )}
    </div>
  );
}
