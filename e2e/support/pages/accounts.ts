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
  });
}

/** Waits for a toast with exactly this text (or containing it, with partial) and consumes it. */
export async function expectToast(page: Page, text: string, { partial = false } = {}): Promise<void> {
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
    await this.page.getByRole('button', { name: 'Log in' }).click();
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
    const reloaded = this.page.waitForEvent('load', { timeout: 20_000 });
    await this.menu('Log Out');
    await reloaded;
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
