/**
 * The stored sign-in token, apart from the rest of the session (data/session.ts): the API client reads it, and the
 * public pay page, which runs that client, does not carry the session's other helpers (issue 25: pay page JS).
 */
export const TOKEN_KEY = 'token';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}
