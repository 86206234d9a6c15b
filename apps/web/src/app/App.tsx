import './styles';
import '../i18n';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { rememberRef } from '../data/session';
import { routes } from './routes';
import { theme } from './theme';
import { Toasts } from './Toasts';

export function App() {
  const [router] = useState(() => {
    rememberRef(window.location.search);
    const r = createBrowserRouter(routes);
    r.subscribe((state) => rememberRef(state.location.search));
    return r;
  });
  return (
    <MantineProvider theme={theme}>
      <Toasts />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
