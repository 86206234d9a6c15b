import type { ApiUser } from '@duka/core';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import '../i18n';

/** jsdom lacks what Mantine measures with; these are enough for modals, drawers and scroll areas. */
export function installDomShims(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() }, configurable: true });
  }
  Element.prototype.scrollIntoView ??= () => {};
}

/** Renders inside Mantine with transitions off, so modals open and close at once. */
export function renderUi(ui: ReactElement) {
  installDomShims();
  return render(
    <MantineProvider
      theme={{ components: { Modal: { defaultProps: { transitionProps: { duration: 0 } } }, Drawer: { defaultProps: { transitionProps: { duration: 0 } } } } }}
    >
      {ui}
    </MantineProvider>,
  );
}

/** Renders `ui` as renderUi does, under a fresh react-query client that does not retry (a failed request shows at once). */
export function renderWithQueries(ui: ReactElement) {
  return renderUi(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);
}

/** Renders `routes` in a memory router opened at `url`, with the toasts' outlet; returns the router to read where it went. */
export function renderRoutes(routes: RouteObject[], url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  renderUi(
    <>
      <Notifications />
      <RouterProvider router={router} />
    </>,
  );
  return router;
}

/** A signed-in owner as the API answers it (POST /user_token, GET /state; no language: the screen's), with a test's changes. */
export function testUser(changes: Partial<ApiUser> = {}) {
  const user: Omit<ApiUser, 'language'> = {
    id: 'u1',
    name: 'Ada Obi',
    username: 'ada',
    email: 'ada@example.com',
    company_name: 'Ada',
    country: 'Kenya',
    logo: null,
    logoLocation: null,
    logoUrl: null,
    invoice_settings: '{}',
    credit: 0,
    created_at: '',
  };
  return { ...user, ...changes };
}
