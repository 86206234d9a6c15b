import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

// The toast container's code (transitions, drag to dismiss) is not needed to draw the first screen. It loads once
// the page has loaded and the browser is idle, or at once when a toast is shown before that (toasts wait in the store until it mounts).
const ToastContainer = lazy(() => import('./ToastContainer'));

/**
 * `whenIdle={false}` (the public pay page, which rarely shows a toast): the container's code loads only with the first
 * toast, never in the background, so a client's phone does no work for it while the invoice takes over (issue 16).
 */
export function Toasts({ whenIdle = true }: { whenIdle?: boolean }) {
  const { notifications, queue } = useNotifications();
  const [loaded, setLoaded] = useState(() => whenIdle && document.readyState === 'complete');
  useEffect(() => {
    if (loaded || !whenIdle) return;
    // After the load event, when the browser is idle: its work never competes with the first screen taking over.
    // Safari has no requestIdleCallback: a short timer there.
    const hasIdle = typeof window.requestIdleCallback === 'function';
    let idle = 0;
    const on = () => {
      idle = hasIdle ? window.requestIdleCallback(() => setLoaded(true), { timeout: 2000 }) : window.setTimeout(() => setLoaded(true), 200);
    };
    window.addEventListener('load', on, { once: true });
    return () => {
      window.removeEventListener('load', on);
      if (hasIdle) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [loaded, whenIdle]);
  return loaded || notifications.length > 0 || queue.length > 0 ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null;
}
