// Main-thread tasks while the first sync runs on a weak link (issue 30: typing must not stall): an owner with 1,000
// clients and 1,000 invoices logs in on a new phone (cold cache, 50 kB/s / 300 ms, the login page's code loaded while
// the fields are filled), traced with the V8 sampling profiler from Log in until every record is on the device, while
// typing in the search box as weak-link.bench does. Prints each keystroke's Event Timing (input delay, handler, paint),
// the long animation frames, the requests still on the link during a slow search, the tasks during a slow search, and
// each task over MIN ms with what ran in it and the functions with the most self time in it. For finding what to split;
// not a bench:  node bench/sync-tasks-diag.mjs [MIN=40] [cpu=1]   (needs `node scripts/build.mjs` first; TOP=n
// functions per task, TYPE=0 no typing, LOGIN_WAIT ms before Log in, TRACE_OUT=file to keep the trace)
import { chromium } from 'playwright-core';
import { CHROMIUM, mainThread, profileSamples, selfTimes, signedInOwner, taskContents } from './lib/diag.mjs';
import { startServer } from './lib/server.mjs';
import { countStored } from './lib/web.mjs';

const MIN = Number(process.argv[2] ?? 40);
const CPU = Number(process.argv[3] ?? 1);
const PROFILE = { offline: false, latency: 300, downloadThroughput: 50_000, uploadThroughput: 20_000 };

const server = await startServer({ name: 'synctasks', env: process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {} });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  const { account } = await signedInOwner(server.base);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  await context.addInitScript(() => {
    window.__events = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries())
        window.__events.push(
          `${e.name}@${Math.round(e.startTime)} delay ${Math.round(e.processingStart - e.startTime)} run ${Math.round(e.processingEnd - e.processingStart)} paint ${Math.round(e.duration)}`,
        );
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
    window.__loaf = [];
    try {
      new PerformanceObserver((l) => {
        for (const e of l.getEntries())
          window.__loaf.push(
            `${Math.round(e.startTime)} ${Math.round(e.duration)}ms block ${Math.round(e.blockingDuration)} render ${Math.round(e.startTime + e.duration - e.renderStart)} scripts ${e.scripts.map((x) => `${x.invoker}:${Math.round(x.duration)}`).join(',')}`,
          );
      }).observe({ type: 'long-animation-frame', buffered: true });
    } catch {
      // no long animation frame timing
    }
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (CPU !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PROFILE);
  const reqs = new Map();
  cdp.on('Network.requestWillBeSent', (e) => reqs.set(e.requestId, { url: e.request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 100), at: Date.now() }));
  cdp.on('Network.loadingFinished', (e) => reqs.has(e.requestId) && Object.assign(reqs.get(e.requestId), { end: Date.now(), bytes: e.encodedDataLength }));
  await page.goto(`${server.origin}/login`, { waitUntil: 'commit' });
  await page.locator('input[name="identifier"]').first().waitFor({ state: 'visible', timeout: 120_000 });
  await page.locator('input[name="identifier"]').first().fill(account.username);
  await page.locator('input[name="password"]').first().fill(account.password);
  await page.waitForTimeout(Number(process.env.LOGIN_WAIT ?? 6000));
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'disabled-by-default-v8.cpu_profiler'],
  });
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText(account.firstName, { exact: true }).first().waitFor({ state: 'visible', timeout: 120_000 });
  const shown = Date.now() - t0;
  const total = account.clients + account.invoices;
  let full = null;
  const typing = [];
  const probes = [];
  const box = page.locator('input[type="search"]');
  for (let i = 0; full === null; i++) {
    if ((await countStored(page, ['contacts', 'invoices'])) >= total) full = Date.now() - t0;
    else if (Date.now() - t0 > 120_000) throw new Error('no full sync in 120 s');
    if (process.env.TYPE !== '0' && i % 4 === 0 && full === null) {
      const q = ['Ade', 'Kofi', 'Amina', 'Musa'][typing.length % 4];
      const s = Date.now();
      await page.evaluate((n) => performance.mark(`probe${n}`), typing.length);
      await box.fill('');
      await box.pressSequentially(q, { delay: 0 });
      await page.waitForFunction((w) => document.querySelector('ul li')?.textContent?.includes(w), q, { timeout: 10_000, polling: 'raf' }).catch(() => {});
      typing.push(`${s - t0}:${Date.now() - s}`);
      if (Date.now() - s > 500)
        for (const r of reqs.values())
          if ((r.end ?? Infinity) > s && r.at < Date.now())
            console.log(`  req during probe: ${r.at - s}..${r.end ? r.end - s : '?'} ${r.bytes ?? ''} ${r.url}`);
      probes.push({ from: await page.evaluate((d) => performance.now() - d, Date.now() - s), ms: Date.now() - s });
    }
    await page.waitForTimeout(250);
  }
  await page.waitForTimeout(1000);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  console.log(`client shown ${shown} ms, full sync ${full} ms, typing (at:ms) ${typing.join(' ')}`);
  console.log('t0 in page', await page.evaluate((t) => Math.round(performance.now() - (Date.now() - t)), t0));
  console.log('events', (await page.evaluate(() => window.__events)).join('\n  '));
  console.log('loaf', (await page.evaluate(() => window.__loaf)).join('\n  '));
  const { pid, onMain, nav, tasks } = mainThread(events);
  const { nodes, samples } = profileSamples(events, pid);
  if (process.env.TRACE_OUT) (await import('node:fs')).writeFileSync(process.env.TRACE_OUT, JSON.stringify(events));
  // Page time (ms) → trace ts: navigationStart of the page's last document.
  typing.forEach((x, i) => {
    const ms = Number(x.split(':')[1]);
    const mark = events.find((e) => e.name === `probe${i}` && e.pid === pid);
    if (!mark || ms < 500) return;
    console.log(`slow probe ${i}, ${ms} ms: tasks over 2 ms in it`);
    for (const t of tasks.filter((e) => e.ts >= mark.ts - 20_000 && e.ts <= mark.ts + ms * 1000 && e.dur > 2000))
      console.log(`   +${Math.round((t.ts - mark.ts) / 1000)} ${(t.dur / 1000).toFixed(1)} | ${taskContents(onMain, t, 5).join(' | ')}`);
  });
  let n = 0;
  for (const t of tasks.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')) {
    const d = t.dur / 1000;
    if (d < MIN) continue;
    n++;
    console.log(`${String(Math.round((t.ts - nav) / 1000)).padStart(6)} ms ${d.toFixed(1).padStart(6)} ms | ${taskContents(onMain, t, 6).join(' | ')}`);
    for (const [k, v] of selfTimes(nodes, samples, (ts) => ts >= t.ts && ts <= t.ts + t.dur).slice(0, Number(process.env.TOP ?? 8)))
      console.log(`          ${v.toFixed(1).padStart(6)} ${k}`);
  }
  console.log(`${n} tasks over ${MIN} ms`);
} finally {
  await browser.close();
  server.stop();
}
