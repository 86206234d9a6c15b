import { afterEach, describe, expect, it } from 'vitest';
import { walkInId } from '../data/walkIn';
import { drawFirstRowsWhenIn, firstRows, visibleRows } from './firstRows';
import { keepFirstPaintUntilReady } from '../boot/firstPaint';
import { drawFrameSkeleton } from './frameSkeleton';

const owner = { id: 'u-1', username: 'ade' };
const client = (id: string, name: string, more: Record<string, unknown> = {}) => ({
  id,
  name,
  email: `${id}@example.com`,
  phone: '+2348031230001',
  city: 'Lagos',
  ...more,
});

function frame(): HTMLElement {
  document.body.innerHTML = '<div id="root"></div>';
  localStorage.setItem('user', JSON.stringify(owner));
  expect(drawFrameSkeleton(document)).toBe(true);
  return document.querySelector<HTMLElement>('[data-first-paint]')!;
}

const texts = (sel: string) => [...document.querySelectorAll(sel)].map((e) => e.textContent);

describe("the client list's first rows drawn by index.html's early script (issue 30: the list's LCP)", () => {
  afterEach(() => {
    document.body.innerHTML = '';
    localStorage.clear();
  });

  it('shows what the list shows first: by name, without archived clients nor the walk-in client, 50 at most', () => {
    const walkIn = walkInId(owner);
    const many = Array.from({ length: 60 }, (_, i) => client(`c${i}`, `Zed ${String(i).padStart(2, '0')}`));
    const rows = firstRows([client('b', 'bola'), client('a', 'Ade'), client('x', 'Aaron', { archived: true }), client(walkIn, 'Walk-in'), ...many], owner);
    expect(rows.slice(0, 3).map((c) => c.name)).toEqual(['Ade', 'bola', 'Zed 00']);
    expect(rows).toHaveLength(50);
  });

  it("draws the owner's rows, the title, the count and the TEST MODE banner into the frame, hidden from assistive technology", async () => {
    const f = frame();
    const answer = Promise.resolve({ records: [client('b', 'Bola', { city: null }), client('a', 'Ade'), client('x', 'Aaron', { archived: true })] });
    await expect(drawFirstRowsWhenIn(answer, Promise.resolve({ test_payments: true }))).resolves.toBe(true);
    expect(texts('[data-first-rows] li > div > span > span:first-child')).toEqual(['Ade', 'Bola']);
    expect(texts('[data-first-rows] li > div > span > span:last-child')).toEqual(['a@example.com · +2348031230001 · Lagos', 'b@example.com · +2348031230001']);
    expect(f.textContent).toContain('Clients');
    expect(f.textContent).toContain('2 clients');
    expect(f.textContent).toContain('Archived clients (1)');
    expect(f.textContent).toContain('Test mode');
    expect(f.getAttribute('aria-hidden')).toBe('true');
    // Drawn once.
    await expect(drawFirstRowsWhenIn(answer, Promise.resolve(null))).resolves.toBe(false);
    expect(document.querySelectorAll('[data-first-rows]')).toHaveLength(1);
  });

  it('no banner on a server without test payments, or when its answer failed', async () => {
    const f = frame();
    await drawFirstRowsWhenIn(Promise.resolve({ records: [client('a', 'Ade')] }), Promise.resolve(null));
    expect(f.textContent).toContain('1 client');
    expect(f.textContent).not.toContain('Test mode');
  });

  it('draws only the rows the screen can show, and counts them all', async () => {
    const f = frame();
    const many = Array.from({ length: 50 }, (_, i) => client(`c${i}`, `Zed ${String(i).padStart(2, '0')}`));
    await expect(drawFirstRowsWhenIn(Promise.resolve({ records: many }), undefined)).resolves.toBe(true);
    expect(document.querySelectorAll('[data-first-rows] li')).toHaveLength(visibleRows(window.innerHeight));
    expect(visibleRows(823)).toBe(12);
    expect(f.textContent).toContain('50 clients');
  });

  it('draws nothing when the first page failed or is empty, or once the app has taken the screen', async () => {
    frame();
    await expect(drawFirstRowsWhenIn(Promise.reject(new Error('GET /sync/first answered 401')), undefined)).resolves.toBe(false);
    await expect(drawFirstRowsWhenIn(Promise.resolve({ records: [] }), undefined)).resolves.toBe(false);
    document.querySelector('[data-first-paint]')!.remove(); // the app has drawn its list
    await expect(drawFirstRowsWhenIn(Promise.resolve({ records: [client('a', 'Ade')] }), undefined)).resolves.toBe(false);
    expect(document.querySelector('[data-first-rows]')).toBeNull();
  });

  it('prints its words in the language chosen on the device (French, Swahili), as the app will', async () => {
    const answer = { records: [client('a', 'Ade'), client('b', 'Bola'), client('x', 'Aaron', { archived: true })] };
    let f = frame();
    localStorage.setItem('duka:language', 'fr');
    await expect(drawFirstRowsWhenIn(Promise.resolve(answer), Promise.resolve({ test_payments: true }))).resolves.toBe(true);
    for (const text of ['Mode test', 'Vendre', 'Nom, e-mail, téléphone ou ville', '2 clients', 'Clients archivés (1)']) expect(f.textContent).toContain(text);
    expect(f.textContent).not.toContain('Sell');
    f = frame();
    localStorage.setItem('duka:language', 'sw');
    await expect(drawFirstRowsWhenIn(Promise.resolve({ records: [client('a', 'Ade')] }), Promise.resolve({ test_payments: true }))).resolves.toBe(true);
    for (const text of ['Hali ya majaribio', 'Wateja', 'Uza', 'Tafuta kwa jina, barua pepe, simu au mji', 'Mteja 1']) expect(f.textContent).toContain(text);
    expect(f.textContent).not.toContain('Test mode');
  });

  it("stays while the app's list is loading (busy) and goes in the frame its own rows come", async () => {
    frame();
    await drawFirstRowsWhenIn(Promise.resolve({ records: [client('a', 'Ade')] }), undefined);
    const root = document.getElementById('root')!;
    keepFirstPaintUntilReady(root); // appMain.tsx
    root.innerHTML = '<header>Duka</header><main><h1>Clients</h1><div aria-busy="true">Loading clients</div></main>';
    await new Promise((r) => setTimeout(r, 0));
    expect(document.querySelector('[data-first-rows]')).not.toBeNull();
    root.innerHTML = '<header>Duka</header><main><h1>Clients</h1><ul aria-label="Clients"><li><button>Ade</button></li></ul></main>';
    await new Promise((r) => setTimeout(r, 0));
    expect(document.querySelector('[data-first-paint]')).toBeNull();
  });
});
