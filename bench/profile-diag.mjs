// Where the main thread goes on the client list of a signed-in owner (1,000 clients, 1,000 invoices) on a new phone:
// a CPU profile (CPU slowed CPU× as Lighthouse's mobile run, 4 by default) from opening /tabs/home until the first
// sync has written everything, self time by function (file:line:column in the built files) and the long tasks.
// For finding what to cut, not a bench: `node bench/profile-diag.mjs` (needs `node scripts/build.mjs` first).
import { chromium } from 'playwright-core';
import { CHROMIUM, selfTimes, signedInOwner, signedInPage } from './lib/diag.mjs';
import { startServer } from './lib/server.mjs';
import { countStored } from './lib/web.mjs';

const server = await startServer({ name: 'profdiag' });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  const { account, session } = await signedInOwner(server.base);
  const { page, cdp } = await signedInPage(browser, server.origin, session, {
    cpu: Number(process.env.CPU ?? 4),
    initScript: () => {
      window.__longTasks = [];
      new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]))).observe({
        type: 'longtask',
        buffered: true,
      });
    },
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.goto(`${server.origin}/tabs/home`);
  const total = account.clients + account.invoices;
  for (let deadline = Date.now() + 120_000; (await countStored(page, ['contacts', 'invoices'])) < total;) {
    if (Date.now() > deadline) throw new Error('the first sync did not finish within 120 s');
    await page.waitForTimeout(500);
  }
  console.log('synced in', Date.now() - t0, 'ms');
  await page.waitForTimeout(Number(process.env.AFTER ?? 3000));
  const { profile } = await cdp.send('Profiler.stop');
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const samples = profile.samples.map((id, i) => [0, id, profile.timeDeltas[i] ?? 0]);
  for (const [k, ms] of selfTimes(nodes, samples).slice(0, Number(process.env.TOP ?? 40))) console.log(String(Math.round(ms)).padStart(6), k);
  console.log('long tasks', JSON.stringify(await page.evaluate(() => window.__longTasks)));
} finally {
  await browser.close();
  server.stop();
}
