import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getToken, setSession } from '../data/session';
import { PAGES } from '../paths';

/** SPEC §2 logged-in: needs a stored token, otherwise /login. */
export function LoggedIn({ children }: { children: ReactNode }) {
  return getToken() ? children : <Navigate to={PAGES.login} replace />;
}

/** SPEC §2 guest-only: with a token → /plan/subscribe when a device or mail query parameter is present, else /. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  if (!getToken()) return children;
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
