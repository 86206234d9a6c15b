import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../data/api';
import { getToken } from '../../data/session';
import { setUserFromServer } from '../../data/user';
import { fetchState } from './api';
import { logout } from './logout';

export const STATE_KEY = ['state'] as const;

/**
 * GET /state, keeping the business's fiscal mode on the device first (issue 26): an invoice finished offline right
 * after the first sync says TEST MODE (or KRA) rightly, without any invoice or settings page opened before. The
 * device database is loaded on demand (the shell does not carry Dexie).
 */
export async function fetchAccountState() {
  const state = await fetchState();
  const mode = state.fiscal;
  if (mode) await import('../fiscal/mode').then(({ keepFiscalMode }) => keepFiscalMode(mode)).catch((e: unknown) => console.warn('fiscal mode', e));
  return state;
}

/**
 * GET /state for the signed-in user: keeps the stored user fresh (name, logo, credit).
 * A 401 means the token was revoked (password changed elsewhere, account deleted): log out.
 * Other failures are only logged (SPEC §8).
 */
export function useAppState() {
  const token = getToken();
  const query = useQuery({
    queryKey: STATE_KEY,
    queryFn: async () => {
      const askedAt = Date.now();
      return { ...(await fetchAccountState()), askedAt };
    },
    enabled: !!token,
    staleTime: 60_000,
    retry: (n, e) => !(e instanceof ApiError && e.status === 401) && n < 1,
  });
  const { data, refetch } = query;
  useEffect(() => {
    // An answer asked for before this page stored a newer user (a logo just uploaded) is stale: ask again.
    if (data?.user && !setUserFromServer(data.user, data.askedAt)) void refetch();
  }, [data, refetch]);
  useEffect(() => {
    if (!query.error) return;
    if (query.error instanceof ApiError && query.error.status === 401) void logout({ expired: true });
    else console.warn('state', query.error instanceof ApiError ? query.error.status : query.error);
  }, [query.error]);
  return query;
}
