import { TIMINGS } from '@duka/core';
import { queryClient } from '../../app/queryClient';
import { clearStorage, STORAGE_KEYS } from '../../data/session';
import { setCurrentUser } from '../../data/user';

/**
 * The device database (src/data/db.ts, owned by the local-data work) exports clearLocalData().
 * Loaded through a glob so the login screen does not carry Dexie, and so log out still works
 * in a build where the local database is absent.
 */
const dbModules = import.meta.glob<{ clearLocalData?: () => Promise<void> | void }>('../../data/db.ts');

async function clearLocalData(): Promise<void> {
  for (const load of Object.values(dbModules)) {
    try {
      const mod = await load();
      await mod.clearLocalData?.();
    } catch (e) {
      console.warn('could not clear the local data', e);
    }
  }
}

/** SPEC §4 log out: clear all local storage and data, empty the in-memory state, then after ~100 ms set the welcome flag and reload to /login. */
export async function logout(reload: (path: string) => void = (p) => window.location.assign(p)): Promise<void> {
  clearStorage();
  setCurrentUser(null);
  queryClient.clear();
  await clearLocalData();
  await new Promise((r) => setTimeout(r, TIMINGS.logoutDelay));
  localStorage.setItem(STORAGE_KEYS.welcome, 'true');
  reload('/login');
}
