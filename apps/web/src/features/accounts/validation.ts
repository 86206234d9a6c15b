import {
  checkRule,
  emailSchema,
  type Language,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordSchema,
  registerPayload,
  type RuleIssue,
  USERNAME_MAX,
  USERNAME_MIN,
  usernameSchema,
} from '@duka/core';
import type { TFunction } from 'i18next';

/**
 * The account forms check with core's own rules (the schemas the server validates with, issue 24): nothing is
 * restated here. Each check returns a key of the 'accounts' validation strings, or null; the strings read
 * their numbers from core's limits (accountErrorText).
 */
export type RuleKey = 'required' | 'username' | 'email' | 'password' | 'passwordLong' | 'tooLong' | 'country' | 'confirm';

const user = registerPayload.shape.user.shape;

/** The key shown for core's refusal of a field: its own hint, or what core's code says. */
function keyOf(issue: RuleIssue | null, hint: RuleKey): RuleKey | null {
  if (!issue) return null;
  if (issue.code === 'required') return 'required';
  if (issue.code === 'too_long') return hint === 'password' ? 'passwordLong' : hint === 'username' ? 'username' : 'tooLong';
  return hint;
}

export function required(v: string): RuleKey | null {
  return v.trim() ? null : 'required';
}

export function validUsername(v: string): RuleKey | null {
  if (!v.trim()) return 'required';
  return keyOf(checkRule(usernameSchema, v), 'username');
}

export function validEmail(v: string): RuleKey | null {
  if (!v.trim()) return 'required';
  return keyOf(checkRule(emailSchema, v), 'email');
}

export function validPassword(v: string): RuleKey | null {
  if (!v) return 'required';
  return keyOf(checkRule(passwordSchema, v), 'password');
}

export interface RegisterForm {
  name: string;
  username: string;
  email: string;
  password: string;
  /** May be empty (core's register rule); at most 100 characters. */
  company_name: string;
  country: string;
  /** The screen language (issue 19); sent as chosen on the page. */
  language?: Language;
}

export type FieldErrors<F> = Partial<Record<keyof F, RuleKey>>;

export function validateRegister(f: RegisterForm): FieldErrors<RegisterForm> {
  const errors: FieldErrors<RegisterForm> = {};
  const checks: [keyof RegisterForm, RuleKey | null][] = [
    ['name', keyOf(checkRule(user.name, f.name), 'tooLong')],
    ['username', validUsername(f.username)],
    ['email', validEmail(f.email)],
    ['password', validPassword(f.password)],
    ['company_name', keyOf(checkRule(user.company_name, f.company_name), 'tooLong')],
    ['country', keyOf(checkRule(user.country, f.country), 'country')],
  ];
  for (const [k, e] of checks) if (e) errors[k] = e === 'required' && k === 'country' ? 'country' : e;
  return errors;
}

export { validateLogin } from './loginValidation';

export function validateNewPassword(password: string, confirm: string): { password?: RuleKey; confirm?: RuleKey } {
  const out: { password?: RuleKey; confirm?: RuleKey } = {};
  const p = validPassword(password);
  if (p) out.password = p;
  if (!confirm) out.confirm = 'required';
  else if (confirm !== password) out.confirm = 'confirm';
  return out;
}

/** The numbers the messages name, from core's limits. */
const LIMITS = { usernameMin: USERNAME_MIN, usernameMax: USERNAME_MAX, passwordMin: PASSWORD_MIN, passwordMax: PASSWORD_MAX, max: user.name.maxLength };

/** A rule key in the screen's language (`t`: the 'accounts' strings). */
export function accountErrorText(t: TFunction, key: RuleKey): string {
  return t(`validation.${key}`, LIMITS);
}

export { normaliseUsername } from '@duka/core';
