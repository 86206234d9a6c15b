import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeAhead } from '../data/sync/ahead';
import { preloadHomeEarly, startStorageOfOwner } from './early';
import { keepFirstPaintUntilReady } from '../boot/firstPaint';
import { takeTestModeAhead, testModeAheadNow } from './shell/testModeAhead';

/** index.html's early script as the build writes it: the client list's files in data-next. */
function page(path: string): void {
  history.replaceState(null, '', path);
  const script = document.createElement('script');
  script.type = 'text/plain';
  script.dataset.next = '/assets/home-a.css /assets/home-b.js /assets/display-c.js';
  document.head.append(script);
}

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link')].map((l) => `${l.rel} ${l.getAttribute('href')}`);

describe("index.html's early script (issue 30: repeat open)", () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    localStorage.clear();
    history.replaceState(null, '', '/');
  });

  it('a signed-in owner opening the client list: its files are asked for at once', () => {
    localStorage.setItem('token', 'jwt-1');
    page('/tabs/home');
    expect(preloadHomeEarly()).toHaveLength(3);
    expect(preloads()).toEqual(['preload /assets/home-a.css', 'modulepreload /assets/home-b.js', 'modulepreload /assets/display-c.js']);
    expect(document.head.querySelector('link[rel="preload"]')?.getAttribute('as')).toBe('style');
  });

  it('signed out, or another page: nothing is asked for', () => {
    page('/');
    expect(preloadHomeEarly()).toEqual([]);
    localStorage.setItem('token', 'jwt-1');
    history.replaceState(null, '', '/invoices/new');
    expect(preloadHomeEarly()).toEqual([]);
    expect(preloads()).toEqual([]);
  });

  it("draws the frame at once for a signed-in owner's list, kept by the app until it has drawn its own", async () => {
    document.body.innerHTML = '<div id="root"></div>';
    localStorage.setItem('token', 'jwt-1');
    page('/tabs/home');
    preloadHomeEarly();
    const root = document.getElementById('root')!;
    expect(root.querySelector('[data-first-paint]')?.textContent).toBe('Duka');
    keepFirstPaintUntilReady(root); // appMain.tsx
    root.innerHTML = '<div aria-busy="true">loading</div>';
    await new Promise((r) => setTimeout(r, 0));
    expect(document.querySelector('[data-first-paint]')).not.toBeNull();
    root.innerHTML = '<header>Duka</header><main>Clients</main>';
    await new Promise((r) => setTimeout(r, 0));
    expect(document.querySelector('[data-first-paint]')).toBeNull();
  });

  it('draws nothing once the app has taken #root (the early script ran late), signed out, or on another page', () => {
    document.body.innerHTML = '<div id="root" data-started=""></div>';
    localStorage.setItem('token', 'jwt-1');
    page('/tabs/home');
    preloadHomeEarly();
    expect(document.getElementById('root')!.childElementCount).toBe(0);
    document.body.innerHTML = '<div id="root"></div>';
    history.replaceState(null, '', '/invoices/new');
    preloadHomeEarly();
    localStorage.clear();
    history.replaceState(null, '', '/tabs/home');
    preloadHomeEarly();
    expect(document.getElementById('root')!.childElementCount).toBe(0);
  });

  it("asks whether the server takes test payments at once on a signed-in owner's list (the banner is known when the page draws)", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ test_payments: true }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    try {
      localStorage.setItem('token', 'jwt-1');
      page('/tabs/home');
      preloadHomeEarly();
      expect(fetch).toHaveBeenCalledWith('/api/payments/config', { credentials: 'same-origin', priority: 'low' });
      expect(testModeAheadNow()).toBeUndefined(); // on its way
      await expect(takeTestModeAhead()).resolves.toEqual({ test_payments: true });
      expect(testModeAheadNow()).toBeUndefined(); // taken once: a later banner asks the server
      // Another page: not asked.
      fetch.mockClear();
      history.replaceState(null, '', '/invoices/new');
      preloadHomeEarly();
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("asks for the list's first clients at once on a new phone (no device database), not on a device that has one", async () => {
    const first = { records: [{ id: 'c1', name: 'Ade' }], totals: { contacts: 1 }, seen: null, version: 1 };
    const fetch = vi.fn(async () => new Response(JSON.stringify(first), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    try {
      localStorage.setItem('token', 'jwt-1');
      page('/tabs/home');
      const gate = startStorageOfOwner();
      expect(gate).not.toBeNull();
      await vi.waitFor(() =>
        expect(fetch).toHaveBeenCalledWith('/api/sync/first?collection=contacts&limit=50', { headers: { authorization: 'Bearer jwt-1' } }),
      );
      await gate; // opened once the first page is in (no frame here: nothing drawn), so the app's code is asked for
      await expect(takeAhead('contacts')).resolves.toEqual(first); // the sync engine takes it, once
      expect(takeAhead('contacts')).toBeUndefined();
      // Another page of the app: not asked.
      fetch.mockClear();
      history.replaceState(null, '', '/invoices/new');
      startStorageOfOwner();
      await new Promise((r) => setTimeout(r, 50));
      expect(fetch).not.toHaveBeenCalled();
      // A device that has its database: the app's sync engine knows what it needs.
      await new Promise<void>((resolve) => {
        const made = indexedDB.open('duka', 1);
        made.onupgradeneeded = () => made.result.createObjectStore('meta');
        made.onsuccess = () => (made.result.close(), resolve());
      });
      history.replaceState(null, '', '/tabs/home');
      await startStorageOfOwner(); // and the app's code is asked for at once (the database answers in a few ms)
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("holds the app's code and the list's files until the first rows are drawn, and only on a signed-in owner's list", async () => {
    document.head.innerHTML = '';
    localStorage.setItem('token', 'jwt-1');
    page('/tabs/home');
    document.querySelector<HTMLScriptElement>('script[data-next]')!.dataset.app = '/assets/boot-a.css /assets/boot-b.js';
    let open = () => {};
    const gate = new Promise<void>((r) => (open = r));
    expect(preloadHomeEarly(document, gate)).toEqual([]);
    expect(preloads()).toEqual([]);
    open();
    await gate;
    await new Promise((r) => setTimeout(r, 0));
    expect(preloads()).toEqual([
      'preload /assets/boot-a.css',
      'modulepreload /assets/boot-b.js',
      'preload /assets/home-a.css',
      'modulepreload /assets/home-b.js',
      'modulepreload /assets/display-c.js',
    ]);
    // Another page: the app's code at once, not the list's.
    document.head.querySelectorAll('link').forEach((l) => l.remove());
    history.replaceState(null, '', '/invoices/new');
    expect(preloadHomeEarly(document)).toEqual(['/assets/boot-a.css', '/assets/boot-b.js']);
  });
});
