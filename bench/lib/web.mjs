// The set-up shared by the benches that measure the web app in Chromium against the built product
// (apps/server/dist + apps/web/dist): the server on a fresh DATA_DIR, an owner signed up and logged in, records
// seeded through the sync API, and a browser page that opens the app logged in as that owner.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { root, startServer } from './server.mjs';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const round = (x) => Math.round(x * 10) / 10;

/** Starts the built product and an owner. Returns the origin, a JSON `api`, `seed(mutations)`, `openPage()` and `close()`. */
export async function startWebBench(name, { env = {} } = {}) {
  if (!existsSync(path.join(root, 'apps', 'web', 'dist', 'index.html'))) {
    console.error('build first: node scripts/build.mjs');
    process.exit(1);
  }
  const server = await startServer({ name, env: (origin) => ({ NODE_ENV: 'test', PUBLIC_URL: origin, ...env }) });
  const base = server.origin;
  let browser;
  const close = async () => {
    await browser?.close();
    server.stop();
  };
  try {
    const api = async (p, body, token) => {
      const res = await fetch(`${base}/api${p}`, {
        method: body ? 'POST' : 'GET',
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${p} → ${res.status} ${await res.text()}`);
      return res.json();
    };
    const username = `bench_${Date.now().toString(36)}_${randomUUID().slice(0, 4)}`;
    await api('/users', {
      user: { name: 'Bench Owner', username, email: `${username}@example.com`, password: 'bench-pass-123', company_name: 'Bench Shop', country: 'Nigeria' },
    });
    const { jwt, user } = await api('/user_token', { auth: { email: username, password: 'bench-pass-123' } });
    /** Pushes the mutations through /api/sync/push, 500 at a time; a refused one stops the bench. */
    const seed = async (mutations) => {
      for (let i = 0; i < mutations.length; i += 500) {
        const { results } = await api('/sync/push', { mutations: mutations.slice(i, i + 500) }, jwt);
        const bad = results.find((r) => r.status === 'rejected');
        if (bad) throw new Error(`seed rejected: ${JSON.stringify(bad)}`);
      }
    };
    /** A Chromium page (1280×800) on the app, logged in as the owner (token, user and welcome flag in local storage). */
    const openPage = async () => {
      browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--headless', '--no-sandbox', '--disable-gpu'],
      });
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: base });
      await context.addInitScript(
        ([token, u]) => {
          localStorage.setItem('token', token);
          localStorage.setItem('user', u);
          localStorage.setItem('welcome', 'true');
        },
        [jwt, JSON.stringify(user)],
      );
      return context.newPage();
    };
    return { base, api, jwt, user, seed, openPage, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/** How many records the page's device database (IndexedDB 'duka') holds in these stores together. */
export function countStored(page, stores) {
  return page.evaluate(
    (names) =>
      new Promise((resolve) => {
        const req = indexedDB.open('duka');
        req.onsuccess = () => {
          const db = req.result;
          const present = names.filter((s) => db.objectStoreNames.contains(s));
          if (!present.length) return resolve(0);
          const tx = db.transaction(present);
          let total = 0;
          let left = present.length;
          for (const s of present) {
            const c = tx.objectStore(s).count();
            c.onsuccess = () => {
              total += c.result;
              if (--left === 0) resolve(total);
            };
          }
          db.close();
        };
        req.onerror = () => resolve(0);
      }),
    stores,
  );
}
