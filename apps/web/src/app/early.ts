import { getToken } from '../data/token';
import { startStorageEarly } from '../data/storageStart';
import { askFirstPageEarly } from '../data/sync/firstPageEarly';
import { drawFrameSkeleton } from './frameSkeleton';
import { isHomePath, preloadListedFiles } from '../boot/nextScreen';
import { askTestModeAhead } from './shell/testModeAhead';

/**
 * The first script of index.html, under a KB of its own (build/loginEntry.ts builds it, outside the app's chunks): on
 * a repeat open of the client list by a signed-in owner, the list's files (the script tag's data-next) are asked for
 * at once, side by side with the app's own, not once the app has started (issue 30: a repeat open ≤ 1 s; the service
 * worker serves them from its cache). Nothing on other pages or signed out.
 */
export function preloadHomeEarly(doc: Document = document): string[] {
  if (!getToken() || !isHomePath(location.pathname)) return [];
  // The frame shows at once (frameSkeleton.ts) while the list's code is asked for; whether the TEST MODE banner shows
  // is asked now too, so it is known when the app draws the page.
  drawFrameSkeleton(doc);
  askTestModeAhead();
  return preloadListedFiles(doc);
}

/**
 * A signed-in owner's device database starts opening now, before the app's code has arrived: SPEC §1's 300 ms wait
 * after storage starts then runs while that code loads, not after it (issue 30: repeat open ≤ 1 s). The name is
 * data/db.ts's DB_NAME (not imported: that module brings the database library). On a device with no database yet, the
 * client list's first page is asked for at once too (issue 30: the list's first rows, Lighthouse's LCP).
 */
export function startStorageOfOwner(): boolean {
  const token = getToken();
  // A new phone (no device database yet) on the client list: its first clients are asked for now (firstPageEarly.ts).
  return !!token && startStorageEarly('duka', () => isHomePath(location.pathname) && askFirstPageEarly(token));
}

preloadHomeEarly();
startStorageOfOwner();
