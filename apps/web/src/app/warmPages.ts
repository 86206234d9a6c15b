import { whenLinkSettled } from '../data/sync/linkSettled';

/**
 * The main screens' code, loaded ahead once the first sync is off the link (t23 X5). Pages load on demand (SPEC §2)
 * and the service worker's precache comes only 30 s after load (pwa/register.ts, issue 30): a new phone that lost its
 * link in between could open no other screen. Each page's loader is the very one its route's React.lazy calls, so the
 * module it imports is then in the page's module map and a later navigation resolves from it, offline too. One page at
 * a time, each in an idle moment, so the owner's own requests and typing go first. Sets window.__dukaPagesWarm when
 * all are in (e2e waits for it).
 */
const loaders: Array<() => Promise<unknown>> = [];
let firstCount = 0;

/** Marks a route's loader as one of the main screens' (routes.tsx), `first` among the first; returns it unchanged. */
export function warmable<T>(load: () => Promise<T>, first = false): () => Promise<T> {
  if (first) loaders.splice(firstCount++, 0, load);
  else loaders.push(load);
  return load;
}

let started = false;

/**
 * The warming starts this long after the first sync: the screen the owner opens next (often Sell, issue 28's ≤ 30 KB on
 * a first visit) must not share a weak link with the other pages' code.
 */
const START_AFTER_MS = 10_000;

const idle = (f: () => void) => ('requestIdleCallback' in window ? window.requestIdleCallback(f, { timeout: 2_000 }) : setTimeout(f, 200));

/** Loads the main screens' code once, after the first sync; a load that fails (offline) is tried again once online. */
export function warmPagesAfterFirstSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const pending = [...loaders];
  const next = () => {
    const load = pending[0];
    if (!load) {
      (window as unknown as { __dukaPagesWarm?: boolean }).__dukaPagesWarm = true;
      return;
    }
    load().then(
      () => {
        pending.shift();
        idle(next);
      },
      () => window.addEventListener('online', () => idle(next), { once: true }),
    );
  };
  whenLinkSettled(() => setTimeout(() => idle(next), START_AFTER_MS));
}
