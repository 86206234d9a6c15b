import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../ui/testing';
import { RouteErrorBoundary } from './RouteError';

installDomShims();

function Broken(): never {
  throw new Error('chunk failed to load');
}

const at = (path: string, broken: boolean) => (
  <MantineProvider>
    <RouteErrorBoundary path={path}>{broken ? <Broken /> : <p>the page</p>}</RouteErrorBoundary>
  </MantineProvider>
);

describe('RouteErrorBoundary (what errorElement did under the data router)', () => {
  afterEach(cleanup);

  it('shows the reload screen when a page throws, and the next page once the path changes', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(at('/tabs/home', true));
    expect(screen.getByRole('alert').textContent).toContain('This page could not be opened');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    rerender(at('/tabs/home', false));
    expect(screen.queryByText('the page')).toBeNull();
    rerender(at('/contacts', false));
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    quiet.mockRestore();
  });

  it('offline with no service worker it offers only Go back; once the connection is back, Reload too', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.history.pushState({}, '', '/invoices/1');
    try {
      render(at('/invoices/1', true));
      expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
      online.mockReturnValue(true);
      act(() => void window.dispatchEvent(new Event('online')));
      expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    } finally {
      online.mockRestore();
      quiet.mockRestore();
    }
  });

  it("speaks the owner's language even when that language's strings never arrived (offline first load, t14 D7)", () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('duka:language', 'sw');
    try {
      render(at('/new-invoice', true));
      expect(screen.getByRole('alert').textContent).toContain('Ukurasa huu haukuweza kufunguka');
      expect(screen.getByRole('button', { name: 'Pakia upya' })).toBeTruthy();
    } finally {
      localStorage.removeItem('duka:language');
      quiet.mockRestore();
    }
  });
});
