import { api } from './api';
import { getToken, TOKEN_KEY, USER_KEY } from './token';

export { getToken };

/** Device storage for the session (SPEC §3 local storage keys: token, welcome flag, AiWriter banner). */
export const STORAGE_KEYS = {
  token: TOKEN_KEY,
  user: USER_KEY,
  welcome: 'welcome',
  ref: 'ref',
  aiWriter: 'AiWriter',
} as const;

export function setSession(token: string, user?: unknown): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  if (user !== undefined) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** Device settings that outlive logging out: the screen language (issue 19) and a language change not yet saved. */
const DEVICE_SETTINGS = ['duka:language', 'duka:language-pending'];

/** Where form drafts are kept per user (ui/drafts/store.ts): `duka:draft:<user id>:<form>`. */
const DRAFT_PREFIX = 'duka:draft:';

export interface ClearStorageOptions {
  /** Who is logging out: their half-typed forms go (unless keepOwnDrafts); other users' stay theirs (keyed by user). */
  userId?: string;
  /**
   * The session ended on its own (token expired or revoked, t20 E1): keep this user's half-typed forms too, so they
   * come back when the same user logs in again on this device. Nobody else's session reads them.
   */
  keepOwnDrafts?: boolean;
}

/**
 * Log out (SPEC §4) clears all local storage (and this tab's drafts, so the next person on the device sees none).
 * Form drafts are kept per user: those of other users of the device stay (another person's log out does not throw
 * away what a user typed before their session ended), and the leaving user's own only when their session ended.
 */
export function clearStorage(opts: ClearStorageOptions = {}): void {
  const keepKeys = [...DEVICE_SETTINGS];
  const own = opts.userId ? `${DRAFT_PREFIX}${opts.userId}:` : null;
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (!k?.startsWith(DRAFT_PREFIX)) continue;
    if (!own || !k.startsWith(own) || opts.keepOwnDrafts) keepKeys.push(k);
  }
  const kept = keepKeys.map((k) => [k, localStorage.getItem(k)] as const);
  localStorage.clear();
  for (const [k, v] of kept) if (v !== null) localStorage.setItem(k, v);
  try {
    sessionStorage.clear();
  } catch {
    // storage disabled: nothing to clear
  }
}

export function getStoredUser<T = Record<string, unknown>>(): T | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** The ref query parameter is remembered from any page and sent at registration (SPEC §2). */
export function rememberRef(search: string): void {
  const ref = new URLSearchParams(search).get('ref');
  if (!ref) return;
  localStorage.setItem(STORAGE_KEYS.ref, ref);
  countRefClick(ref);
}

/**
 * Affiliate programme: a visit with ?ref counts one click per visitor (a random id kept on this device;
 * the server counts each visitor once and never the affiliate's own visits). Fire and forget.
 */
function countRefClick(code: string): void {
  try {
    const sent = `duka:ref-click:${code.toLowerCase()}`;
    if (localStorage.getItem(sent)) return;
    let visitor = localStorage.getItem('duka:visitor');
    if (!visitor) localStorage.setItem('duka:visitor', (visitor = crypto.randomUUID()));
    localStorage.setItem(sent, '1');
    // The token goes with it when there is one, so an affiliate's own visits are not counted.
    void api('POST /affiliates/click', { body: { code: code.slice(0, 40), visitor_id: visitor }, keepalive: true }).catch(() => localStorage.removeItem(sent));
  } catch {
    // storage or network unavailable: the click is simply not counted
  }
}

export function getRef(): string | null {
  return localStorage.getItem(STORAGE_KEYS.ref);
}
