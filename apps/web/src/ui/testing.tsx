import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
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
