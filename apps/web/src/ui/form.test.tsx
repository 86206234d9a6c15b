import { TextInput } from '@mantine/core';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { type FormEvent, useState } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { fieldBinder, fieldSetter, focusFirstInvalid, FormAlert, NewPasswordFields, SubmitButton, valueSetter } from './form';
import { renderUi } from './testing';

afterEach(cleanup);

function Demo({ onSubmit, serverError }: { onSubmit: (v: { email: string; password: string; confirm: string }) => void; serverError?: string }) {
  const [form, setForm] = useState({ email: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const set = fieldSetter(setForm);
  const field = fieldBinder(form, set, (k) => errors[k]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.email) return setErrors({ email: 'Enter your e-mail' });
    setPending(true);
    onSubmit(form);
  };
  return (
    <form onSubmit={submit} noValidate>
      <FormAlert message={serverError} />
      <TextInput label="E-mail" description="We send the receipt here" {...field('email')} />
      <NewPasswordFields labels={{ password: 'Password', confirm: 'Confirm', hint: 'At least 8 characters' }} value={form} onChange={set} errors={errors} />
      <SubmitButton pending={pending} align="flex-end">
        Save
      </SubmitButton>
    </form>
  );
}

it('a bound field names its input, points at its hint and error, and is marked invalid while wrong', () => {
  const onSubmit = vi.fn();
  renderUi(<Demo onSubmit={onSubmit} />);
  const email = screen.getByLabelText('E-mail');
  expect(email.getAttribute('name')).toBe('email');
  expect(email.getAttribute('aria-invalid')).not.toBe('true');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(onSubmit).not.toHaveBeenCalled();
  expect(email.getAttribute('aria-invalid')).toBe('true');
  const described = (email.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
  expect(described).toEqual(expect.arrayContaining(['We send the receipt here', 'Enter your e-mail']));
});

it('the new password fields and the submit button: typed values reach the form, and the button shows it is busy', () => {
  const onSubmit = vi.fn();
  renderUi(<Demo onSubmit={onSubmit} />);
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
  fireEvent.change(screen.getByLabelText('Confirm'), { target: { value: 'secret123' } });
  expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('new-password');
  const save = screen.getByRole('button', { name: 'Save' });
  fireEvent.click(save);
  expect(onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret123', confirm: 'secret123' });
  expect(save.getAttribute('aria-busy')).toBe('true');
  expect(save.hasAttribute('disabled') || save.getAttribute('data-loading') === 'true').toBe(true);
});

it('a form-level error is an alert, and nothing when there is none', () => {
  renderUi(<Demo onSubmit={() => undefined} serverError="This e-mail is already registered" />);
  expect(screen.getByRole('alert').textContent).toBe('This e-mail is already registered');
  cleanup();
  renderUi(<Demo onSubmit={() => undefined} />);
  expect(screen.queryByRole('alert')).toBeNull();
});

it('a field set through fieldSetter/valueSetter with the form errors loses its error as it changes, and only its own', () => {
  const setForm = vi.fn();
  let errors: Record<string, string> = { name: 'Enter a name', unit: 'Too long' };
  const setErrors = (update: (e: Record<string, string>) => Record<string, string>) => {
    errors = update(errors);
  };
  const form = { name: '', unit: 'kg', active: true };
  fieldSetter<typeof form>(setForm, setErrors)('name')({ currentTarget: { value: 'Rice' } });
  expect(setForm.mock.calls[0]![0](form)).toEqual({ name: 'Rice', unit: 'kg', active: true });
  expect(errors).toEqual({ name: '', unit: 'Too long' });
  const before = errors;
  valueSetter<typeof form>(setForm, setErrors)('active', false);
  expect(setForm.mock.calls[1]![0](form)).toEqual({ name: '', unit: 'kg', active: false });
  expect(errors).toBe(before);
  // Without setErrors only the value changes; a missing (null) text field is shown empty.
  fieldSetter<typeof form>(setForm)('unit')({ currentTarget: { value: 'bag' } });
  expect(errors).toBe(before);
  const field = fieldBinder(
    { note: null as string | null },
    () => () => undefined,
    () => undefined,
  );
  expect(field('note').value).toBe('');
});

function LongForm() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({ category: 'Category is required' });
    focusFirstInvalid(e.currentTarget as HTMLFormElement);
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextInput label="Amount" defaultValue="12500" />
      <TextInput label="Category" error={errors.category} />
      <TextInput label="Vendor" error={errors.vendor} />
      <SubmitButton>Save</SubmitButton>
    </form>
  );
}

it('a refused submit focuses the first field with an error (on a phone Save is below it, out of sight)', async () => {
  renderUi(<LongForm />);
  const save = screen.getByRole('button', { name: 'Save' });
  save.focus();
  fireEvent.click(save);
  const category = screen.getByLabelText('Category');
  await vi.waitFor(() => expect(document.activeElement).toBe(category));
  expect(category.getAttribute('aria-invalid')).toBe('true');
});
