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
  const register = () => {
    void import('virtual:pwa-register').then(({ registerSW }) => {
      const update = registerSW({
        immediate: true,
        onNeedRefresh: () => onNeedRefresh?.(() => void update(true)),
      });
    });
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
