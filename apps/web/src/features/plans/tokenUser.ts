import { isLanguage } from '@duka/core';
import { useEffect, useState } from 'react';
import { getToken } from '../../data/session';
import { setCurrentUser, useCurrentUser } from '../../data/user';
import { useLanguage } from '../../i18n';
import { fetchState } from '../accounts/api';
import { useAccountLanguage } from '../accounts/language';

/** The user id a token stands for (its sub claim, SPEC §3); null when it cannot be read. */
export function tokenSubject(token: string | null): string | null {
  try {
    const part = token?.split('.')[1];
    if (!part) return null;
    const claims = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

/**
 * The Upgrade pages opened from a link with a token (issue 23, verify27): a fresh browser has the token and no user,
 * so the page spoke the browser's language (English for a French owner) and knew no country. The token's user is
 * asked of the server (GET /state) and kept, and the page follows the account's language, as the signed-in app does.
 * Answers false while that user is being fetched and its language loaded (the page waits rather than showing another
 * language first; at most LANGUAGE_WAIT_MS for the language, and not at all when the server cannot be reached).
 */
export function useTokenUser(): boolean {
  const user = useCurrentUser();
  const token = getToken();
  const known = !!user && (tokenSubject(token) ?? user.id) === user.id;
  // The server answered (or could not be reached): the page shows, with what is known.
  const [settled, setSettled] = useState(false);
  const [waited, setWaited] = useState(false);
  // The user came from the server just now (a link opened in a fresh browser): wait for their language to load.
  const [fetched, setFetched] = useState(false);
  const language = useLanguage();
  useAccountLanguage(known ? user : null);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), LANGUAGE_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (known || !token) return;
    let cancelled = false;
    fetchState().then(
      (state) => {
        if (cancelled) return;
        if (getToken() === token) setCurrentUser(state.user);
        setSettled(true);
        setFetched(true);
      },
      () => !cancelled && setSettled(true),
    );
    return () => {
      cancelled = true;
    };
  }, [known, token]);
  if (!token) return true;
  return known ? !fetched || !isLanguage(user.language) || user.language === language || waited : settled;
}

/** How long an Upgrade page waits for the account's language to load before it shows anyway. */
export const LANGUAGE_WAIT_MS = 3_000;
