import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, it } from 'vitest';
import { installDomShims } from '../../ui/testing';
import './cashUpStrings';
import type { LocalTill } from './till';
import { TillForm } from './TillForm';

afterEach(cleanup);

/** Rendered in Mantine, kept across rerenders (the till comes again from the device's database). */
async function show(first: LocalTill) {
  installDomShims();
  const view = render(<TillForm day={day} currency="NGN" till={first} />, {
    wrapper: ({ children }: { children: ReactNode }) => <MantineProvider>{children}</MantineProvider>,
  });
  await screen.findByLabelText(/Cash counted/);
  return (next: LocalTill) => view.rerender(<TillForm day={day} currency="NGN" till={next} />);
}

const day = '2026-11-28';
const till = (changes: Partial<LocalTill>): LocalTill => ({ date: day, currency: 'NGN', opening_float: 200_000, counted: null, pending: false, ...changes });
const countedField = () => screen.getByLabelText(/Cash counted/) as HTMLInputElement;
const floatField = () => screen.getByLabelText(/Opening float/) as HTMLInputElement;

function type(input: HTMLInputElement, value: string) {
  fireEvent.input(input, { target: { value } });
  fireEvent.change(input, { target: { value } });
}

it('a count being typed stays when the float saved earlier comes back from the server (CI: it went back to empty)', async () => {
  const rerender = await show(till({ pending: true }));
  type(countedField(), '2,537');
  // The float's own save, now on the server: the same figures, no longer pending.
  rerender(till({}));
  expect(countedField().value).toMatch(/^2,537(\.00)?$/);
  expect(floatField().value).toMatch(/^2,000(\.00)?$/);
});

it('a figure changed on another device shows here, unless this field was typed in since', async () => {
  const rerender = await show(till({}));
  rerender(till({ counted: 250_000 }));
  expect(countedField().value).toMatch(/^2,500(\.00)?$/);
  type(floatField(), '1,500');
  rerender(till({ opening_float: 300_000, counted: 250_000 }));
  expect(floatField().value).toMatch(/^1,500(\.00)?$/);
});
