// Issue 28's figure "the Sell screen's JS beyond the shell ≤ 30 KB gz", on a first visit: a signed-in owner opens the
// client list on a new phone (no service worker yet, a fast link), waits until the list has settled (the first sync
// done and the code fetched ahead, window.__dukaClientsWarm), taps Sell, and waits for the screen and the receipt's QR
// encoder (fetched once the screen has drawn). Counts the JS files requested after the tap, at the gzip sizes the
// server sends (dist's .gz files). Needs `node scripts/build.mjs` first. Writes bench/results/sell-first-visit.json.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { root, signUp, startServer } from './lib/server.mjs';

const GOAL_KB = 30;
const dist = path.join(root, 'apps', 'web', 'dist');
const gz = (file) => {
  const full = path.join(dist, file);
  return existsSync(`${full}.gz`) ? statSync(`${full}.gz`).size : gzipSync(readFileSync(full), { level: 9 }).length;
};
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

const server = await startServer({ name: 'sell' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const headers = await signUp(server.base);
  const token = headers.authorization.slice('Bearer '.length);
  const item = await fetch(`${server.base}/catalogs`, { method: 'POST', headers, body: JSON.stringify({ name: 'Soap', unit_price: 500, track_stock: true }) });
  if (!item.ok) throw new Error(`catalog item: ${item.status}`);
  const user = await fetch(`${server.base}/state`, { headers }).then((r) => r.json());
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${server.origin}/api/health`);
  await page.evaluate(
    (s) => {
      localStorage.setItem('token', s.token);
      if (s.user) localStorage.setItem('user', JSON.stringify(s.user));
      localStorage.setItem('welcome', 'true');
    },
    { token, user: user.user ?? null },
  );
  const requests = [];
  page.on('request', (r) => requests.push({ at: Date.now(), path: new URL(r.url()).pathname }));
  await page.goto(`${server.origin}/tabs/home`);
  await page.getByTestId('sync-status').getByText('All changes saved').waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => window.__dukaClientsWarm === true, undefined, { timeout: 60_000 });
  await page.waitForTimeout(1000);
  const tapped = Date.now();
  await page.getByTestId('sell').click();
  await page.getByRole('heading', { name: 'New sale' }).waitFor({ timeout: 30_000 });
  // The encoder's request may come before this line runs (it is fetched once the screen has drawn): look at what was asked.
  const qrAsked = () => requests.some((r) => r.at >= tapped && /^\/assets\/qrcode-[^/]+\.js$/.test(r.path));
  for (const until = Date.now() + 30_000; !qrAsked() && Date.now() < until;) await page.waitForTimeout(100);
  await page.waitForTimeout(2000);
  // Not the service worker's registration (workbox-window, pwa-register): it runs on its own timer, whatever the screen.
  const files = [
    ...new Set(
      requests
        .filter((r) => r.at >= tapped && /^\/assets\/.+\.js$/.test(r.path) && !/\/(workbox-window|virtual_pwa-register)/.test(r.path))
        .map((r) => r.path.slice(1)),
    ),
  ];
  const sized = files.map((f) => ({ file: f, gzip_kb: kb(gz(f)) })).sort((a, b) => b.gzip_kb - a.gzip_kb);
  const total = kb(files.reduce((n, f) => n + gz(f), 0));
  const result = {
    measured_at: new Date().toISOString(),
    load: loadavg(),
    sell_js_after_tap_gzip_kb: total,
    goal_kb: GOAL_KB,
    within_goal: total <= GOAL_KB,
    files: sized,
  };
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(path.join(root, 'bench', 'results', 'sell-first-visit.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `Sell on a first visit: ${total} KB gz of JS after the tap (goal ${GOAL_KB}):`,
    sized.map((s) => `${s.file.replace('assets/', '')} ${s.gzip_kb}`).join(', '),
  );
} finally {
  await browser.close();
  server.stop();
}
