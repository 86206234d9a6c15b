import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../i18n';
import { installDomShims, renderAt } from '../testing';
import { AiList } from './AiList';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const item = (id: string, favorite: boolean) => ({
  id,
  type: 'newsletter',
  title: `Newsletter ${id}`,
  page_title: 'Newsletter',
  content: '# News\n\nWe moved.',
  favorite,
  cost: 5,
  language: 'en',
  created_at: '2026-11-20T10:00:00.000Z',
});

/** A tiny in-memory server for the two lists and PATCH /ai-writter/{id}. */
function serve(items: ReturnType<typeof item>[]) {
  const calls: Array<{ url: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as { ai_writter: { favorite: boolean } };
      calls.push({ url, body });
      const found = items.find((i) => url.endsWith(`/${i.id}`));
      if (!found) return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Content not found' } }), { status: 404 });
      found.favorite = body.ai_writter.favorite;
      return new Response(JSON.stringify(found), { status: 200 });
    }
    const data = url.includes('/favorites') ? items.filter((i) => i.favorite) : items;
    return new Response(JSON.stringify({ data, next_cursor: null }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('History and Favourites lists', () => {
  it('the star of a favourite removes it from Favourites (PATCH favorite:false) with a toast', async () => {
    localStorage.setItem('token', 't');
    const calls = serve([item('a1', true), item('a2', false)]);
    renderAt('/', <AiList which="favorites" onOpen={() => {}} />);
    const list = await screen.findByTestId('ai-favorites');
    expect(within(list).queryByText('Newsletter a2')).toBeNull();
    const star = within(list).getByRole('button', { name: 'Remove Newsletter a1 from favourites' });
    expect(star.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(star);
    expect(await screen.findByText('Removed from favourites')).toBeTruthy();
    expect(calls).toEqual([{ url: '/api/ai-writter/a1', body: { ai_writter: { favorite: false } } }]);
    await waitFor(() => expect(screen.getByText('No favourites yet')).toBeTruthy());
  });

  it('the star of a history row marks it as a favourite; a row opens the result', async () => {
    localStorage.setItem('token', 't');
    const calls = serve([item('a1', false)]);
    const onOpen = vi.fn();
    renderAt('/', <AiList which="history" onOpen={onOpen} />);
    const star = await screen.findByRole('button', { name: 'Add Newsletter a1 to favourites' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    expect(await screen.findByText('Marked as favorite')).toBeTruthy();
    expect(calls[0].body).toEqual({ ai_writter: { favorite: true } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Newsletter a1 from favourites' })).toBeTruthy());
    fireEvent.click(screen.getByText('Newsletter a1'));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'a1' }));
  });

  it('offline, shows the first page kept on the device from the last visit, per user', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ id: 'u1', name: 'Ada' }));
    serve([item('a1', true)]);
    const first = renderAt('/', <AiList which="history" onOpen={() => {}} />);
    expect(await screen.findByText('Newsletter a1')).toBeTruthy();
    first.unmount();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderAt('/', <AiList which="history" onOpen={() => {}} />);
    expect(await screen.findByText('Offline: showing the copy kept on this device.')).toBeTruthy();
    expect(screen.getByText('Newsletter a1')).toBeTruthy();
    cleanup();

    // Another user on this device sees nothing of it.
    localStorage.setItem('user', JSON.stringify({ id: 'u2', name: 'Bola' }));
    renderAt('/', <AiList which="history" onOpen={() => {}} />);
    expect(await screen.findByText('Could not load this list. Check your connection and try again.')).toBeTruthy();
    expect(screen.queryByText('Newsletter a1')).toBeNull();
  });

  it('a French history row names the type in French, though the server sends its English page title (issue 23, D3)', async () => {
    localStorage.setItem('token', 't');
    serve([{ ...item('a1', false), type: 'business_name', title: 'Noms', page_title: 'Business Name Ideas', content: '10 idées de nom' }]);
    await setLanguage('fr');
    try {
      renderAt('/', <AiList which="history" onOpen={() => {}} />);
      const row = await screen.findByText(/10 idées de nom/);
      expect(row.textContent).toContain('Idées de nom d’entreprise — ');
      expect(row.textContent).not.toContain('Business Name Ideas');
    } finally {
      await setLanguage('en');
    }
  });
});
