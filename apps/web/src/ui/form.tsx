import { Alert, Button, type ButtonProps, Group, type GroupProps, PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The web's form pieces (issue 16): one way to bind a field held in state, one submit button with its pending
 * state, one form-level error, one pair of new-password fields. The inputs are Mantine's: given `label`,
 * `description` (the hint) and `error`, they name the input by its label and set aria-describedby to the
 * hint and the error and aria-invalid while there is an error (ui/form.test.tsx checks it). Money goes in
 * ui/MoneyInput, choices from a short list in Mantine's Select/NativeSelect, countries in SelectCountryModal.
 */

type FieldEvent = { currentTarget: { value: string } };

type FieldErrors = Record<string, string>;

/**
 * Sets one field of a form held in state to a value (selects, switches, money): `setValue('unit', v)`. Given
 * the form's setErrors, the field's error is cleared as soon as it changes.
 */
export function valueSetter<F>(setForm: (update: (f: F) => F) => void, setErrors?: (update: (e: FieldErrors) => FieldErrors) => void) {
  return <K extends keyof F>(k: K, value: F[K]) => {
    setForm((f) => ({ ...f, [k]: value }));
    setErrors?.((e) => (e[k as string] ? { ...e, [k]: '' } : e));
  };
}

/** onChange handler setting one field of a form held in state: `onChange={set('email')}` (setErrors as in valueSetter). */
export function fieldSetter<F>(setForm: (update: (f: F) => F) => void, setErrors?: (update: (e: FieldErrors) => FieldErrors) => void) {
  const setValue = valueSetter(setForm, setErrors);
  return (k: keyof F) => (e: FieldEvent) => setValue(k, e.currentTarget.value as F[keyof F]);
}

/**
 * Props binding an input to one field of a form held in state: its name, value, change handler and error
 * (`<TextInput label=… {...field('email')} />`). `set` is fieldSetter(setForm) or the form's own handler;
 * `errorOf` gives a field's message (already translated).
 */
export function fieldBinder<F>(form: F, set: (k: TextKey<F>) => (e: FieldEvent) => void, errorOf: (k: TextKey<F>) => string | undefined) {
  return (k: TextKey<F>) => ({ name: k, value: (form[k] ?? '') as string, onChange: set(k), error: errorOf(k) });
}

/** The fields of a form that hold text (null or missing is shown empty). */
type TextKey<F> = { [K in keyof F]-?: F[K] extends string | null | undefined ? K : never }[keyof F] & string;

/**
 * After a submit refused for a field's error: once the errors have rendered, focuses the first field marked invalid
 * and brings it into view. On a phone the Save button sits below the fold and the field above it: without this,
 * tapping Save seemed to do nothing (the message was off screen) and a screen reader heard nothing either.
 */
export function focusFirstInvalid(form: HTMLFormElement | null | undefined): void {
  if (!form) return;
  requestAnimationFrame(() => {
    const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.focus({ preventScroll: true });
    field.scrollIntoView?.({ block: 'center' });
  });
}

/**
 * The submit button of a form: shows its pending state (a spinner, aria-busy, not pressable twice) while the
 * form is being sent. `align` places it at the end of its own row (settings forms); without it, it stands alone.
 */
export function SubmitButton({
  pending,
  children,
  align,
  mt,
  ...rest
}: ButtonProps & { pending?: boolean; children: ReactNode; align?: GroupProps['justify']; disabled?: boolean; onClick?: () => void }) {
  const button = (
    <Button type="submit" loading={pending} aria-busy={pending || undefined} mt={align ? undefined : mt} {...rest}>
      {children}
    </Button>
  );
  if (!align) return button;
  return (
    <Group justify={align} mt={mt ?? 'sm'}>
      {button}
    </Group>
  );
}

/** A form's closing buttons on the right: Cancel (closes, saves nothing) and the submit button. */
export function CancelAndSubmit({ cancel, onCancel, submit, pending }: { cancel: string; onCancel: () => void; submit: string; pending?: boolean }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancel}
      </Button>
      <SubmitButton pending={pending}>{submit}</SubmitButton>
    </Group>
  );
}

/** A form-level error (the server's answer to the whole form), read out when it appears. */
export function FormAlert({ message, mb }: { message: string | null | undefined; mb?: ButtonProps['mb'] }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" mb={mb}>
      {message}
    </Alert>
  );
}

export interface NewPasswordValues {
  password: string;
  confirm: string;
}

/**
 * A new password and its confirmation (registration rules from accounts/validation): the hint sits under the
 * password, above its error. Labels come from the caller's strings.
 */
export function NewPasswordFields({
  labels,
  value,
  onChange,
  errors,
  autoFocus,
  gap = 'sm',
}: {
  labels: { password: string; confirm: string; hint: string };
  value: NewPasswordValues;
  onChange: (field: keyof NewPasswordValues) => (e: FieldEvent) => void;
  errors: Partial<Record<keyof NewPasswordValues, string>>;
  autoFocus?: boolean;
  gap?: PasswordInputProps['mb'];
}) {
  return (
    <>
      <PasswordInput
        label={labels.password}
        name="password"
        autoComplete="new-password"
        description={labels.hint}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={value.password}
        onChange={onChange('password')}
        error={errors.password}
        mb={gap}
        autoFocus={autoFocus}
      />
      <PasswordInput
        label={labels.confirm}
        name="confirm"
        autoComplete="new-password"
        value={value.confirm}
        onChange={onChange('confirm')}
        error={errors.confirm}
        mb={gap}
      />
    </>
  );
}
