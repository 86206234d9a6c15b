import { TIMINGS } from '@duka/core';
import { queryClient } from '../../data/queryClient';
import { clearStorage, STORAGE_KEYS } from '../../data/session';
import { getCurrentUser, setCurrentUser } from '../../data/user';
import { KEPT_CHANGES_KEY, KEPT_DRAFTS_KEY } from './keptChanges';
import { listDrafts } from '../../ui/drafts/store';
import { PAGES } from '../../paths';
import { loginPathFor } from './paths';

export { KEPT_CHANGES_KEY, KEPT_DRAFTS_KEY };

/** How long log out waits for a last sync before it asks the user. */
export const LOGOUT_SYNC_WAIT_MS = 15_000;

export interface LogoutOptions {
  reload?: (path: string) => void;
  /** The account was deleted: drop its changes (also ones kept from an earlier session) instead of keeping them. */
  forget?: boolean;
  /** The session ended on its own (token expired or revoked): tell the login screen about kept changes. */
  expired?: boolean;
  /** The page to come back to after logging in again (a path inside the app). */
  next?: string;
}

/**
 * The device database and the kept-changes store are loaded on demand, so the login screen does not
 * carry Dexie. Changes are set aside while the session is still there (the screen keeps showing the app),
 * so the time between the login screen appearing and the reload stays as short as before.
 */
async function setAside(userId: string | undefined, forget: boolean): Promise<number> {
  if (!userId) return 0;
  try {
    const [{ syncEngine }, parked] = await Promise.all([import('../../data/sync/engine'), import('../../data/parked')]);
    syncEngine.stop();
    if (forget) {
      await parked.dropParked(userId);
      return 0;
    }
    // A push still under way may answer after this copy is taken: its changes are then sent again at the
    // next log in and the server applies each once (mutation ids).
    return await parked.parkUnsynced(userId);
  } catch (e) {
    console.warn('could not keep the changes waiting on this device', e);
    return 0;
  }
}

async function clearLocalData(): Promise<void> {
  try {
    await (await import('../../data/db')).clearLocalData();
  } catch (e) {
    console.warn('could not clear the local data', e);
  }
}

/**
 * Before log out: one last sync (when online, up to 15 s), then the number of changes still not on the
 * server (queued changes, refused changes and receipt photos). 0 means log out loses nothing.
 */
export async function unsyncedAfterLastSync(waitMs = LOGOUT_SYNC_WAIT_MS): Promise<number> {
  const [{ syncEngine }, { countUnsynced }] = await Promise.all([import('../../data/sync/engine'), import('../../data/parked')]);
  if (typeof navigator === 'undefined' || navigator.onLine) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([syncEngine.sync().catch(() => undefined), new Promise((r) => (timer = setTimeout(r, waitMs)))]);
    clearTimeout(timer);
  }
  return countUnsynced();
}

/**
 * SPEC §4 log out: clear all local storage and data, empty the in-memory state, then after ~100 ms set the
 * welcome flag and reload to /login. Changes that have not reached the server are kept on this device for
 * the same user (src/data/parked.ts) and come back when they log in here again, unless the account was deleted.
 */
export async function logout(opts: LogoutOptions = {}): Promise<void> {
  const reload = opts.reload ?? ((p: string) => window.location.assign(p));
  const userId = getCurrentUser()?.id;
  const kept = await setAside(userId, !!opts.forget);
  const keepDrafts = !!opts.expired && !opts.forget && !!userId;
  const drafts = keepDrafts ? listDrafts(userId).length : 0;
  // An ended session keeps the user's half-typed forms for their next log in here (t20 E1); a log out asked for
  // clears them (the log-out dialog warns first when there are some), as does a deleted account. Other users' stay.
  clearStorage({ userId, keepOwnDrafts: keepDrafts });
  setCurrentUser(null);
  queryClient.clear();
  await clearLocalData();
  await new Promise((r) => setTimeout(r, TIMINGS.logoutDelay));
  localStorage.setItem(STORAGE_KEYS.welcome, 'true');
  if (kept && opts.expired) localStorage.setItem(KEPT_CHANGES_KEY, String(kept));
  if (drafts) localStorage.setItem(KEPT_DRAFTS_KEY, String(drafts));
  reload(opts.next ? loginPathFor(opts.next) : PAGES.login);
}
