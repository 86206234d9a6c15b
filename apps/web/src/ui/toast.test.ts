import { TIMINGS, TOAST_MS } from '@duka/core';
import { expect, it } from 'vitest';
import { TOAST_DEFAULT_MS } from './toast';

it('uses SPEC §9 default toast duration and SPEC §8 durations from core', () => {
  expect(TOAST_DEFAULT_MS).toBe(TIMINGS.toastDefault);
  expect(TOAST_MS).toMatchObject({ default: 2_000, registrationFailure: 5_000, resetOrDelete: 3_500, transactionOrPortal: 4_000, paymentConfirmation: 10_000 });
});

it('writes ISO dates in a toast in SPEC §9 format, leaving other numbers alone (issue 23)', async () => {
  const { spokenDates } = await import('./toast');
  expect(spokenDates('The end date must be on or after 2026-12-25')).toBe('The end date must be on or after 25 Dec 26');
  expect(spokenDates('Reference ABC-2026-12-25-X stays')).toBe('Reference ABC-2026-12-25-X stays');
  expect(spokenDates('Invoice INV-0007 for ₦12,600.75')).toBe('Invoice INV-0007 for ₦12,600.75');
});
