/**
 * Whether this server takes test payments (the TEST MODE banner, issue 22), asked for by index.html's early script when
 * a signed-in owner opens the client list (issue 30): the answer is in before the app draws its frame, so the banner
 * shows with the page instead of pushing it down when it comes (a layout shift). No dependencies (the early script is
 * a few hundred bytes); the API base is data/api.ts's (not imported: that module brings the typed client).
 */

interface Config {
  test_payments?: boolean;
}

type Ahead = { answer: Promise<Config | null>; value?: Config | null };
const page = globalThis as typeof globalThis & { dukaTestModeAhead?: Ahead };

/**
 * Starts GET /payments/config now (no token needed); a failure (offline) is left to the banner's own request. At low
 * priority, as the app's scripts in index.html: a high one on a weak link (a round trip of 300 ms and more) would hold
 * those scripts back while it is on its way, though the service worker has them at hand (a repeat open, issue 30).
 */
export function askTestModeAhead(): void {
  const base = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';
  const ahead: Ahead = {
    answer: fetch(`${base}/payments/config`, { credentials: 'same-origin', priority: 'low' }).then(
      (r) => (r.ok ? (r.json() as Promise<Config>) : null),
      () => null,
    ),
  };
  void ahead.answer.then((v) => (ahead.value = v));
  page.dukaTestModeAhead = ahead;
}

/** The answer asked for ahead: as it is now (undefined while it is on its way, null when it failed). */
export function testModeAheadNow(): Config | null | undefined {
  return page.dukaTestModeAhead?.value;
}

/** The answer asked for ahead, left for the banner to take (index.html's early script waits for it: app/firstRows.ts). */
export function testModeAheadAnswer(): Promise<Config | null> | undefined {
  return page.dukaTestModeAhead?.answer;
}

/** The answer asked for ahead, once (a later request goes to the server); undefined when none was asked for. */
export function takeTestModeAhead(): Promise<Config | null> | undefined {
  const a = page.dukaTestModeAhead;
  page.dukaTestModeAhead = undefined;
  return a?.answer;
}
