import type { Page } from 'playwright-core';
import { baseUrl } from '../browser';

/** Page models of the account screens and the app frame (issue 3). */

export interface NewUser {
  name: string;
  username: string;
  email: string;
  password: string;
  company: string;
  country: string;
}

let seq = 0;
export function freshUser(tag: string): NewUser {
  const id = `${Date.now().toString(36)}${(seq++).toString(36)}`;
  return {
    name: `Ada ${tag}`,
    username: `ada_${tag}_${id}`.slice(0, 30),
    email: `ada.${tag}.${id}@example.com`,
    password: 'first-pass-123',
    company: `Ada Fabrics ${tag}`,
    country: 'Kenya',
  };
}

declare global {
  interface Window {
    __toasts?: string[];
  }
}

/**
 * Records every toast (Mantine notification) the page shows, so a test never misses a 2 s toast on a
 * slow machine. Call once per page before navigating.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__toasts = [];
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const el of Array.from(document.querySelectorAll('.mantine-Notification-description'))) {
        if (seen.has(el) || !el.textContent) continue;
        seen.add(el);
        window.__toasts!.push(el.textContent);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
    // A trace kept across reloads (sessionStorage), said when an expected toast does not come: which document, when
    // the screen drawn in the HTML went, and what each Log in sent.
    const trace = (what: string) => {
      const list = JSON.parse(sessionStorage.getItem('__trace') ?? '[]') as string[];
      list.push(`${Math.round(performance.timeOrigin + performance.now()) % 1_000_000} ${what}`);
      sessionStorage.setItem('__trace', JSON.stringify(list.slice(-30)));
    };
    trace(`document ${location.pathname}`);
    document.addEventListener(
      'submit',
      (e) => {
        const form = e.target as HTMLFormElement;
        const value = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value.length ?? '-';
        const drawn = !!form.closest('[data-first-paint]');
        trace(`submit ${drawn ? 'drawn' : 'app'} identifier:${value('identifier')} password:${value('password')}`);
      },
      true,
    );
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of Array.from(r.removedNodes)) if (n instanceof HTMLElement && n.hasAttribute('data-first-paint')) trace('drawn screen gone');
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Waits for a toast with exactly this text (or containing it, with partial) and consumes it. */
export async function expectToast(page: Page, text: string, { partial = false } = {}): Promise<void> {
  try {
    await waitForToast(page, text, partial);
  } catch (err) {
    // Say what the page showed instead: the toasts not yet consumed, the ones on screen, and where it was.
    const seen = await page
      .evaluate(() => ({
        unconsumed: window.__toasts ?? [],
        onScreen: Array.from(document.querySelectorAll('.mantine-Notification-description')).map((el) => el.textContent),
        url: location.href,
        screen: document.body.innerText.replace(/\s+/g, ' ').slice(0, 300),
        trace: JSON.parse(sessionStorage.getItem('__trace') ?? '[]') as string[],
      }))
      .catch(() => null);
    throw new Error(`no toast ${JSON.stringify(text)}; the page had ${JSON.stringify(seen)}`, { cause: err });
  }
}

async function waitForToast(page: Page, text: string, partial: boolean): Promise<void> {
  await page.waitForFunction(
    ([t, p]) => {
      const list = window.__toasts ?? [];
      const i = list.findIndex((x) => (p ? x.includes(t as string) : x === t));
      if (i < 0) return false;
      list.splice(i, 1);
      return true;
    },
    [text, partial] as const,
    { timeout: 15_000 },
  );
}

export class RegisterScreen {
  constructor(readonly page: Page) {}
  async fill(u: NewUser) {
    const p = this.page;
    await p.getByLabel('Your name').fill(u.name);
    await p.getByLabel('Username').fill(u.username);
    await p.getByLabel('E-mail').fill(u.email);
    await p.getByLabel('Password', { exact: true }).fill(u.password);
    await p.getByLabel('Company name').fill(u.company);
    await this.pickCountry(u.country);
  }
  /** Select A Country: type part of the name (debounced search), then choose the row. */
  async pickCountry(name: string) {
    const p = this.page;
    await p.getByRole('button', { name: /Country/ }).click();
    const dialog = p.getByRole('dialog', { name: 'Select A Country' });
    await dialog.waitFor();
    await dialog.getByRole('searchbox').fill(name.slice(0, 4).toUpperCase());
    await dialog.getByRole('button', { name: new RegExp(`^${name}$`) }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
  submit() {
    return this.page.getByRole('button', { name: 'Create account' }).click();
  }
}

export class LoginScreen {
  constructor(readonly page: Page) {}
  async open() {
    await this.page.goto('/login');
    await this.page.getByRole('heading', { name: 'Login' }).waitFor();
  }
  async login(identifier: string, password: string) {
    await this.page.getByLabel('Username or e-mail').fill(identifier);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    // For expectToast's trace: what the fields hold just before Log in, in the drawn screen and in the app's page.
    await this.page
      .evaluate(() => {
        const held = (root: Element | null) =>
          root
            ? `${root.querySelector<HTMLInputElement>('input[name="identifier"]')?.value.length}/${root.querySelector<HTMLInputElement>('input[name="password"]')?.value.length}`
            : '-';
        const list = JSON.parse(sessionStorage.getItem('__trace') ?? '[]') as string[];
        list.push(`${Date.now() % 1_000_000} filled drawn:${held(document.querySelector('[data-first-paint]'))} app:${held(document.getElementById('root'))}`);
        sessionStorage.setItem('__trace', JSON.stringify(list.slice(-30)));
      })
      .catch(() => undefined);
    await this.page.getByRole('button', { name: 'Log in' }).click();
  }
}

/**
 * Runs `act`, then waits for the page it sets off to be a new, complete document. A 'load' event is no proof: one of
 * the old page's own (a late image or chunk) can come first, and the next steps then ran on the old page until the
 * reload swept them away (CI: a password typed there was lost). So the old document is marked first.
 */
export async function untilReloaded(page: Page, act: () => Promise<unknown>, timeout = 30_000): Promise<void> {
  await page.evaluate(() => Object.assign(window, { __beforeReload: true }));
  await act();
  const deadline = Date.now() + timeout;
  // While the navigation is under way evaluate fails: not there yet.
  const fresh = () => page.evaluate(() => !('__beforeReload' in window) && document.readyState === 'complete').catch(() => false);
  while (!(await fresh())) {
    if (Date.now() > deadline) throw new Error(`the page did not reload within ${timeout / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The app frame: side menu 'One More Thing' (burger on phones, More in the left nav on desktops). */
export class Shell {
  constructor(
    readonly page: Page,
    readonly phone: boolean,
  ) {}
  async openMenu() {
    // Phones: the burger in the header; desktops: More in the left nav. Only one of them is visible.
    await this.page.getByRole('button', { name: 'More', exact: true }).click();
    const drawer = this.page.getByRole('dialog', { name: 'One More Thing' });
    await drawer.waitFor();
    return drawer;
  }
  async menu(entry: string) {
    const drawer = await this.openMenu();
    await drawer.getByRole(entry === 'Log Out' || entry === 'Delete Account' ? 'button' : 'link', { name: entry, exact: true }).click();
  }
  async logout() {
    // Log out empties storage at once (the guards may already show /login) and reloads /login only after the
    // device database is cleared: wait for that reload, or it can land in the middle of the next steps.
    await untilReloaded(this.page, () => this.menu('Log Out'));
    await this.page.waitForURL('**/login', { timeout: 10_000 });
    await this.page.getByRole('heading', { name: 'Login' }).waitFor();
  }
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The non-production outbox: GET /api/dev/mailbox?to=… (newest first). */
export async function mailbox(to: string): Promise<Mail[]> {
  const res = await fetch(`${baseUrl()}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
  return ((await res.json()) as { messages: Mail[] }).messages;
}

export async function apiLogin(identifier: string, password: string): Promise<number> {
  const res = await fetch(`${baseUrl()}/api/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ auth: { email: identifier, password } }),
  });
  return res.status;
}
