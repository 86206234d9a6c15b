import { TIMINGS, TOAST_MS } from '@duka/core';
import { expect, it } from 'vitest';
import { TOAST_DEFAULT_MS } from './toast';

it('uses SPEC §9 default toast duration and SPEC §8 durations from core', () => {
  expect(TOAST_DEFAULT_MS).toBe(TIMINGS.toastDefault);
  expect(TOAST_MS).toMatchObject({ default: 2_000, registrationFailure: 5_000, resetOrDelete: 3_500, transactionOrPortal: 4_000, paymentConfirmation: 10_000 });
});
