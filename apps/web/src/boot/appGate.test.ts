import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../data/token';
import { appMayStart, HOLD_PATH, HOLD_TOKEN_KEY, holdAppUntil } from './appGate';
import { isHomePath } from './nextScreen';

const page = globalThis as typeof globalThis & { dukaAppGate?: Promise<unknown> };
const settledWithin = async (p: Promise<unknown>, ms: number) => Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), ms))]);

describe("the app's entry waits for a new phone's first rows (issue 30)", () => {
  afterEach(() => {
    localStorage.clear();
    delete page.dukaAppGate;
    history.replaceState(null, '', '/');
  });

  it('reads the same token and list addresses as the early script', () => {
    expect(HOLD_TOKEN_KEY).toBe(TOKEN_KEY);
    for (const p of ['/', '/tabs', '/tabs/home', '/tabs/home/', '/tabs/invoices', '/login', '/invoices/new', '/tabsx'])
      expect(HOLD_PATH.test(p), p).toBe(isHomePath(p));
  });

  it('starts at once signed out or on another page', async () => {
    history.replaceState(null, '', '/tabs/home');
    expect(await settledWithin(appMayStart(), 5)).toBe(true);
    localStorage.setItem('token', 'jwt-1');
    history.replaceState(null, '', '/invoices/new');
    expect(await settledWithin(appMayStart(), 5)).toBe(true);
  });

  it("on a signed-in owner's list: waits for the early script's hold, even when that script runs later, and never past the cap", async () => {
    localStorage.setItem('token', 'jwt-1');
    history.replaceState(null, '', '/tabs/home');
    let open = () => {};
    const starting = appMayStart(2000);
    expect(await settledWithin(starting, 30)).toBe(false);
    holdAppUntil(new Promise<void>((r) => (open = r))); // the early script runs now
    expect(await settledWithin(starting, 30)).toBe(false);
    open();
    expect(await settledWithin(starting, 30)).toBe(true);
    // A hold that never settles (or an early script that never ran): the cap.
    holdAppUntil(new Promise(() => undefined));
    expect(await settledWithin(appMayStart(60), 200)).toBe(true);
    delete page.dukaAppGate;
    expect(await settledWithin(appMayStart(60), 200)).toBe(true);
  });
});
