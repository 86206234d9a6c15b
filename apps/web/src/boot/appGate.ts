/**
 * When the app's code is asked for on the client list of a new phone (issue 30): index.html's early script holds it
 * until it has drawn the owner's first rows (app/firstRows.ts), or learnt there is a device database (a repeat open:
 * at once). On a weak link those rows then take the first ~10 KB of the link instead of sharing it with the app's
 * ~230 KB, and show seconds before the app could draw them. Never longer than CAP_MS. No dependencies: the app's tiny
 * entry (main.tsx) and the early script both read it.
 */
type Page = typeof globalThis & { dukaAppGate?: Promise<unknown> };
const page = globalThis as Page;

/** The longest the app waits for the early script (its script or the first page on a link that stalls). */
export const CAP_MS = 3000;

/**
 * Where the early script holds the app: a signed-in owner's client list. Read without data/token.ts and
 * boot/nextScreen.ts, whose chunks would come with React (appGate.test.ts keeps these the same as theirs).
 */
export const HOLD_TOKEN_KEY = 'token';
export const HOLD_PATH = /^\/(tabs(\/home)?)?\/?$/;
function held(): boolean {
  try {
    return !!localStorage.getItem(HOLD_TOKEN_KEY) && HOLD_PATH.test(location.pathname);
  } catch {
    return false;
  }
}

/** Set by the early script where it holds the app (held()): the app starts once `until` has settled. */
export function holdAppUntil(until: Promise<unknown>): void {
  page.dukaAppGate = until;
}

/**
 * Settles when the app may start: at once where nothing holds it; else once the early script's hold has settled (the
 * early script may run after this entry: it is waited for), or after `cap` ms at most.
 */
export function appMayStart(cap = CAP_MS): Promise<void> {
  if (!held()) return Promise.resolve();
  const started = Date.now();
  return new Promise<void>((resolve) => {
    const wait = () => {
      const left = cap - (Date.now() - started);
      const until = page.dukaAppGate;
      if (until) {
        void until.then(
          () => resolve(),
          () => resolve(),
        );
        setTimeout(resolve, Math.max(0, left));
      } else if (left <= 0) resolve();
      else setTimeout(wait, 10);
    };
    wait();
  });
}
