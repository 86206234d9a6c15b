// The client list of a signed-in owner on a new phone (as bench/lighthouse-tasks.mjs): each layout shift (what moved,
// from where to where, when) and each LCP candidate, seen by the page's own observers at CPU× slowdown (4 by default).
// For finding what to fix, not a bench: `node bench/paint-diag.mjs` (needs `node scripts/build.mjs` first).
import { chromium } from 'playwright-core';
import { CHROMIUM, signedInOwner, signedInPage } from './lib/diag.mjs';
import { startServer } from './lib/server.mjs';

const server = await startServer({ name: 'paintdiag' });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  const { session } = await signedInOwner(server.base);
  const { page } = await signedInPage(browser, server.origin, session, {
    cpu: Number(process.env.CPU ?? 4),
    context: { deviceScaleFactor: 1.75, isMobile: true },
    initScript: () => {
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
    },
  });
  await page.goto(`${server.origin}/tabs/home`);
  await page.waitForTimeout(Number(process.env.WAIT ?? 8000));
  for (const x of await page.evaluate(() => window.__paint)) console.log(JSON.stringify(x));
} finally {
  await browser.close();
  server.stop();
}
