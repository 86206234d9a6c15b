// The client list of a signed-in owner on a new phone (as bench/lighthouse-tasks.mjs): each layout shift (what moved,
// from where to where, when) and each LCP candidate, seen by the page's own observers at CPU× slowdown (4 by default).
// For finding what to fix, not a bench: `node bench/paint-diag.mjs` (needs `node scripts/build.mjs` first).
import { chromium } from 'playwright-core';
import { seedAccount } from './lib/first-visit.mjs';
import { startServer } from './lib/server.mjs';

const server = await startServer({ name: 'paintdiag' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const account = await seedAccount(server.base, { clients: 1000, invoices: 1000 });
  const session = await fetch(`${server.base}/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ auth: { email: account.username, password: account.password } }),
  }).then((r) => r.json());
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
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
    const out = (window.__paint = []);
    const desc = (n) => {
      if (!n) return null;
      const e = n.nodeType === 1 ? n : n.parentElement;
      if (!e) return n.nodeName;
      return `${e.tagName.toLowerCase()}${e.className && typeof e.className === 'string' ? '.' + e.className.split(' ').join('.') : ''} "${(e.textContent ?? '').slice(0, 40)}"`;
    };
    new PerformanceObserver((l) =>
      l
        .getEntries()
        .forEach((e) =>
          out.push([
            'shift',
            Math.round(e.startTime),
            e.value.toFixed(4),
            e.sources.map((s) => [desc(s.node), JSON.stringify(s.previousRect), JSON.stringify(s.currentRect)]),
          ]),
        ),
    ).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((l) => l.getEntries().forEach((e) => out.push(['lcp', Math.round(e.startTime), e.size, desc(e.element)]))).observe({
      type: 'largest-contentful-paint',
      buffered: true,
    });
    new PerformanceObserver((l) => l.getEntries().forEach((e) => out.push(['paint', e.name, Math.round(e.startTime)]))).observe({
      type: 'paint',
      buffered: true,
    });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU ?? 4) });
  await page.goto(`${server.origin}/tabs/home`);
  await page.waitForTimeout(Number(process.env.WAIT ?? 8000));
  for (const x of await page.evaluate(() => window.__paint)) console.log(JSON.stringify(x));
} finally {
  await browser.close();
  server.stop();
}
