// What holds a page's main thread in Lighthouse (mobile, simulated throttling): score, metrics, bootup time per
// script, main-thread work by kind, long tasks, unused JS and the requests. For finding what to cut, not a bench:
//   node bench/lighthouse-diag.mjs [login|invoice] [runs]   (needs `node scripts/build.mjs` first)
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
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
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
