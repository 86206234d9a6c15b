import '../boot/styles';
import { useStrings } from '../i18n';
import { MantineProvider } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { rememberRef } from '../data/session';
import { RouteErrorBoundary } from './RouteError';
import { routes } from './routes';
import { themeFor } from './theme';
import './strings';
import { Toasts } from './Toasts';

/**
 * The route table under the plain BrowserRouter (not createBrowserRouter): the data router's loaders, actions and
 * fetchers are unused here and cost the first screen ~16 KB gz of JavaScript on a weak link (issue 16).
 */
function Routes() {
  const { pathname, search } = useLocation();
  useEffect(() => rememberRef(search), [search]);
  return <RouteErrorBoundary path={pathname}>{useRoutes(routes)}</RouteErrorBoundary>;
}

export function App() {
  const { t } = useStrings('common');
  // Mantine's own controls (a modal's ×, a password's eye) are read out in the active language.
  const theme = useMemo(() => themeFor({ dismiss: t('dismiss'), togglePassword: t('togglePassword') }), [t]);
  return (
    <MantineProvider theme={theme}>
      <Toasts />
      <BrowserRouter>
        <Routes />
      </BrowserRouter>
    </MantineProvider>
  );
}
