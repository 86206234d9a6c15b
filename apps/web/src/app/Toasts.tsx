import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

// The toast container's code (transitions, drag to dismiss) is not needed to draw the first screen. It loads once
// the page has loaded, or at once when a toast is shown before that (toasts wait in the store until it mounts).
const ToastContainer = lazy(() => import('./ToastContainer'));

export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const on = () => setLoaded(true);
    window.addEventListener('load', on, { once: true });
    return () => window.removeEventListener('load', on);
  }, [loaded]);
  return loaded || notifications.length > 0 || queue.length > 0 ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null;
}
