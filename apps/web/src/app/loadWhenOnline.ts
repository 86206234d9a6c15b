/**
 * A chunk loader for code the app mounts by itself (the header's sync status, the renumber toasts), not on a tap: a
 * load that fails while the device is offline waits for the connection to come back and tries again, instead of
 * failing. Failing, React.lazy keeps the error for good, and the page's error boundary replaced the whole page with
 * "This page could not be opened", still there once online (CI invoice-conflict.spec: the toasts' chunk was on its way
 * when the laptop went offline). Online, a load is tried `attempts` times in all, `pauseMs` apart (a dropped request),
 * then fails as before (e.g. a chunk gone after an update: the boundary's Reload is the way out then).
 */
export function loadWhenOnline<T>(load: () => Promise<T>, attempts = 3, pauseMs = 1_000): () => Promise<T> {
  return async () => {
    let failedOnline = 0;
    for (;;) {
      try {
        return await load();
      } catch (err) {
        if (isOnline()) {
          failedOnline += 1;
          if (failedOnline >= attempts) throw err;
          await new Promise((resolve) => setTimeout(resolve, pauseMs));
        } else {
          await onlineAgain();
        }
      }
    }
  };
}

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine;

/** Resolves at the next `online` event. */
function onlineAgain(): Promise<void> {
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}
