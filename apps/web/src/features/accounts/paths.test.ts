import { describe, expect, it } from 'vitest';
import { afterLoginPath, afterRegisterPath } from './paths';

describe('where the account flows lead (SPEC §2, §4)', () => {
  it('after login: / by default, /plan/subscribe when asked', () => {
    expect(afterLoginPath('')).toBe('/');
    expect(afterLoginPath('?ref=x')).toBe('/');
    expect(afterLoginPath('?device=android')).toBe('/plan/subscribe');
    expect(afterLoginPath('?mail=1')).toBe('/plan/subscribe');
    expect(afterLoginPath('?subscribe')).toBe('/plan/subscribe');
  });

  it('after registration: /transactions with token and intent, else /welcome/', () => {
    expect(afterRegisterPath('tok.en', '?intent=monthly')).toBe('/transactions?token=tok.en&intent=monthly');
    expect(afterRegisterPath('tok', '')).toBe('/welcome/');
    expect(afterRegisterPath(undefined, '?intent=monthly')).toBe('/welcome/');
  });
});
