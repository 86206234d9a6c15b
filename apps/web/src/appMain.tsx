// First of all: Zod's settings (no eval probe under the CSP; see app/zodConfig.ts).
import './app/zodConfig';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { keepFirstPaintUntilReady } from './boot/firstPaint';
import { isHomePath } from './boot/nextScreen';
import { preloadHome } from './boot/preload';
import { preloadHomeRoute } from './app/routes';
import { aheadFiles } from './boot/ahead';
import { loadFullStylesWhenIdle } from './boot/styles';
import { getToken } from './data/session';
import { quickLogin } from './features/accounts/quick/handoff';
import { startLanguage } from './i18n/device';
import { startPwa } from './pwa';
import { installEnterGuard } from './ui/enterGuard';
import { PAGES } from './paths';

installEnterGuard();
const root = document.getElementById('root')!;
// The app has taken #root: index.html's early script, if it runs late, draws nothing into it (app/frameSkeleton.ts).
root.dataset.started = '';
// A Log in already sent from the screen drawn in /login's HTML (features/accounts/quick): the app starts on the page
// after it once the password is checked (the drawn screen shows it busy meanwhile).
const quick = quickLogin() ? adoptQuick() : undefined;
keepFirstPaintUntilReady(root);
if (quick) void quick.then(start);
else start();

function start() {
  // A repeat open on the client list (issue 30): its code (frame, list, device database) is asked for now, side by
  // side, not one file after another as the routes reach each.
  const home = !!getToken() && isHomePath(location.pathname);
  if (home) preloadHome();
  // The device's language is made active before the first render (no English flash); English needs no wait.
  const starting = startLanguage();
  // /login comes drawn in its HTML (dist/login.html), in English: keep that until the app has drawn the screen,
  // unless the app opens in another language (then the screen waits for its strings instead).
  if (starting && location.pathname === PAGES.login) document.querySelector('[data-first-paint]')?.remove();
  // The first render yields to the browser every few milliseconds (a transition) instead of one long task: the
  // screen drawn in the HTML stays responsive while React builds its own (Lighthouse's total blocking time, issue 16).
  const render = () =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  // On the client list, React starts once the list's route is in (the frame drawn in the HTML shows meanwhile): its
  // page then renders at once, not after a spinner that React would keep 300 ms at least (app/lazyNow.ts).
  const before = [starting, home ? preloadHomeRoute().catch(() => undefined) : null].filter(Boolean);
  if (before.length) void Promise.all(before).then(render);
  else render();

  // Not on the login screen: after Log in the first sync comes first (the frame asks for it once it is drawn).
  // Not where index.html lists it to be fetched ahead without being applied (boot/ahead.ts): the pages that need it load it.
  if (location.pathname !== PAGES.login && !aheadFiles().length) loadFullStylesWhenIdle();
}
startPwa();

/**
 * The code that takes the quick login over (the `login` group, with the login page) loads only when there is one: the
 * other pages (a repeat open of /tabs/home) never ask for it (issue 30). The next screen's code is asked for at once,
 * side by side with it. The app starts whatever comes of it (LoginPage takes over a quick login still pending).
 */
function adoptQuick(): Promise<unknown> {
  preloadHome();
  return import('./features/accounts/quick/adopt').then((m) => m.adoptQuickLogin((path) => history.replaceState(history.state, '', path))).catch(() => false);
}
