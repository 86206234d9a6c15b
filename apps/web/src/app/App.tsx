import './styles';
import '../i18n';
import { MantineProvider } from '@mantine/core';
import { useEffect } from 'react';
import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { rememberRef } from '../data/session';
import { RouteErrorBoundary } from './RouteError';
import { routes } from './routes';
import { theme } from './theme';
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
  return (
    <MantineProvider theme={theme}>
      <Toasts />
      <BrowserRouter>
        <Routes />
      </BrowserRouter>
    </MantineProvider>
  );
}
