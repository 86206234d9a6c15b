import './styles';
import '../i18n';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { rememberRef } from '../data/session';
import { routes } from './routes';
import { theme } from './theme';

export function App() {
  const [router] = useState(() => {
    rememberRef(window.location.search);
    const r = createBrowserRouter(routes);
    r.subscribe((state) => rememberRef(state.location.search));
    return r;
  });
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-center" autoClose={2000} />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
