import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '../i18n';
import { MantineProvider } from '@mantine/core';
import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { theme } from '../app/theme';
import { installEnterGuard } from '../ui/enterGuard';
import { PublicPage } from './PublicPage';

installEnterGuard();

// Toasts are only needed once the client pays: their code loads after the page has shown.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

function Toasts() {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setOn(true), 0);
    return () => clearTimeout(id);
  }, []);
  return on ? (
    <Suspense fallback={null}>
      <Notifications position="top-center" autoClose={2000} />
    </Suspense>
  ) : null;
}

/**
 * The public entry (pay.html): what a client opening an invoice link downloads. No router, no device
 * database, no sync, no PDF maker: the server sends this page for /invoice/link/{id} and /thank-you.
 */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <Toasts />
      <PublicPage path={window.location.pathname} />
    </MantineProvider>
  </StrictMode>,
);
