import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getToken, setSession } from '../data/session';
import { quickLogin } from '../features/accounts/quick/handoff';
import { PAGES } from '../paths';

/** SPEC §2 logged-in: needs a stored token, otherwise /login. */
export function LoggedIn({ children }: { children: ReactNode }) {
  return getToken() ? children : <Navigate to={PAGES.login} replace />;
}

/**
 * SPEC §2 guest-only: with a token → /plan/subscribe when a device or mail query parameter is present, else /.
 * A Log in sent from the screen drawn in /login's HTML (features/accounts/quick) stores the token before the app has
 * taken it over: the login page still opens, and takes it over as if it had sent it (welcome, the page after Log in).
 * A slow phone showed the home page without either when the password was checked before the app reached this route.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  if (!getToken() || quickLogin()) return children;
  const params = new URLSearchParams(search);
  return <Navigate to={params.has('device') || params.has('mail') ? PAGES.subscribe : PAGES.home} replace />;
}

/**
 * SPEC §2 token-or-query: a stored token or a token query parameter, otherwise /login. A token in the address is
 * stored at once and taken out of it (issue 22), so it stays in neither the browser's history nor a Referer.
 */
export function TokenOrQuery({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const params = new URLSearchParams(search);
  const queryToken = params.get('token');
  if (queryToken) {
    if (queryToken !== getToken()) setSession(queryToken);
    params.delete('token');
    const rest = params.toString();
    return <Navigate to={`${pathname}${rest ? `?${rest}` : ''}${hash}`} replace />;
  }
  return getToken() ? children : <Navigate to={PAGES.login} replace />;
}
