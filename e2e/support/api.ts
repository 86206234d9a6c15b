import type { Page } from 'playwright-core';
import { baseUrl } from './browser';

/** JSON call to the product's API, for seeding and checking data; throws with the body on a non-2xx answer. */
export async function apiJson<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Screenshots for a person to look at, written only when E2E_SHOTS_DIR is set. */
export function shooter(prefix: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  return async (page: Page, name: string) => {
    if (!dir) return;
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${dir}/${prefix}-${name}.png`, fullPage: false });
  };
}
