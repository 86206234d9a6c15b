/**
 * Whether the first sync is using the link (issue 30): code that can wait (prefetches, the service worker's
 * precache) waits for it. No dependencies, so the smallest entry (the service worker's scheduler) can ask too.
 */
let busy = false;
/** Whether a sync run has ended on this page (the link was released once). */
let released = false;
const waiting = new Set<() => void>();

export function setFirstSyncBusy(value: boolean): void {
  busy = value;
  if (!value) released = true;
  if (!busy) {
    const run = [...waiting];
    waiting.clear();
    run.forEach((f) => f());
  }
}

/**
 * A signed-in page has opened and the sync engine has not run yet on it: until its first run has ended, the link is
 * taken as busy. That run may be a first sync (a device that holds a session but not yet the account's records, e.g.
 * a reload during the first sync): code fetched ahead and the rest of the CSS must not go ahead of its first clients
 * (issue 30). On a device already synced that run is short. Nothing once a run has ended on this page.
 */
export function holdLinkUntilFirstRun(): void {
  if (!released) busy = true;
}

export function isFirstSyncBusy(): boolean {
  return busy;
}

/** Calls `f` once the first sync is off the link (now when it is); returns a cancel. */
export function whenLinkFree(f: () => void): () => void {
  if (!busy) {
    f();
    return () => undefined;
  }
  waiting.add(f);
  return () => waiting.delete(f);
}
