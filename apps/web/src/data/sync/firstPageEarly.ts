/**
 * The client list's first page asked for by index.html's early script on a new phone (issue 30): when a signed-in
 * owner opens the list on a device with no local database yet, GET /sync/first goes out with the app's code, not
 * after that code has arrived, run and opened the database (0.5–0.6 s later on a fast machine, seconds on a weak link).
 * The sync engine takes the answer as it takes the one asked for at Log in (ahead.ts). No dependencies: the early
 * script is a few KB (not data/api.ts, which brings the typed client).
 */

/** Records in the first page: a screen's worth of clients (the list shows 50), about 6 KB compressed. */
export const FIRST_PAGE = 50;

export type AskedAhead = Map<string, { token: string | null; answer: Promise<unknown> }>;
/** Where answers asked ahead are kept for the sync engine (ahead.ts takes them): on the page, not in a module. */
export const askedAhead = (): AskedAhead => ((globalThis as typeof globalThis & { dukaAskedAhead?: AskedAhead }).dukaAskedAhead ??= new Map());

/** Starts the first clients' request with `token` and answers it; a failure is left to the sync engine, which asks again. */
export function askFirstPageEarly(token: string): Promise<unknown> {
  const base = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';
  const answer = fetch(`${base}/sync/first?collection=contacts&limit=${FIRST_PAGE}`, { headers: { authorization: `Bearer ${token}` } }).then((r) =>
    r.ok ? (r.json() as Promise<unknown>) : Promise.reject(new Error(`GET /sync/first answered ${r.status}`)),
  );
  answer.catch(() => undefined);
  askedAhead().set('contacts', { token, answer });
  return answer;
}
