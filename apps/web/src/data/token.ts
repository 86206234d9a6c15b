/**
 * The stored sign-in token, apart from the rest of the session (data/session.ts): the API client reads it, and the
 * public pay page, which runs that client, does not carry the session's other helpers (issue 25: pay page JS).
 */
export const TOKEN_KEY = 'token';
/** Where the signed-in user is kept (session.ts's STORAGE_KEYS.user), read by index.html's early script too. */
export const USER_KEY = 'user';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}
