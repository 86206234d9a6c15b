import type { BrowserContext, Page } from 'playwright-core';
import { apiJson } from './api';
import { baseUrl, newPage, type PHONE } from './browser';

/** A shop owner made through the API, with the session a signed-in device keeps. */
export interface Owner {
  token: string;
  user: Record<string, unknown>;
}

let seq = 0;

/**
 * A fresh user made through the API (POST /api/users, then POST /api/user_token for the user object). The language
 * is English unless named (a Kenyan business would otherwise get Kiswahili, and so would its clients: issue 19).
 */
export async function seedOwner(
  prefix: string,
  tag: string,
  who: { name: string; company: string; country?: string; language?: 'en' | 'fr' | 'sw' },
): Promise<Owner> {
  const id = `${Date.now().toString(36)}${(seq++).toString(36)}`;
  const password = `${prefix}-pass-12345`;
  const username = `${prefix}_${tag}_${id}`.slice(0, 30);
  await apiJson('/users', {
    body: {
      user: {
        name: `${who.name} ${tag}`,
        username,
        email: `${username}@example.com`,
        password,
        company_name: `${who.company} ${tag}`,
        country: who.country ?? 'Kenya',
        language: who.language ?? 'en',
      },
    },
  });
  const { user, jwt } = await apiJson<{ user: Record<string, unknown>; jwt: string }>('/user_token', { body: { auth: { email: username, password } } });
  return { token: jwt, user };
}

/**
 * A browser context signed in as the owner (as after a login on that device). swNow: register the service
 * worker at once; aiBannerDismissed: the AI writer banner was already dismissed on this device;
 * clipboard: the page may read and write the clipboard.
 */
export async function signedInDevice(
  viewport: typeof PHONE,
  owner: Owner,
  opts: { swNow?: boolean; aiBannerDismissed?: boolean; clipboard?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(viewport);
  if (opts.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  await context.addInitScript(
    ([token, user, swNow, bannerDismissed]) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
        localStorage.setItem('welcome', 'true');
        if (bannerDismissed)
          localStorage.setItem('AiWriter', JSON.stringify({ expireBanner: new Date(Date.now() + 86_400_000).toISOString(), dismissed: true }));
      }
      // Tests only: register the service worker at once instead of after 30 s.
      if (swNow) localStorage.setItem('duka:sw-now', '1');
    },
    [owner.token, JSON.stringify(owner.user), !!opts.swNow, !!opts.aiBannerDismissed] as const,
  );
  return { context, page };
}
