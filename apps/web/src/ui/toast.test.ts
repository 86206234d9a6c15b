import { TIMINGS } from '@duka/core';
import { expect, it } from 'vitest';
import { TOAST_DEFAULT_MS } from './toast';

it('uses SPEC §9 default toast duration from core', () => {
  expect(TOAST_DEFAULT_MS).toBe(TIMINGS.toastDefault);
});
