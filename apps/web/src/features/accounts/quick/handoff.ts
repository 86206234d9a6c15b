import type { ApiUser } from '@duka/core';

/**
 * A Log in pressed on the screen drawn in /login's HTML (issue 30), before the app has started: the quick login
 * script (quick.ts, its own small bundle) checks the password and keeps the session; the app's LoginPage, once it
 * is there, takes the outcome over (welcome toast, next screen) as if it had sent the request itself.
 * Answers the user when the password was right, null when it was not (the script has said why).
 */
export type QuickLogin = Promise<{ user: ApiUser } | null>;

/**
 * The quick login was refused for too many failed attempts (429) and offers a mailed login link (issue 22 item 5) on
 * the drawn screen: the app's LoginPage starts with the same offer, sent or being sent (settles true when sent).
 */
export interface QuickThrottle {
  sent: boolean;
  sending: Promise<boolean> | null;
}

const page = globalThis as typeof globalThis & { dukaQuickLogin?: QuickLogin; dukaQuickThrottle?: QuickThrottle };

/**
 * Fired when a Log in is sent from the drawn screen: the app's LoginPage, already there (the drawn screen still on top
 * while the page was busy), takes it over then, not only at its start.
 */
export const QUICK_LOGIN_EVENT = 'duka:quick-login';

export function setQuickLogin(login: QuickLogin): void {
  page.dukaQuickLogin = login;
  if (typeof dispatchEvent === 'function') dispatchEvent(new Event(QUICK_LOGIN_EVENT));
}

/** The quick login in progress or done, until the app has taken it over (clearQuickLogin). */
export function quickLogin(): QuickLogin | undefined {
  return page.dukaQuickLogin;
}

/** Taken over: a later visit to /login in the same page starts afresh. */
export function clearQuickLogin(): void {
  delete page.dukaQuickLogin;
}

export function setQuickThrottle(throttle: QuickThrottle | null): void {
  if (throttle) page.dukaQuickThrottle = throttle;
  else delete page.dukaQuickThrottle;
}

/** The login-link offer the drawn screen shows, until the app's LoginPage has taken it over. */
export function quickThrottle(): QuickThrottle | undefined {
  return page.dukaQuickThrottle;
}
