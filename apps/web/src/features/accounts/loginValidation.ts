import type { TFunction } from 'i18next';

/**
 * What the login form checks before calling the server: both fields given (the server says whether they match).
 * Apart from validation.ts, whose register rules bring Zod and the country list: the login screen needs neither
 * (issue 30: its JavaScript on a weak link).
 */
export type LoginErrors = Partial<Record<'identifier' | 'password', 'required'>>;

export function validateLogin(f: { identifier: string; password: string }): LoginErrors {
  const errors: LoginErrors = {};
  if (!f.identifier.trim()) errors.identifier = 'required';
  if (!f.password) errors.password = 'required';
  return errors;
}

/** A login field's message in the screen's language (`t`: the 'accounts' strings). */
export function loginErrorText(t: TFunction, key: 'required'): string {
  return t(`validation.${key}`);
}
