import { preloadHome } from '../../../boot/preload';
import { getToken } from '../../../data/session';
import { setFirstSyncBusy } from '../../../data/sync/linkBusy';
import { setCurrentUser } from '../../../data/user';
import { i18next } from '../../../i18n';
import { toast } from '../../../ui/toast';
import { afterLoginPath } from '../paths';
import '../strings';
import { clearQuickLogin, quickLogin } from './handoff';

/**
 * The app takes over a Log in sent by the quick login script (quick.ts) before it started: once the password has
 * been checked, the user is signed in here as LoginPage signs them in (welcome toast, the page after Log in, which
 * `go` opens). Undefined when there is none; else settles true when signed in, false when the script was refused
 * (it has said why, and the login screen stays).
 */
export function adoptQuickLogin(go: (path: string) => void): Promise<boolean> | undefined {
  const quick = quickLogin();
  if (!quick) return undefined;
  // The next screen's code loads while the password is checked, as after LoginPage's own Log in.
  preloadHome();
  return quick.then((done) => {
    if (quickLogin() !== quick) return false;
    clearQuickLogin();
    if (!done || !getToken()) return false;
    setCurrentUser(done.user);
    // The first sync follows: what can wait (the rest of the CSS, prefetches) waits for it (as after LoginPage's).
    setFirstSyncBusy(true);
    toast.success(i18next.t('login.welcomeBack', { ns: 'accounts', name: done.user.name }));
    go(afterLoginPath(location.search));
    return true;
  });
}
