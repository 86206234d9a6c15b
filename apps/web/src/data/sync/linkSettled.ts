import { whenLinkFree } from './linkBusy';

/**
 * How long code that can wait (code fetched ahead, the rest of the CSS, the list's phone rules) still waits once a
 * first sync has left the link: the owner starts on the list right then, and evaluating that code is long tasks on a
 * slow phone (issue 30: Lighthouse's blocking time, typing). Not on a later open: there the link is free at once.
 * Apart from linkBusy.ts, which the pay page loads too (its budget, issue 25): it never has a first sync. (The rest of
 * the CSS needs no more: it loads 4 s after the load event at the earliest, styles/index.ts.)
 */
export const SETTLE_AFTER_FIRST_SYNC_MS = 2_000;

/** When a first sync last ended on this page (performance.now()), or null when none has. */
let firstSyncEndedAt: number | null = null;

/** The sync engine's first sync on this device has ended (done or failed). */
export function noteFirstSyncEnded(): void {
  firstSyncEndedAt = performance.now();
}

/**
 * Calls `f` once the first sync is off the link and, when one just ran, SETTLE_AFTER_FIRST_SYNC_MS after it left (at
 * once on a device already synced); returns a cancel.
 */
export function whenLinkSettled(f: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancelWait = whenLinkFree(() => {
    const left = firstSyncEndedAt === null ? 0 : firstSyncEndedAt + SETTLE_AFTER_FIRST_SYNC_MS - performance.now();
    if (left <= 0) f();
    else timer = setTimeout(f, left);
  });
  return () => {
    cancelWait();
    clearTimeout(timer);
  };
}
