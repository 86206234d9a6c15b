import type { SyncFirstResponse } from '@duka/core';
import { request } from '../api';

/**
 * The first page of a collection asked for ahead of everything else (issue 30): at Log in, the first clients are
 * requested as soon as the token is there, while the app's next screen is still loading. Small on purpose (no
 * local database here): the sync engine takes the answer and writes it. One request per collection per page load.
 */

/** Records in the first page: a screen's worth of clients (the list shows 50), about 6 KB compressed. */
export const FIRST_PAGE = 50;

const asked = new Map<string, Promise<SyncFirstResponse>>();

export function firstPagePath(collection: string): string {
  return `/sync/first?collection=${collection}&limit=${FIRST_PAGE}`;
}

/** Starts the first-page request of `collection` now (e.g. at Log in); a failure is left to the sync engine. */
export function askAhead(collection: string): void {
  if (asked.has(collection)) return;
  const p = request<SyncFirstResponse>(firstPagePath(collection), { timeoutMs: 60_000 });
  p.catch(() => asked.delete(collection));
  asked.set(collection, p);
}

/** The answer asked for ahead, once (the engine's next run asks again itself). */
export function takeAhead(collection: string): Promise<SyncFirstResponse> | undefined {
  const p = asked.get(collection);
  asked.delete(collection);
  return p;
}
