import { PAGES, pagePaths } from '../../paths';
/**
 * After login: / by default, /plan/subscribe when the login flag (a device, mail or subscribe query parameter)
 * asks (SPEC §2, §4), or back to the page that sent the user to log in (next=, a path inside the app only).
 */
export function afterLoginPath(search: string): string {
  const q = new URLSearchParams(search);
  if (q.has('device') || q.has('mail') || q.has('subscribe')) return PAGES.subscribe;
  const next = q.get('next');
  return next && /^\/(?![/\\])/.test(next) && !next.startsWith(PAGES.login) ? next : PAGES.home;
}

/** The login page, coming back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return pagePaths.login(path);
}

/** After registration (SPEC §2, §4): with a returned token and an intent (a plan code) → /transactions to pay, otherwise /welcome/. */
export function afterRegisterPath(token: string | undefined, search: string): string {
  const intent = new URLSearchParams(search).get('intent');
  if (token && intent) return pagePaths.transactions({ token, intent });
  return PAGES.welcome;
}
