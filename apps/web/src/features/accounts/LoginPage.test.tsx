import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCurrentUser } from '../../data/user';
import { renderRoutes, testUser } from '../../ui/testing';
import LoginPage from './pages/LoginPage';

const user = testUser();

const show = (url: string) =>
  renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <>home</> },
      { path: '/plan/subscribe', element: <>subscribe</> },
    ],
    url,
  );

function fill(identifier: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username or e-mail'), { target: { value: identifier } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('after a session ended on its own, says how many changes were kept on the device (once)', async () => {
    localStorage.setItem('duka:kept-changes', '2');
    show('/login');
    expect((await screen.findByRole('status')).textContent).toBe('Your session ended. 2 changes are kept on this device: log in again to upload them.');
    expect(localStorage.getItem('duka:kept-changes')).toBeNull();
  });

  it('asks for both fields before calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    show('/login');
    fill('', '');
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("refused: SPEC §8's text, and what was typed stays", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'invalid_credentials', message: 'nope' } }), { status: 401 })),
    );
    show('/login');
    fill('ada', 'wrong-password');
    expect(await screen.findByText('Username/Email or Password is incorrect.')).toBeTruthy();
    expect((screen.getByLabelText('Username or e-mail') as HTMLInputElement).value).toBe('ada');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('accepted: stores token and user, welcomes by name, goes home (or to /plan/subscribe when asked)', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ user, jwt: 'jwt-1' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const router = show('/login?device=android');
    fill('ada@example.com', 'right-password');
    expect(await screen.findByText('Welcome back, Ada Obi')).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(getCurrentUser()?.username).toBe('ada');
    expect(router.state.location.pathname).toBe('/plan/subscribe');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user_token');
    expect(JSON.parse(init.body as string)).toEqual({ auth: { email: 'ada@example.com', password: 'right-password' } });
  });

  it('throttled (429): offers "Email me a login link", which asks the server for one for the typed name', async () => {
    const fetch = vi.fn(async (url: string) =>
      url === '/api/user_token'
        ? new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Too many attempts.' } }), { status: 429, headers: { 'retry-after': '4' } })
        : new Response(JSON.stringify({ message: 'sent' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    show('/login');
    fill('ada', 'right-password');
    expect(await screen.findByText(/Too many failed attempts on this account/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Email me a login link' }));
    expect(await screen.findByText('If an account exists for that name, we have sent it a login link. Please check your e-mail.')).toBeTruthy();
    const [url, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/login-link');
    expect(JSON.parse(init.body as string)).toEqual({ user: { email: 'ada' } });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps what was typed into the screen drawn in the HTML, and asks for the first clients right after Log in (issue 30)', async () => {
    const drawn = document.createElement('div');
    drawn.setAttribute('data-first-paint', '');
    drawn.innerHTML = '<input name="identifier" value="ada@example.com"><input name="password" type="password" value="right-password">';
    document.body.append(drawn);
    try {
      const fetch = vi.fn(async () => new Response(JSON.stringify({ user, jwt: 'jwt-1' }), { status: 200 }));
      vi.stubGlobal('fetch', fetch);
      show('/login');
      expect((screen.getByLabelText('Username or e-mail') as HTMLInputElement).value).toBe('ada@example.com');
      expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('right-password');
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
      expect(await screen.findByText('Welcome back, Ada Obi')).toBeTruthy();
      const urls = fetch.mock.calls.map((c) => (c as unknown as [string])[0]);
      expect(urls.slice(0, 2)).toEqual(['/api/user_token', '/api/sync/first?collection=contacts&limit=50']);
    } finally {
      drawn.remove();
    }
  });
  it('opens with the identifier focused, but keeps the focus in the field the person was typing in on the drawn screen (CI: the password went into the identifier)', async () => {
    show('/login');
    expect(document.activeElement).toBe(screen.getByLabelText('Username or e-mail'));
    cleanup();
    const drawn = document.createElement('div');
    drawn.setAttribute('data-first-paint', '');
    drawn.innerHTML = '<input name="identifier" value="ada"><input name="password" type="password" value="right-">';
    document.body.append(drawn);
    try {
      drawn.querySelector<HTMLInputElement>('input[name="password"]')!.focus();
      show('/login');
      const password = screen.getByLabelText('Password') as HTMLInputElement;
      expect(document.activeElement).toBe(password);
      expect(password.value).toBe('right-');
      expect((screen.getByLabelText('Username or e-mail') as HTMLInputElement).value).toBe('ada');
    } finally {
      drawn.remove();
    }
  });
});
