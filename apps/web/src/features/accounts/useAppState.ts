import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../data/api';
import { getToken } from '../../data/session';
import { setCurrentUser } from '../../data/user';
import { fetchState } from './api';
import { logout } from './logout';

export const STATE_KEY = ['state'] as const;

/**
 * GET /state for the signed-in user: keeps the stored user fresh (name, logo, credit).
 * A 401 means the token was revoked (password changed elsewhere, account deleted): log out.
 * Other failures are only logged (SPEC §8).
 */
export function useAppState() {
  const token = getToken();
  const query = useQuery({
    queryKey: STATE_KEY,
    queryFn: fetchState,
    enabled: !!token,
    staleTime: 60_000,
    retry: (n, e) => !(e instanceof ApiError && e.status === 401) && n < 1,
  });
  useEffect(() => {
    if (query.data?.user) setCurrentUser(query.data.user);
  }, [query.data]);
  useEffect(() => {
    if (!query.error) return;
    if (query.error instanceof ApiError && query.error.status === 401) void logout({ expired: true });
    else console.warn('state', query.error instanceof ApiError ? query.error.status : query.error);
  }, [query.error]);
  return query;
}
