import type { Language } from '@duka/core';

/**
 * Account field rules, the same as the server's (issue 3): username 3–30 of a-z 0-9 _ . ;
 * a valid e-mail; password at least 8 characters. Each returns a strings key or null.
 */
export type RuleKey = 'required' | 'username' | 'email' | 'password' | 'country' | 'confirm';

export const USERNAME_RE = /^[a-z0-9_.]{3,30}$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function required(v: string): RuleKey | null {
  return v.trim() ? null : 'required';
}

export function validUsername(v: string): RuleKey | null {
  if (!v.trim()) return 'required';
  return USERNAME_RE.test(v.trim()) ? null : 'username';
}

export function validEmail(v: string): RuleKey | null {
  if (!v.trim()) return 'required';
  return EMAIL_RE.test(v.trim()) ? null : 'email';
}

export function validPassword(v: string): RuleKey | null {
  if (!v) return 'required';
  return v.length >= 8 ? null : 'password';
}

export interface RegisterForm {
  name: string;
  username: string;
  email: string;
  password: string;
  company_name: string;
  country: string;
  /** The screen language (issue 19); sent as chosen on the page. */
  language?: Language;
}

export type FieldErrors<F> = Partial<Record<keyof F, RuleKey>>;

export function validateRegister(f: RegisterForm): FieldErrors<RegisterForm> {
  const errors: FieldErrors<RegisterForm> = {};
  const checks: [keyof RegisterForm, RuleKey | null][] = [
    ['name', required(f.name)],
    ['username', validUsername(f.username)],
    ['email', validEmail(f.email)],
    ['password', validPassword(f.password)],
    ['company_name', required(f.company_name)],
    ['country', f.country.trim() ? null : 'country'],
  ];
  for (const [k, e] of checks) if (e) errors[k] = e;
  return errors;
}

export function validateLogin(f: { identifier: string; password: string }): FieldErrors<{ identifier: string; password: string }> {
  const errors: FieldErrors<{ identifier: string; password: string }> = {};
  if (!f.identifier.trim()) errors.identifier = 'required';
  if (!f.password) errors.password = 'required';
  return errors;
}

export function validateNewPassword(password: string, confirm: string): { password?: RuleKey; confirm?: RuleKey } {
  const out: { password?: RuleKey; confirm?: RuleKey } = {};
  const p = validPassword(password);
  if (p) out.password = p;
  if (!confirm) out.confirm = 'required';
  else if (confirm !== password) out.confirm = 'confirm';
  return out;
}

/** Usernames are lowercase: what the user types is lowercased and trimmed before it is checked and sent. */
export function normaliseUsername(v: string): string {
  return v.trim().toLowerCase();
}
