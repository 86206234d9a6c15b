let started = false;

/**
 * Starts loading the code of the screen after Log in (the query layout, the frame, the client list and the few
 * rules of CSS they need beyond the login screen's) while the password is checked, so the list does not wait for it (issue 30). Zod's set-up first, as the
 * routes do. The same chunks the routes load lazily: nothing is fetched twice. (Imports only on demand: the login
 * screen is also drawn at build, in Node, where the stylesheets cannot load.)
 */
export function preloadHome(): void {
  if (started) return;
  started = true;
  void import('./zodConfig')
    .then(() =>
      Promise.all([
        import('./QueryLayout'),
        import('./Shell'),
        import('../features/clients/pages/ClientsTab'),
        import('./styles').then((m) => m.loadHomeStyles()),
      ]),
    )
    .catch(() => {
      started = false;
    });
}
