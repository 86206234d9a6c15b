import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getToken } from '../data/session';

/** SPEC §2 logged-in: needs a stored token, otherwise /login. */
export function LoggedIn({ children }: { children: ReactNode }) {
  return getToken() ? children : <Navigate to="/login" replace />;
}

/** SPEC §2 guest-only: with a token → /plan/subscribe when a device or mail query parameter is present, else /. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  if (!getToken()) return children;
  const params = new URLSearchParams(search);
  return <Navigate to={params.has('device') || params.has('mail') ? '/plan/subscribe' : '/'} replace />;
}

/** SPEC §2 token-or-query: a stored token or a token query parameter, otherwise /login. */
export function TokenOrQuery({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  return getToken() || new URLSearchParams(search).get('token') ? children : <Navigate to="/login" replace />;
}
