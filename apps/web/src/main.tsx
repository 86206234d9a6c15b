// The app's entry: a few hundred bytes. Its code (boot.tsx, with React and the first screens) is asked for once the
// early script lets it (app/appGate.ts: on a new phone's client list, after the owner's first rows are drawn).
import { appMayStart } from './app/appGate';
import { bootFromHtml } from './app/bootFromHtml';

void appMayStart().then(() => (import.meta.env.DEV ? import('./boot') : bootFromHtml()));
