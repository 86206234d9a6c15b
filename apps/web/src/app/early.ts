import { getToken } from '../data/token';
import { startStorageEarly } from '../data/storageStart';
import { askFirstPageEarly } from '../data/sync/firstPageEarly';
import { drawFirstRowsWhenIn } from './firstRows';
import { drawFrameSkeleton } from './frameSkeleton';
import { isHomePath, preloadListedFiles } from '../boot/nextScreen';
import { askTestModeAhead, testModeAheadAnswer } from './shell/testModeAhead';
import { holdAppUntil } from '../boot/appGate';

/**
 * The first script of index.html, a few KB of its own (build/loginEntry.ts builds it, outside the app's chunks). It
 * asks for the app's code (the script tag's data-app) and, on the client list of a signed-in owner, the list's files
 * (data-next) side by side, not once the app has started (issue 30: a repeat open ≤ 1 s; the service worker serves
 * them from its cache). On that list they wait for `gate` (a new phone's first rows: boot/appGate.ts).
 */
export function preloadHomeEarly(doc: Document = document, gate?: Promise<unknown>): string[] {
  const home = !!getToken() && isHomePath(location.pathname);
  if (home) {
    // The frame shows at once (frameSkeleton.ts) while the list's code is asked for; whether the TEST MODE banner shows
    // is asked now too, so it is known when the app draws the page.
    drawFrameSkeleton(doc);
    askTestModeAhead();
  }
  const which: ('app' | 'next')[] = home ? ['app', 'next'] : ['app'];
  if (gate) {
    void gate.then(() => preloadListedFiles(doc, which));
    return [];
  }
  return preloadListedFiles(doc, which);
}

/**
 * A signed-in owner's device database starts opening now, before the app's code has arrived: SPEC §1's 300 ms wait
 * after storage starts then runs while that code loads, not after it (issue 30: repeat open ≤ 1 s). The name is
 * data/db.ts's DB_NAME (not imported: that module brings the database library). On the client list of a device with
 * no database yet (a new phone), its first page is asked for at once and drawn (firstRows.ts: Lighthouse's LCP) before
 * the app's code is asked for. Answers when that code may be asked for; null when nothing was started.
 */
export function startStorageOfOwner(): Promise<void> | null {
  const token = getToken();
  if (!token) return null;
  const home = isHomePath(location.pathname);
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const newPhone = () => {
    if (!home) return open();
    // Whatever comes of it (drawn, failed, another language), the app may start then.
    void drawFirstRowsWhenIn(askFirstPageEarly(token), testModeAheadAnswer())
      .catch(() => false)
      .finally(open);
  };
  if (!startStorageEarly('duka', newPhone, open)) return null;
  return gate;
}

// On the client list the app's code and the list's files wait for the database's answer (a repeat open: a few ms) or a
// new phone's first rows; elsewhere they are asked for at once. The IndexedDB callbacks come after this script has
// run: the test-mode question (preloadHomeEarly) is out by then.
const opening = startStorageOfOwner();
// A signed-in owner's list: the app's entry waits for this hold (boot/appGate.ts), open at once without a database.
const gate = getToken() && isHomePath(location.pathname) ? (opening ?? Promise.resolve()) : undefined;
if (gate) holdAppUntil(gate);
preloadHomeEarly(document, gate);
