import { afterEach, describe, expect, it, vi } from 'vitest';
import { AHEAD_BATCH, aheadFiles, fetchAhead } from './ahead';

/** index.html as the build writes it: what the client list fetches ahead in data-ahead. */
function listed(files: string): void {
  const script = document.createElement('script');
  script.type = 'text/plain';
  script.dataset.ahead = files;
  document.head.append(script);
}

const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link')];

describe('code fetched ahead without being run (issue 30)', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('asks for scripts as module preloads and stylesheets as prefetches (never applied), once', async () => {
    listed('/assets/ContactPage-a.js /assets/full-b.css');
    expect(aheadFiles()).toEqual(['/assets/ContactPage-a.js', '/assets/full-b.css']);
    const fallback = vi.fn(() => Promise.resolve());
    const done = fetchAhead(fallback);
    expect(links().map((l) => `${l.rel} ${l.getAttribute('href')} ${l.getAttribute('as') ?? ''}`.trim())).toEqual([
      'modulepreload /assets/ContactPage-a.js',
      'prefetch /assets/full-b.css style',
    ]);
    expect(document.head.querySelector('link[rel="stylesheet"]')).toBeNull();
    for (const l of links()) l.dispatchEvent(new Event('load'));
    await expect(done).resolves.toBeUndefined();
    await fetchAhead(fallback);
    expect(links()).toHaveLength(2);
    expect(fallback).not.toHaveBeenCalled();
  });

  it('a file that cannot be fetched (offline) fails the wait, and a later call asks again', async () => {
    listed('/assets/SideMenu-c.js');
    const first = fetchAhead(() => Promise.resolve());
    links()[0].dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('Could not fetch /assets/SideMenu-c.js ahead');
    expect(links()).toHaveLength(0);
    const again = fetchAhead(() => Promise.resolve());
    expect(links()).toHaveLength(1);
    links()[0].dispatchEvent(new Event('load'));
    await expect(again).resolves.toBeUndefined();
  });

  it('a long list is asked for a few files per task (no long task on a phone), and the wait ends once all are in', async () => {
    const files = Array.from({ length: AHEAD_BATCH * 2 + 3 }, (_, i) => `/assets/f${i}.js`);
    listed(files.join(' '));
    let settled = false;
    const done = fetchAhead(() => Promise.resolve()).then(() => (settled = true));
    expect(links()).toHaveLength(AHEAD_BATCH);
    for (const l of links()) l.dispatchEvent(new Event('load'));
    await new Promise((r) => setTimeout(r, 0));
    expect(links()).toHaveLength(AHEAD_BATCH * 2);
    await new Promise((r) => setTimeout(r, 0));
    expect(links().map((l) => l.getAttribute('href'))).toEqual(files);
    expect(settled).toBe(false);
    for (const l of links()) l.dispatchEvent(new Event('load'));
    await done;
    expect(settled).toBe(true);
  });

  it('without the build’s list (the dev server), runs the imports it stands for', async () => {
    const fallback = vi.fn(() => Promise.resolve('imported'));
    await fetchAhead(fallback);
    expect(fallback).toHaveBeenCalledTimes(1);
    expect(links()).toHaveLength(0);
  });
});
