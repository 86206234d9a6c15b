// Where the main thread goes on the client list of a signed-in owner (1,000 clients, 1,000 invoices) on a new phone:
// a CPU profile (CPU slowed CPU× as Lighthouse's mobile run, 4 by default) from opening /tabs/home until the first
// sync has written everything, self time by function (file:line:column in the built files) and the long tasks.
// For finding what to cut, not a bench: `node bench/profile-diag.mjs` (needs `node scripts/build.mjs` first).
import { chromium } from 'playwright-core';
import { seedAccount } from './lib/first-visit.mjs';
import { startServer } from './lib/server.mjs';

const CPU = Number(process.env.CPU ?? 4);
const server = await startServer({ name: 'profdiag' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const account = await seedAccount(server.base, { clients: 1000, invoices: 1000 });
  const session = await fetch(`${server.base}/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ auth: { email: account.username, password: account.password } }),
  }).then((r) => r.json());
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.goto(`${server.origin}/api/health`);
  await page.evaluate(
    (s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
      localStorage.setItem('welcome', 'true');
    },
    { token: session.jwt, user: session.user },
  );
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]))).observe({
      type: 'longtask',
      buffered: true,
    });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.goto(`${server.origin}/tabs/home`);
  await page.waitForFunction(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('duka');
        open.onsuccess = () => {
          const d = open.result;
          if (!d.objectStoreNames.contains('invoices')) return resolve(false);
          const tx = d.transaction(['contacts', 'invoices']);
          let n = 0;
          let left = 2;
          for (const s of ['contacts', 'invoices'])
            tx.objectStore(s).count().onsuccess = (e) => {
              n += e.target.result;
              if (--left === 0) resolve(n >= 2000);
            };
        };
        open.onerror = () => resolve(false);
      }),
    null,
    { timeout: 120_000, polling: 500 },
  );
  console.log('synced in', Date.now() - t0, 'ms');
  await page.waitForTimeout(Number(process.env.AFTER ?? 3000));
  const { profile } = await cdp.send('Profiler.stop');
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const f = n.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.replace(/^https?:\/\/[^/]+/, '')}:${f.lineNumber}:${f.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40));
  for (const [k, ms] of top) console.log(String(Math.round(ms)).padStart(6), k);
  console.log('long tasks', JSON.stringify(await page.evaluate(() => window.__longTasks)));
} finally {
  await browser.close();
  server.stop();
}
