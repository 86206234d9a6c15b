import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import LoginPage from '../../features/accounts/pages/LoginPage';
import '../../i18n';
import { theme } from '../theme';

/**
 * The login screen as HTML, made at build (apps/web/build/loginEntry.ts) from the real LoginPage, for dist/login.html:
 * a cold visit to /login draws the screen from HTML and CSS while its JavaScript is still on the way. The app's first
 * render replaces it with the same screen (no layout shift). Mantine's style tags come along (CSS variables).
 */
export function renderLoginScreen(): string {
  return renderToString(
    <MantineProvider theme={theme}>
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>
    </MantineProvider>,
  );
}
