let started = false;

/**
 * Starts loading the code of the screen after Log in (the query layout, the frame, the client list and the few rules
 * of CSS they need beyond the login screen's) while the password is checked, so the list does not wait for it
 * (issue 30); also on a repeat open of the list. Zod's set-up first, as the routes do. The same chunks the routes
 * load lazily: nothing is fetched twice. (Imports only on demand: the login screen is also drawn at build, in Node,
 * where the stylesheets cannot load.)
 */
export function preloadHome(): void {
  if (started) return;
  started = true;
  void import('../app/zodConfig')
    .then(() =>
      Promise.all([
        import('../app/QueryLayout'),
        import('../app/Shell'),
        import('../features/clients/pages/ClientsTab'),
        // Storage starts now, so SPEC §1's 300 ms wait after it runs while the frame is drawn, not after.
        import('../data/db').then((m) => m.whenLocalDataReady()),
        import('./styles').then((m) => m.loadHomeStyles()),
      ]),
    )
    .catch(() => {
      started = false;
    });
}
