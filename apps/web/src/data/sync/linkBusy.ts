/**
 * Whether the first sync is using the link (issue 30): code that can wait (prefetches, the service worker's
 * precache) waits for it. No dependencies, so the smallest entry (the service worker's scheduler) can ask too.
 */
let busy = false;
const waiting = new Set<() => void>();

export function setFirstSyncBusy(value: boolean): void {
  busy = value;
  if (!busy) {
    const run = [...waiting];
    waiting.clear();
    run.forEach((f) => f());
  }
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
