/**
 * Code and CSS fetched ahead without being run (issue 30). The build lists what the client list fetches ahead (the
 * client page and form, the CSV and side menus, the phone rules, the rest of Mantine's CSS: build/loginEntry.ts
 * AHEAD_MODULES) in a script tag's data-ahead. Each script is asked for as a module preload (fetched and compiled, not
 * evaluated: a later import() finds it in the page's module map, offline too) and each stylesheet as a prefetch (in
 * the HTTP cache, not applied: applying all of Mantine's CSS to the list was a long style recalculation). Before, the
 * same files were imported, which ran them (Zod's schemas, libphonenumber, marked) while the owner started on the list.
 */

/** The files the build listed in a data-ahead attribute (none outside a build). */
export function aheadFiles(doc: Document = document): string[] {
  return doc.querySelector<HTMLElement>('[data-ahead]')?.dataset.ahead?.split(' ').filter(Boolean) ?? [];
}

/** What was asked for (the list, as written) and when it is all in. */
let fetched: { list: string; done: Promise<void> } | null = null;

/**
 * Fetches the listed files once, without running them; resolves when all are in (rejects when one could not be
 * fetched, and a later call tries again). Without a list (the dev server, tests), runs `fallback` instead: the
 * imports the list stands for.
 */
export function fetchAhead(fallback: () => Promise<unknown>, doc: Document = document): Promise<void> {
  const files = aheadFiles(doc);
  if (!files.length) return fallback().then(() => undefined);
  const list = files.join(' ');
  if (fetched?.list !== list) {
    const asked = { list, done: fetchInBatches(doc, files) };
    asked.done.catch(() => fetched === asked && (fetched = null));
    fetched = asked;
  }
  return fetched.done;
}

/**
 * Links added per task: the list's ~60 files added at once were one 25–40 ms task on a fast machine (a long task on a
 * phone, which Lighthouse's blocking time counts four times over; issue 30). The first batch is added at once, each
 * next one in a task of its own.
 */
export const AHEAD_BATCH = 8;

function fetchInBatches(doc: Document, files: string[]): Promise<void> {
  const asked: Promise<void>[] = [];
  return new Promise<void>((resolve, reject) => {
    const next = (from: number) => {
      for (const href of files.slice(from, from + AHEAD_BATCH)) {
        const file = fetchFile(doc, href);
        file.catch(() => undefined); // reported once all are asked for (below), not as an unhandled rejection
        asked.push(file);
      }
      if (from + AHEAD_BATCH < files.length) setTimeout(() => next(from + AHEAD_BATCH), 0);
      else Promise.all(asked).then(() => resolve(), reject);
    };
    next(0);
  });
}

function fetchFile(doc: Document, href: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = doc.createElement('link');
    link.rel = href.endsWith('.css') ? 'prefetch' : 'modulepreload';
    if (href.endsWith('.css')) link.setAttribute('as', 'style');
    link.href = href;
    link.crossOrigin = '';
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      reject(new Error(`Could not fetch ${href} ahead`));
    };
    doc.head.append(link);
  });
}
