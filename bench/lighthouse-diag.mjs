// What holds a page's main thread in Lighthouse (mobile, simulated throttling): score, metrics, bootup time per
// script, main-thread work by kind, long tasks, unused JS and the requests. For finding what to cut, not a bench:
//   node bench/lighthouse-diag.mjs [login|invoice|list] [runs]   (needs `node scripts/build.mjs` first)
// list: the client list of a signed-in owner with 1,000 clients and 1,000 invoices on a new phone (as weak-link.bench).
import { lighthouseMetrics, lighthouseRun, short, signedInOwner } from './lib/diag.mjs';
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
  let session = null;
  if (which === 'list') {
    url = `${server.origin}/tabs/home`;
    ({ session } = await signedInOwner(server.base));
  }
  for (let i = 0; i < runs; i++) {
    const { lhr } = await lighthouseRun(url, { session });
    const { score, ...metrics } = lighthouseMetrics(lhr);
    console.log(`\n== ${which} run ${i + 1}: score ${score}`, metrics);
    const a = lhr.audits;
    if (process.env.VERBOSE !== '0') {
      const items = (k) => a[k]?.details?.items ?? [];
      console.log(
        'bootup-time',
        items('bootup-time').map((x) => [short(x.url), Math.round(x.total), Math.round(x.scripting), Math.round(x.scriptParseCompile)]),
      );
      console.log(
        'mainthread',
        items('mainthread-work-breakdown').map((x) => [x.group, Math.round(x.duration)]),
      );
      console.log(
        'long-tasks',
        items('long-tasks').map((x) => [short(x.url), Math.round(x.startTime), Math.round(x.duration)]),
      );
      console.log(
        'unused-js',
        items('unused-javascript').map((x) => [short(x.url), x.totalBytes, x.wastedBytes]),
      );
      console.log(
        'requests',
        items('network-requests').map((x) => [
          short(x.url),
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
  }
} finally {
  server.stop();
}
