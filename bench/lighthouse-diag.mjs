// What holds a page's main thread in Lighthouse (mobile, simulated throttling): score, metrics, bootup time per
// script, main-thread work by kind, long tasks, unused JS and the requests. For finding what to cut, not a bench:
//   node bench/lighthouse-diag.mjs [login|invoice|list] [runs]   (needs `node scripts/build.mjs` first)
// list: the client list of a signed-in owner with 1,000 clients and 1,000 invoices on a new phone (as weak-link.bench).
import { chromium } from 'playwright-core';
import { seedAccount } from './lib/first-visit.mjs';
import { createInvoiceLink, signUp, startServer } from './lib/server.mjs';

const which = process.argv[2] ?? 'invoice';
const runs = Number(process.argv[3] ?? 1);
const server = await startServer({ name: 'lhdiag' });
try {
  let url = `${server.origin}/login`;
  if (which === 'invoice') {
    const headers = await signUp(server.base);
    url = (await createInvoiceLink(server, headers, { currency: process.env.CURRENCY ?? 'NGN' })).url;
  }
  let signedIn = null;
  if (which === 'list') {
    url = `${server.origin}/tabs/home`;
    const account = await seedAccount(server.base, { clients: 1000, invoices: 1000 });
    const session = await fetch(`${server.base}/user_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ auth: { email: account.username, password: account.password } }),
    }).then((r) => r.json());
    signedIn = { token: session.jwt, user: session.user };
  }
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    try {
      if (signedIn) {
        // Signed in as weak-link.bench's client list run: the token in local storage, the cache left cold.
        const cdpBrowser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        const page = await cdpBrowser.contexts()[0].newPage();
        await page.goto(new URL('/api/health', url).href);
        await page.evaluate((s) => {
          localStorage.setItem('token', s.token);
          localStorage.setItem('user', JSON.stringify(s.user));
          localStorage.setItem('welcome', 'true');
        }, signedIn);
        await page.close();
        await cdpBrowser.close();
      }
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        ...(signedIn ? { disableStorageReset: true } : {}),
      });
      const a = lhr.audits;
      const ms = (k) => Math.round(a[k].numericValue);
      console.log(`\n== ${which} run ${i + 1}: score ${Math.round(lhr.categories.performance.score * 100)}`, {
        fcp: ms('first-contentful-paint'),
        lcp: ms('largest-contentful-paint'),
        tbt: ms('total-blocking-time'),
        si: ms('speed-index'),
        cls: a['cumulative-layout-shift'].numericValue,
      });
      if (process.env.VERBOSE !== '0') {
        const items = (k) => a[k]?.details?.items ?? [];
        console.log(
          'bootup-time',
          items('bootup-time').map((x) => [
            x.url.replace(/^https?:\/\/[^/]+/, ''),
            Math.round(x.total),
            Math.round(x.scripting),
            Math.round(x.scriptParseCompile),
          ]),
        );
        console.log(
          'mainthread',
          items('mainthread-work-breakdown').map((x) => [x.group, Math.round(x.duration)]),
        );
        console.log(
          'long-tasks',
          items('long-tasks').map((x) => [x.url.replace(/^https?:\/\/[^/]+/, ''), Math.round(x.startTime), Math.round(x.duration)]),
        );
        console.log(
          'unused-js',
          items('unused-javascript').map((x) => [x.url.replace(/^https?:\/\/[^/]+/, ''), x.totalBytes, x.wastedBytes]),
        );
        console.log(
          'requests',
          items('network-requests').map((x) => [
            x.url.replace(/^https?:\/\/[^/]+/, ''),
            x.transferSize,
            Math.round(x.networkRequestTime ?? x.startTime),
            Math.round(x.networkEndTime ?? x.endTime),
            x.priority,
          ]),
        );
        console.log(
          'lcp-element',
          JSON.stringify(
            a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ??
              a['largest-contentful-paint-element']?.details?.items?.[0]?.node?.snippet,
          ),
        );
        console.log(
          'failing audits',
          Object.values(a)
            .filter((x) => typeof x.score === 'number' && x.score < 0.9 && x.scoreDisplayMode !== 'informative')
            .map((x) => [x.id, x.score, x.displayValue ?? '']),
        );
        console.log('layout-shifts', JSON.stringify(items('layout-shifts').map((x) => [x.score, x.node?.snippet?.slice(0, 160), x.node?.selector])));
        console.log(
          'render-blocking',
          items('render-blocking-resources').map((x) => [x.url, x.wastedMs]),
        );
      }
    } finally {
      await chrome.kill();
    }
  }
} finally {
  server.stop();
}
