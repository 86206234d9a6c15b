import { Alert, Button, MantineProvider, Notification } from '@mantine/core';
import { accountsStrings } from '../../features/accounts/strings';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import LoginPage from '../../features/accounts/pages/LoginPage';
import '../../i18n';
import { theme } from '../theme';
import { PAGES } from '../../paths';

/**
 * The login screen as HTML, made at build (apps/web/build/loginEntry.ts) from the real LoginPage, for dist/login.html:
 * a cold visit to /login draws the screen from HTML and CSS while its JavaScript is still on the way. The app's first
 * render replaces it with the same screen (no layout shift). Mantine's style tags come along (CSS variables).
 */
/** An empty device's storage: the screen as a first visit sees it (build time runs in Node, which has none). */
function emptyStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

export function renderLoginScreen(): string {
  const g = globalThis as { localStorage?: Storage; sessionStorage?: Storage };
  g.localStorage ??= emptyStorage();
  g.sessionStorage ??= emptyStorage();
  const html = renderToString(
    <MantineProvider theme={theme}>
      <MemoryRouter initialEntries={[PAGES.login]}>
        <LoginPage />
      </MemoryRouter>
    </MantineProvider>,
  );
  // Typing works in the drawn fields before the JavaScript is there (the app takes what was typed over); but a form
  // with no script must not send itself (a GET with the password in the address): no submit button, so neither a
  // click nor Enter submits it (two text fields block implicit submission) until the app has drawn its own.
  return html.replace(/type="submit"/g, 'type="button"');
}

/**
 * A danger toast as the app draws it (Mantine's Notification, red), with QUICK_TOAST_TEXT where its message goes: the
 * quick login (features/accounts/quick) shows its failure toasts from this before the app and its toasts are there.
 */
export const QUICK_TOAST_TEXT = '{{message}}';
export function renderQuickToast(): string {
  return renderToString(
    <MantineProvider theme={theme}>
      <Notification color="red" withCloseButton={false}>
        {QUICK_TOAST_TEXT}
      </Notification>
    </MantineProvider>,
  );
}

/**
 * The offer of a mailed login link (issue 22 item 5) as LoginPage draws it after a Log in refused for too many failed
 * attempts: the quick login shows it from this (English, as the drawn screen) before the app is there.
 */
export function renderQuickThrottled(): string {
  return renderToString(
    <MantineProvider theme={theme}>
      <Alert color="yellow" mb="md" role="alert" data-quick-throttled="">
        {accountsStrings.login.throttled}
        <Button variant="light" color="yellow" mt="sm" fullWidth type="button">
          {accountsStrings.login.emailLink}
        </Button>
      </Alert>
    </MantineProvider>,
  );
}
