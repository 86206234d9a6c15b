import type { SyncFirstResponse } from '@duka/core';
import { api } from '../api';
import { getToken } from '../session';
import { askedAhead, FIRST_PAGE } from './firstPageEarly';

/**
 * The first page of a collection asked for ahead of everything else (issue 30): at Log in, the first clients are
 * requested as soon as the token is there, while the app's next screen is still loading. Small on purpose (no
 * local database here): the sync engine takes the answer and writes it.
 */

export { FIRST_PAGE };

/**
 * Kept on the page, not in this module: the quick login script on /login (features/accounts/quick, a bundle of its
 * own) and index.html's early script on a new phone (firstPageEarly.ts) ask ahead before the app has started, and
 * the app's sync engine takes that answer.
 */
const asked = askedAhead();

/** Starts the first-page request of `collection` now (at each Log in); a failure is left to the sync engine. */
export function askAhead(collection: string): void {
  const answer = api('GET /sync/first', { query: { collection, limit: FIRST_PAGE }, timeoutMs: 60_000 });
  answer.catch(() => undefined);
  asked.set(collection, { token: getToken(), answer });
}

/** The answer asked for ahead, once, and only for the user signed in now (never another account's after a new Log in). */
export function takeAhead(collection: string): Promise<SyncFirstResponse> | undefined {
  const a = asked.get(collection);
  asked.delete(collection);
  return a && a.token === getToken() ? (a.answer as Promise<SyncFirstResponse>) : undefined;
}
