import 'fake-indexeddb/auto';
import { formatDate, getDisplayLanguage } from '@duka/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../data/session';
import { getCurrentUser, setCurrentUser, type User } from '../../data/user';
import { activeLanguage, setLanguage } from '../../i18n';
import { DEVICE_LANGUAGE_KEY, startingLanguage, startLanguage } from '../../i18n/device';
import { chooseLanguage, followAccountLanguage, PENDING_KEY, saveLanguage } from './language';
import { logout } from './logout';

const USER: User = {
  id: 'u1',
  name: 'Ada',
  username: 'ada',
  email: 'ada@example.com',
  company_name: 'Ada Stores',
  country: 'Cameron',
  logo: null,
  logoLocation: null,
  logoUrl: null,
  invoice_settings: '{}',
  credit: 10,
  created_at: '2026-01-01T00:00:00.000Z',
  language: 'en',
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function browserSays(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

beforeEach(async () => {
  localStorage.clear();
  await setLanguage('en');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the language the app opens in', () => {
  it("is the device's choice, else the browser's, else English", () => {
    browserSays(['ha-NG', 'de']);
    expect(startingLanguage()).toBe('en');
    browserSays(['ha-NG', 'sw-KE', 'en']);
    expect(startingLanguage()).toBe('sw');
    localStorage.setItem(DEVICE_LANGUAGE_KEY, 'fr');
    expect(startingLanguage()).toBe('fr');
    localStorage.setItem(DEVICE_LANGUAGE_KEY, 'klingon');
    expect(startingLanguage()).toBe('sw');
  });

  it('is active before the first render: English at once, another once its strings are in', async () => {
    browserSays(['en-US']);
    expect(startLanguage()).toBeUndefined();
    localStorage.setItem(DEVICE_LANGUAGE_KEY, 'fr');
    const starting = startLanguage();
    expect(starting).toBeInstanceOf(Promise);
    await starting;
    expect(activeLanguage()).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    // Money, numbers and dates follow the screen language.
    expect(getDisplayLanguage()).toBe('fr');
    expect(formatDate('2026-03-05')).toBe('5 mars 26');
  });
});

describe("the account's language", () => {
  it('switches at once offline, waits on the device, and reaches the server when back online', async () => {
    setSession('tok', USER);
    setCurrentUser(USER);
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    await chooseLanguage('sw');
    expect(activeLanguage()).toBe('sw');
    expect(localStorage.getItem(DEVICE_LANGUAGE_KEY)).toBe('sw');
    expect(JSON.parse(localStorage.getItem(PENDING_KEY)!)).toEqual({ user: 'u1', language: 'sw' });
    expect(fetch).toHaveBeenCalledTimes(1);

    // /state arrives with the old language while the change waits: the change is sent again, not undone.
    const online = vi.fn(async (_url: string, init: RequestInit) => json({ ...USER, ...(JSON.parse(init.body as string) as { user: object }).user }));
    vi.stubGlobal('fetch', online);
    followAccountLanguage(USER);
    await saveLanguage();
    expect(activeLanguage()).toBe('sw');
    const [url, init] = online.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/ada');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(init.body as string)).toEqual({ user: { language: 'sw' } });
    expect(localStorage.getItem(PENDING_KEY)).toBeNull();
    expect(getCurrentUser()?.language).toBe('sw');
  });

  it('sends a waiting change when the connection comes back', async () => {
    setSession('tok', USER);
    setCurrentUser(USER);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503 })),
    );
    await chooseLanguage('fr');
    expect(localStorage.getItem(PENDING_KEY)).not.toBeNull();
    const online = vi.fn(async () => json({ ...USER, language: 'fr' }));
    vi.stubGlobal('fetch', online);
    const { renderHook } = await import('@testing-library/react');
    const { useAccountLanguage } = await import('./language');
    const hook = renderHook(() => useAccountLanguage(getCurrentUser()));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(localStorage.getItem(PENDING_KEY)).toBeNull());
    expect(online).toHaveBeenCalled();
    hook.unmount();
  });

  it('follows a language changed on another device when nothing waits here', async () => {
    setSession('tok', USER);
    setCurrentUser(USER);
    followAccountLanguage({ id: 'u1', language: 'fr' });
    await vi.waitFor(() => expect(activeLanguage()).toBe('fr'));
    expect(localStorage.getItem(DEVICE_LANGUAGE_KEY)).toBe('fr');
  });

  it('a change waiting for one account is never sent for another, and outlives logging out', async () => {
    setSession('tok', USER);
    setCurrentUser(USER);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503 })),
    );
    await chooseLanguage('sw');
    await logout({ reload: () => undefined });
    expect(localStorage.getItem(DEVICE_LANGUAGE_KEY)).toBe('sw');
    expect(localStorage.getItem('token')).toBeNull();
    const other = { ...USER, id: 'u2', username: 'bola', language: 'en' as const };
    setSession('tok2', other);
    setCurrentUser(other);
    const fetch = vi.fn(async () => json(other));
    vi.stubGlobal('fetch', fetch);
    followAccountLanguage(other);
    await saveLanguage();
    expect(fetch).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(activeLanguage()).toBe('en'));
    expect(JSON.parse(localStorage.getItem(PENDING_KEY)!)).toEqual({ user: 'u1', language: 'sw' });
  });

  it('drops a change the server refuses', async () => {
    setSession('tok', USER);
    setCurrentUser(USER);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: { code: 'validation_failed', message: 'Language must be…' } }, 400)),
    );
    await chooseLanguage('fr');
    expect(localStorage.getItem(PENDING_KEY)).toBeNull();
    expect(activeLanguage()).toBe('fr');
  });
});
