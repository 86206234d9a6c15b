// A phone's sync after a change made elsewhere, on the weak link (issue 27): an owner with 100 clients and 100
// invoices has done the first sync on a phone (unthrottled); then, on the weak link (300 ms, 50 kB/s down, 20 up, as
// weak-link.bench), another device adds a client and the phone syncs (the owner comes back to the app: a focus). Each
// run reports the phone's requests of that sync, what they carried, when the client was on the list and when the
// sync's last request ended. BENCH_STEADY_RUNS runs (5); the median.
// Needs `node scripts/build.mjs`. DUKA_SERVER_MAIN=<another tree>/apps/server/dist/main.js measures another built tree
// (its server serves its own web build) in the same conditions.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { CHROMIUM, logIn, short, signedInPage } from './lib/diag.mjs';
import { seedAccount } from './lib/first-visit.mjs';
import { serverMain, startServer } from './lib/server.mjs';

const RUNS = Number(process.env.BENCH_STEADY_RUNS ?? 5);
const PROFILE = { offline: false, latency: 300, downloadThroughput: 50_000, uploadThroughput: 20_000 };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const server = await startServer({ name: 'steady-sync', env: (origin) => ({ NODE_ENV: 'test', PUBLIC_URL: origin }) });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic'] });
try {
  const account = await seedAccount(server.base, { clients: 100, invoices: 100 });
  const session = await logIn(server.base, account);
  const { page, cdp } = await signedInPage(browser, server.origin, session);
  const status = page.getByTestId('sync-status');
  await page.goto(`${server.origin}/tabs/home`);
  await status.getByText('All changes saved').waitFor({ timeout: 120_000 });
  await sleep(3_000); // what loads after the first sync (fetched ahead) is off the link

  const requests = new Map();
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, { url: e.request.url, method: e.request.method, start: Date.now(), bytes: 0 }));
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { bytes: e.encodedDataLength, end: Date.now() });
  });
  await cdp.send('Network.emulateNetworkConditions', PROFILE);

  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const name = `Aaa Steady ${i} ${randomUUID().slice(0, 4)}`;
    const res = await fetch(`${server.base}/sync/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      body: JSON.stringify({ mutations: [{ mutation_id: randomUUID(), collection: 'contacts', op: 'upsert', id: randomUUID(), data: { name } }] }),
    });
    if (!res.ok) throw new Error(`push answered ${res.status}`);
    requests.clear();
    const started = Date.now();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForFunction((n) => document.body.innerText.includes(n), name, { timeout: 60_000, polling: 50 });
    const onList = Date.now() - started;
    await status.getByText('All changes saved').waitFor({ timeout: 60_000 });
    await sleep(2_000);
    const api = [...requests.values()].filter((r) => new URL(r.url).pathname.startsWith('/api/'));
    runs.push({
      on_list_ms: onList,
      sync_ms: Math.max(...api.map((r) => (r.end ?? Date.now()) - started)),
      requests: api.length,
      pulls: api.filter((r) => new URL(r.url).pathname === '/api/sync/pull').length,
      kib: kib(api.reduce((n, r) => n + r.bytes, 0)),
      paths: api.map((r) => `${r.method} ${short(r.url)}`),
    });
    await sleep(1_000);
  }
  const out = {
    tree: serverMain(),
    load_1min: loadavg()[0],
    median_on_list_ms: median(runs.map((r) => r.on_list_ms)),
    median_sync_ms: median(runs.map((r) => r.sync_ms)),
    median_requests: median(runs.map((r) => r.requests)),
    median_kib: median(runs.map((r) => r.kib)),
    runs,
  };
  console.log(JSON.stringify(out, null, 2));
} finally {
  await browser.close();
  server.stop();
}
