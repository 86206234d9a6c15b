/// <reference types="vite-plugin-pwa/client" />
import { TIMINGS } from '@duka/core';
import { whenLinkFree } from '../data/sync/linkBusy';

/** Tests (e2e) may ask for the service worker at once with ?sw=now or localStorage 'duka:sw-now' = '1'. */
export const SW_NOW_KEY = 'duka:sw-now';

export function wantsImmediate(search: string, storage: Pick<Storage, 'getItem'> | null): boolean {
  return new URLSearchParams(search).get('sw') === 'now' || storage?.getItem(SW_NOW_KEY) === '1';
}

let scheduled = false;

/**
 * SPEC §4: the service worker is registered only in production, once the app is stable, after 30 s:
 * 30 s after the page has loaded, when the browser is next idle.
 * A new version waits (registerType 'prompt') and is offered with a reload button.
 */
export function scheduleServiceWorker(onNeedRefresh?: (update: () => void) => void): void {
  if (scheduled || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  scheduled = true;
  const register = (): void => {
    void import('virtual:pwa-register').then(
      ({ registerSW }) => {
        let offered = false;
        const offer = (apply: () => void) => {
          if (offered) return;
          offered = true;
          onNeedRefresh?.(apply);
        };
        const update = registerSW({
          immediate: true,
          onNeedRefresh: () => offer(() => void update(true)),
          onRegisteredSW: (_url, registration) => {
            if (registration) watchForUpdates(registration, offer);
          },
        });
      },
      () => window.addEventListener('online', register, { once: true }),
    ); // the link was down: again once back (t23 X6)
  };
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // storage blocked: no test flag
  }
  if (wantsImmediate(window.location.search, storage)) {
    register();
    return;
  }
  // 30 s after the page has loaded, once a first sync is off the link (the precache is the whole app: on a weak link
  // it would slow the owner's first records, issue 30), at the browser's next idle moment (within 5 s more).
  const whenStable = () => {
    setTimeout(
      () =>
        whenLinkFree(() => {
          if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5_000 });
          else register();
        }),
      TIMINGS.serviceWorkerDelay,
    );
  };
  if (document.readyState === 'complete') whenStable();
  else window.addEventListener('load', whenStable, { once: true });
}

/** How often an app left open looks for a newly deployed build (t22: a shop phone keeps Duka open all day). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Looks for a new build hourly, when the app comes back to the screen and when the device is back online; a worker
 * found waiting is offered with the usual notification (its reload button makes it take over, then reloads).
 */
export function watchForUpdates(registration: ServiceWorkerRegistration, offer: (apply: () => void) => void): void {
  const apply = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    registration.waiting?.postMessage({ type: 'SKIP_WAITING' });
  };
  const offerIfWaiting = () => {
    if (registration.waiting && navigator.serviceWorker.controller) offer(apply);
  };
  const check = async () => {
    if (!navigator.onLine) return;
    try {
      await registration.update();
    } catch {
      return; // the server is out of reach: the next check tries again
    }
    const installing = registration.installing;
    if (installing)
      installing.addEventListener('statechange', () => {
        if (installing.state === 'installed') offerIfWaiting();
      });
    offerIfWaiting();
  };
  setInterval(() => void check(), UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check();
  });
  window.addEventListener('online', () => void check());
  offerIfWaiting();
}
