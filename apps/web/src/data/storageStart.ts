/**
 * When the device database started opening on this page (SPEC §1: local data loads 300 ms after storage starts).
 * No dependencies: index.html's early script (app/early.ts) starts storage before the app's code has arrived on a
 * repeat open (issue 30: the list usable ≤ 1 s), and the app (data/db.ts) counts the 300 ms from then.
 */
export const STORAGE_START_MARK = 'duka:storage-start';

/** The time storage started on this page (performance.now()), or null before it has. */
export function storageStartedAt(): number | null {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByName !== 'function') return null;
  return performance.getEntriesByName(STORAGE_START_MARK, 'mark')[0]?.startTime ?? null;
}

/** Notes that storage starts now (once per page); answers when it started. */
export function markStorageStart(): number | null {
  const at = storageStartedAt();
  if (at !== null || typeof performance === 'undefined' || typeof performance.mark !== 'function') return at;
  performance.mark(STORAGE_START_MARK);
  return storageStartedAt();
}

/** What is left of SPEC §1's wait after storage started (all of it when nothing was marked). */
export function delayLeft(delayMs: number, now: number = typeof performance === 'undefined' ? 0 : performance.now()): number {
  const at = storageStartedAt();
  return at === null ? delayMs : Math.max(0, Math.min(delayMs, delayMs - (now - at)));
}

/**
 * Opens an existing device database `name` ahead of the app (the browser opens its files meanwhile) and marks
 * storage as started. Never creates it: a device without one is left to the app, which sets its tables up; `onNone`
 * is called then (a new phone: nothing was ever synced here), `onSome` otherwise (the database is there, or could not
 * be opened).
 */
export function startStorageEarly(name: string, onNone?: () => void, onSome?: () => void): boolean {
  if (typeof indexedDB === 'undefined') return false;
  try {
    const open = indexedDB.open(name);
    let none = false;
    open.onupgradeneeded = () => {
      none = true;
      open.transaction?.abort(); // none on this device: leave it to the app
      onNone?.();
    };
    open.onsuccess = () => {
      open.result.close();
      onSome?.();
    };
    open.onerror = (e) => {
      e.preventDefault();
      if (!none) onSome?.();
    };
    open.onblocked = () => undefined;
  } catch {
    return false;
  }
  markStorageStart();
  return true;
}
