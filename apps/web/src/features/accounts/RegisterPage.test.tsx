import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../ui/testing';
import RegisterPage from './pages/RegisterPage';
import frAccounts from './strings.fr';

const show = (url: string) =>
  renderRoutes(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/welcome', element: <>welcome</> },
      { path: '/transactions', element: <>transactions</> },
    ],
    url,
  );

async function fillAll(country = 'Ghana') {
  const set = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  set('Your name', 'Ada Obi');
  set('Username', 'Ada.Obi');
  set('E-mail', 'ada@example.com');
  set('Password', 'long-enough');
  set('Company name', 'Ada Fabrics');
  fireEvent.click(screen.getByRole('button', { name: /Country/ }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Select A Country' }));
  vi.useFakeTimers();
  fireEvent.change(dialog.getByRole('searchbox'), { target: { value: country.toLowerCase() } });
  act(() => vi.advanceTimersByTime(500));
  vi.useRealTimers();
  fireEvent.click(dialog.getByRole('button', { name: country }));
}

describe('register', () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    const { setLanguage } = await import('../../i18n');
    await setLanguage('en');
  });

  it('sends the remembered ref, lowercases the username, and with an intent goes to /transactions with the token', async () => {
    localStorage.setItem('ref', 'partner 42');
    const fetch = vi.fn(async () => new Response(JSON.stringify({ token: 'tok' }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const router = show('/register?intent=monthly');
    await fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Your account has been created!')).toBeTruthy();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users?ref=partner%2042');
    expect(JSON.parse(init.body as string)).toEqual({
      user: {
        name: 'Ada Obi',
        username: 'ada.obi',
        email: 'ada@example.com',
        password: 'long-enough',
        company_name: 'Ada Fabrics',
        country: 'Ghana',
        language: 'en',
      },
    });
    expect(router.state.location.pathname).toBe('/transactions');
    expect(router.state.location.search).toBe('?token=tok&intent=monthly');
  }, 30_000);

  it("creates the account in the language chosen, else the browser's, else the country's", async () => {
    const { activeLanguage, setLanguage } = await import('../../i18n');
    const created = () => vi.fn(async () => new Response(JSON.stringify({ token: 'tok' }), { status: 201 }));
    const sent = (fetch: ReturnType<typeof created>) => {
      const call = (fetch.mock.calls as unknown as [string, RequestInit][]).find(([url]) => url.startsWith('/api/users'));
      return JSON.parse(call![1].body as string).user.language;
    };
    // The browser speaks none of Duka's languages: Kenya's Kiswahili is taken when Kenya is chosen.
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ha-NG']);
    let fetch = created();
    vi.stubGlobal('fetch', fetch);
    show('/register');
    await fillAll('Kenya');
    await vi.waitFor(() => expect(activeLanguage()).toBe('sw'));
    fireEvent.click(screen.getByRole('button', { name: /Create account|Fungua akaunti/ }));
    await vi.waitFor(() => expect(sent(fetch)).toBe('sw'));
    cleanup();
    await setLanguage('en');
    localStorage.clear();
    // A language picked on the page wins, switches the page at once and stays on the device.
    fetch = created();
    vi.stubGlobal('fetch', fetch);
    show('/register');
    await fillAll('Kenya');
    await vi.waitFor(() => expect(activeLanguage()).toBe('sw'));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'fr' } });
    await vi.waitFor(() => expect(activeLanguage()).toBe('fr'));
    // The page now reads in French.
    await screen.findByRole('heading', { name: (frAccounts.strings as { register: { title: string } }).register.title });
    fireEvent.submit(document.querySelector('form')!);
    await vi.waitFor(() => expect(sent(fetch)).toBe('fr'));
    await vi.waitFor(() => expect(localStorage.getItem('duka:language')).toBe('fr'));
    cleanup();
    await setLanguage('en');
  }, 30_000);

  it('names the chosen country in the page language and sends SPEC’s English name', async () => {
    const { activeLanguage } = await import('../../i18n');
    const fetch = vi.fn(async () => new Response(JSON.stringify({ token: 'tok' }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    // No language of Duka's in the browser: choosing Cameron switches the page to French.
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ha-NG']);
    show('/register');
    await fillAll('Cameron');
    expect(document.getElementById('register-country-value')?.textContent).toBe('Cameron');
    await vi.waitFor(() => expect(activeLanguage()).toBe('fr'));
    await vi.waitFor(() => expect(document.getElementById('register-country-value')?.textContent).toBe('Cameroun'));
    fireEvent.submit(document.querySelector('form')!);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string).user).toMatchObject({ country: 'Cameron', language: 'fr' });
  }, 30_000);

  it("guesses the country from the device's time zone when the form opens; elsewhere none", async () => {
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    const zone = (timeZone: string) =>
      vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
        return { ...real.call(this), timeZone };
      });
    zone('Africa/Nairobi');
    show('/register');
    expect(document.getElementById('register-country-value')?.textContent).toBe('Kenya');
    cleanup();
    zone('Europe/London');
    show('/register');
    expect(document.getElementById('register-country-value')?.textContent).not.toBe('Kenya');
    expect(document.getElementById('register-country-value')?.textContent).not.toBe('United Kingdom');
  });

  it("opens in the guessed country's language unless the browser speaks one of Duka's", async () => {
    const { activeLanguage } = await import('../../i18n');
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...real.call(this), timeZone: 'Africa/Douala' };
    });
    // A Portuguese browser in Douala: none of Duka's languages, so Cameroon's French.
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['pt-BR']);
    show('/register');
    await vi.waitFor(() => expect(activeLanguage()).toBe('fr'));
    expect(localStorage.getItem('duka:language')).toBeNull();
    cleanup();
    const { setLanguage } = await import('../../i18n');
    await setLanguage('en');
    // An English browser there has chosen: the page stays English.
    languages.mockReturnValue(['en-US']);
    show('/register');
    expect(document.getElementById('register-country-value')?.textContent).toBe('Cameron');
    // French is loaded already (above), so a switch would land within this wait.
    await new Promise((r) => setTimeout(r, 200));
    expect(activeLanguage()).toBe('en');
  }, 30_000);

  it('a failure shows the server message (or the SPEC fallback) and keeps the form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502 })),
    );
    show('/register');
    await fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Something went wrong... Please try again')).toBeTruthy();
    expect((screen.getByLabelText('Company name') as HTMLInputElement).value).toBe('Ada Fabrics');
  }, 30_000);
});
