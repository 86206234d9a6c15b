import { whenLinkFree } from '../../data/sync/linkBusy';
import './first-screen.css';

let full: Promise<unknown> | null = null;
let home: Promise<unknown> | null = null;

/** Loads the rest of Mantine's CSS once; pages beyond the first screen wait for it before they show. */
export function loadFullStyles(): Promise<unknown> {
  full ??= import('./full').catch((err: unknown) => {
    full = null;
    throw err;
  });
  return full;
}

/** Loads the few rules the frame and the client list need beyond the first screen's (a few KB, not all of Mantine's). */
export function loadHomeStyles(): Promise<unknown> {
  home ??= import('./home').catch((err: unknown) => {
    home = null;
    throw err;
  });
  return home;
}

/**
 * After the first screen is there (the load event: the page's own files, preloads included, have arrived) and the
 * browser is idle: fetch the rest of the CSS in the background, so it never competes with the first screen.
 */
export function loadFullStylesWhenIdle(): void {
  // Never on the link with a first sync (issue 30): the client list does not need it.
  const start = () => whenLinkFree(() => void loadFullStyles().catch(() => undefined));
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 3000 }) : setTimeout(start, 500));
  // The load event can come before the first page has drawn (its chunk is preloaded, then run): wait a while more.
  const later = () => setTimeout(whenIdle, 4000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
