// Local-first figures in a real browser (Chromium) against the built product (apps/server/dist + apps/web/dist):
// - first sync of 10,000 records into IndexedDB (target < 5 s): from the first /api/sync/pull request of a fresh
//   device to the moment the device database holds all 10,000 (pull pages of 500 + bulkPut);
// - local search over those 10,000 records on /tabs/search (target < 100 ms): from typing to the grouped results
//   on screen, React render included (median and worst of several queries).
// Writes bench/results/records-web.json.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const main = path.join(root, 'apps', 'server', 'dist', 'main.js');
if (!existsSync(main) || !existsSync(path.join(root, 'apps', 'web', 'dist', 'index.html'))) {
  console.error('build first: node scripts/build.mjs');
  process.exit(1);
}
const RECORDS = Number(process.env.BENCH_RECORDS ?? 10_000);
const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const p = srv.address().port;
      srv.close(() => resolve(p));
    });
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x) => Math.round(x * 10) / 10;

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'duka-bench-rweb-'));
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [main], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: base, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: '', RATE_LIMITS: 'off', DEV_MAILBOX: 'on' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let browser;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // starting
    }
    if (i > 600) throw new Error('server did not start');
    await sleep(100);
  }
  const api = async (p, body, token) => {
    const res = await fetch(`${base}/api${p}`, {
      method: body ? 'POST' : 'GET',
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${p} → ${res.status} ${await res.text()}`);
    return res.json();
  };
  const username = `bench_${Date.now().toString(36)}`;
  await api('/users', { user: { name: 'Bench Owner', username, email: `${username}@example.com`, password: 'bench-pass-123', company_name: 'Bench Shop', country: 'Nigeria' } });
  const { jwt, user } = await api('/user_token', { auth: { email: username, password: 'bench-pass-123' } });

  // 10,000 records through the sync API: 7,000 clients, 2,000 catalog items, 1,000 expenses.
  const first = ['Ade', 'Ngozi', 'Kofi', 'Wanjiru', 'Thabo', 'Amina', 'Chinedu', 'Zainab', 'Musa', 'Fatima'];
  const last = ['Okafor', 'Mensah', 'Otieno', 'Dlamini', 'Bello', 'Kamau', 'Nkosi', 'Abubakar', 'Banda', 'Tesfaye'];
  const mutations = [];
  for (let i = 0; i < RECORDS; i++) {
    const id = randomUUID();
    if (i % 10 < 7) mutations.push({ mutation_id: randomUUID(), collection: 'contacts', op: 'upsert', id, data: { name: `${first[i % 10]} ${last[(i * 7) % 10]} ${i}`, email: `c${i}@example.com`, city: ['Lagos', 'Nairobi', 'Accra', 'Kampala'][i % 4] } });
    else if (i % 10 < 9) mutations.push({ mutation_id: randomUUID(), collection: 'catalogs', op: 'upsert', id, data: { name: `Item ${i} ${last[i % 10]}`, unit_price: 1000 + i, sku: `SKU-${i}` } });
    else mutations.push({ mutation_id: randomUUID(), collection: 'expenses', op: 'upsert', id, data: { amount: 500 + i, currency: 'NGN', date: `2026-${String((i % 11) + 1).padStart(2, '0')}-15`, category: 'Transport', vendor: `Vendor ${i}` } });
  }
  const seedStart = performance.now();
  for (let i = 0; i < mutations.length; i += 500) {
    const { results } = await api('/sync/push', { mutations: mutations.slice(i, i + 500) }, jwt);
    const bad = results.find((r) => r.status === 'rejected');
    if (bad) throw new Error(`seed rejected: ${JSON.stringify(bad)}`);
  }
  console.log(`seeded ${RECORDS} records in ${Math.round(performance.now() - seedStart)} ms`);

  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: base });
  await context.addInitScript(
    ([token, u]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', u);
      localStorage.setItem('welcome', 'true');
    },
    [jwt, JSON.stringify(user)],
  );
  const page = await context.newPage();
  let firstPullAt = 0;
  let pulls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/sync/pull')) {
      pulls += 1;
      if (!firstPullAt) firstPullAt = performance.now();
    }
  });
  await page.goto('/tabs/search');
  // Wait until the device database holds every record (counted in IndexedDB itself).
  const countAll = () =>
    page.evaluate(
      () =>
        new Promise((resolve) => {
          const req = indexedDB.open('duka');
          req.onsuccess = () => {
            const db = req.result;
            const stores = ['contacts', 'catalogs', 'expenses'].filter((s) => db.objectStoreNames.contains(s));
            if (!stores.length) return resolve(0);
            const tx = db.transaction(stores);
            let total = 0;
            let left = stores.length;
            for (const s of stores) {
              const c = tx.objectStore(s).count();
              c.onsuccess = () => {
                total += c.result;
                if (--left === 0) resolve(total);
              };
            }
          };
          req.onerror = () => resolve(0);
        }),
    );
  let synced = 0;
  for (;;) {
    const n = await countAll();
    if (n >= RECORDS) {
      synced = performance.now();
      break;
    }
    if (firstPullAt && performance.now() - firstPullAt > 60_000) throw new Error(`only ${n} records after 60 s`);
    await sleep(25);
  }
  const firstSyncMs = synced - firstPullAt;
  console.log(`first sync of ${RECORDS} records into IndexedDB: ${Math.round(firstSyncMs)} ms (${pulls} pull requests)`);

  // Search: type a query, wait until the result count for it is on screen.
  const box = page.getByLabel('Search everything');
  await box.waitFor();
  await page.getByText(/Search your clients/).waitFor();
  // The page's live queries catch up with the last write: wait until the index holds every seeded client.
  const ngozi = Math.ceil(RECORDS / 10);
  await box.fill('ngozi');
  await page.getByTestId('search-count').getByText(`${ngozi} results`).waitFor({ timeout: 60_000 });
  await box.fill('');
  await page.getByText(/Search your clients/).waitFor();
  const queries = ['ngozi', 'kamau 12', 'lagos', 'sku-77', 'vendor 99', 'zzzz', 'fatima bello', 'item 5'];
  const timings = [];
  for (const q of queries) {
    const ms = await page.evaluate(async (query) => {
      const input = document.querySelector('input[aria-label="Search everything"]');
      const before = document.querySelector('[data-testid="search-count"]')?.textContent ?? '';
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      const t0 = performance.now();
      setter.call(input, query);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        const el = document.querySelector('[data-testid="search-count"]');
        const text = el?.textContent ?? '';
        if (text && text !== before && (text.includes('result') || text.includes(query))) return performance.now() - t0;
        if (performance.now() - t0 > 5000) return -1;
      }
    }, q);
    const count = await page.getByTestId('search-count').textContent();
    console.log(`search "${q}": ${round(ms)} ms → ${count}`);
    timings.push(ms);
  }
  const results = {
    records: RECORDS,
    first_sync_ms: Math.round(firstSyncMs),
    first_sync_target_ms: 5000,
    pull_requests: pulls,
    search_median_ms: round(median(timings)),
    search_max_ms: round(Math.max(...timings)),
    search_target_ms: 100,
    search_queries: queries.length,
    note: 'search time is from typing to the grouped results rendered (React included), on the machine running the bench',
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'records-web.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(results);
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await sleep(300);
  rmSync(dataDir, { recursive: true, force: true });
}
