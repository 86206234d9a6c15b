import { ApiError } from '../data/api';
import { activeLanguage, type StringOptions, translate } from '../i18n/lite';
import './strings';

/**
 * The one way the web shows a failed call (issue 16). Whatever went wrong — the server refused the input,
 * the server failed, the network dropped, the device is offline — becomes one sentence a person can act on
 * and, for a refused form, the message of each field. `toast.error(err, fallback, kind)` (ui/toast) shows it as a
 * toast; this module has no toast in it, so pages that must stay small (the public invoice) use it too:
 * - 4xx with a message from the server (its error body): that message (SPEC §8 "the server message"); also
 *   a 5xx the server raised on purpose with a message (502 "M-Pesa could not be reached…"), not a crash (500 'internal');
 *   a refusal by core's rules on the device (InvoiceCommandError, InvoiceMathError) reads the same way;
 * - offline or network failure / timeout: a translated sentence saying so;
 * - 5xx, an answer without an error body, or anything else thrown: the caller's fallback (a SPEC string
 *   where SPEC names one), else a translated generic sentence. Code errors are never shown as they are.
 */
export interface ShownError {
  /** What the user reads (a toast or an alert). */
  message: string;
  /** The server's field errors keyed by the form's field name ('user.username' → 'username'). */
  fields: Record<string, string>;
  /** The call did not reach the server (no network, or the device says it is offline). */
  offline: boolean;
  /** The message is the server's own (a 4xx with an error body), not a fallback. */
  fromServer: boolean;
}

export interface ErrorOptions {
  /** Shown when the server gave no message a person can act on (5xx, no error body, a code error). */
  fallback?: string;
  /** Shown instead of the generic offline sentence when the call could not reach the server. */
  offline?: string;
}

/** The screen's language, read when the message is made (the pay page has no i18next: i18n/lite). */
const ui = (key: string, options?: StringOptions) => translate(activeLanguage(), 'ui', key, options);
const t = (key: 'errors.offline' | 'errors.timeout' | 'errors.generic') => ui(key);

const QUOTAS = ['mail_account', 'mail_recipient', 'sms_account', 'sms_recipient', 'mpesa_invoice', 'mpesa_phone', 'rail_invoice', 'rail_phone'] as const;

/** A refusal by the daily sending quota or the payment prompt limits (429, fields.quota): said in the screen's language. */
function quotaMessage(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status !== 429) return null;
  const scope = QUOTAS.find((q) => q === err.fields?.quota);
  return scope ? ui(`errors.quota.${scope}`, { wait: waitOf(err.fields?.retry_after) }) : null;
}

/** 'in 12 minutes', 'in 3 hours' from the server's retry_after seconds (t18 U1); 'in a few minutes' without it. */
function waitOf(seconds: string | undefined): string {
  const minutes = Math.max(1, Math.ceil(Number(seconds) / 60));
  if (!seconds || !Number.isFinite(minutes)) return ui('errors.wait.unknown');
  return minutes < 60 ? ui('errors.wait.minutes', { count: minutes }) : ui('errors.wait.hours', { count: Math.ceil(minutes / 60) });
}

function deviceOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Server field errors may be keyed 'user.username', 'body.user.username' or 'username': the last part names the field. */
export function fieldErrorsOf(fields: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields ?? {})) out[k.split('.').pop() ?? k] = v;
  return out;
}

/**
 * The message the server gave for a refused request (4xx with an error body, or a 5xx it raised on purpose) — or core's rules gave on the
 * device, the same words the server would answer —, or null when there is none.
 */
export function serverMessage(err: unknown): string | null {
  if (coreRefusal(err)) return err.message.trim() || null;
  if (!(err instanceof ApiError) || err.status < 400 || !err.message.trim()) return null;
  // No error body ('http_error'), or an unexpected failure whose text says nothing a person can act on.
  if (err.code === 'http_error' || err.code === 'internal' || err.status === 500) return null;
  return err.message;
}

/**
 * core's InvoiceCommandError / InvoiceMathError (by name: this module stays out of core's invoice code, it is in
 * the first screen's bundle with ui/toast).
 */
function coreRefusal(err: unknown): err is Error & { fields?: Record<string, string> } {
  return err instanceof Error && (err.name === 'InvoiceCommandError' || err.name === 'InvoiceMathError');
}

function fieldsOf(err: unknown): Record<string, string> {
  if (err instanceof ApiError) return err.status >= 400 && err.status < 500 ? fieldErrorsOf(err.fields) : {};
  if (coreRefusal(err)) return fieldErrorsOf(err.fields);
  return {};
}

/** True when the call failed because it never reached the server (no network, timeout, device offline). */
export function isNetworkError(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0;
}

/** Turns anything a call threw into what the user is shown (see ShownError). */
export function describeError(err: unknown, opts: ErrorOptions | string = {}): ShownError {
  const options = typeof opts === 'string' ? { fallback: opts } : opts;
  const fields = fieldsOf(err);
  if (isNetworkError(err) || (deviceOffline() && !(err instanceof ApiError))) {
    const timedOut = err instanceof ApiError && err.timedOut && !deviceOffline();
    return { message: timedOut ? t('errors.timeout') : (options.offline ?? t('errors.offline')), fields, offline: true, fromServer: false };
  }
  const quota = quotaMessage(err);
  if (quota) return { message: quota, fields: {}, offline: false, fromServer: true };
  const fromServer = serverMessage(err);
  if (fromServer) return { message: fromServer, fields, offline: false, fromServer: true };
  return { message: options.fallback ?? t('errors.generic'), fields, offline: false, fromServer: false };
}

/** The sentence to show for a failed call (describeError(...).message). */
export function errorMessage(err: unknown, options: ErrorOptions | string = {}): string {
  return describeError(err, options).message;
}
