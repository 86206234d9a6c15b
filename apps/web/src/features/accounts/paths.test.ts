import { describe, expect, it } from 'vitest';
import { afterLoginPath, afterRegisterPath, loginPathFor } from './paths';

describe('where the account flows lead (SPEC §2, §4)', () => {
  it('after login: / by default, /plan/subscribe when asked', () => {
    expect(afterLoginPath('')).toBe('/');
    expect(afterLoginPath('?ref=x')).toBe('/');
    expect(afterLoginPath('?device=android')).toBe('/plan/subscribe');
    expect(afterLoginPath('?mail=1')).toBe('/plan/subscribe');
    expect(afterLoginPath('?subscribe')).toBe('/plan/subscribe');
  });

  it('after login: back to the page that asked (next=), inside the app only', () => {
    expect(afterLoginPath(loginPathFor('/ai/business-name?credit=20').slice('/login'.length))).toBe('/ai/business-name?credit=20');
    expect(afterLoginPath('?next=https://evil.example/')).toBe('/');
    expect(afterLoginPath('?next=//evil.example/')).toBe('/');
    expect(afterLoginPath('?next=/\\evil.example/')).toBe('/');
    expect(afterLoginPath('?next=/login')).toBe('/');
    expect(afterLoginPath('?next=/ai&device=android')).toBe('/plan/subscribe');
  });

  it('after registration: /transactions with token and intent, else /welcome/', () => {
    expect(afterRegisterPath('tok.en', '?intent=monthly')).toBe('/transactions?token=tok.en&intent=monthly');
    expect(afterRegisterPath('tok', '')).toBe('/welcome/');
    expect(afterRegisterPath(undefined, '?intent=monthly')).toBe('/welcome/');
  });
});
