// The app's entry: a few hundred bytes. Its code (appMain.tsx, with React and the first screens) is asked for once the
// early script lets it (boot/appGate.ts: on a new phone's client list, after the owner's first rows are drawn).
import { appMayStart } from './boot/appGate';
import { bootFromHtml } from './boot/bootFromHtml';

void appMayStart().then(() => (import.meta.env.DEV ? import('./appMain') : bootFromHtml()));
