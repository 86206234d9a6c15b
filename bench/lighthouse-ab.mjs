// Lighthouse mobile medians of two (or more) built trees, run alternately (A, B, A, B, …) so the machine's load weighs on both
// alike: /login, the invoice link and the client list (1,000 clients and 1,000 invoices, a new phone), with the load
// before and after each run. For deciding whether a change to start-up helps, on a shared machine:
//   node bench/lighthouse-ab.mjs <treeA> <treeB> [<treeC> …] [runs=5] [pages=login,invoice,list]
// Each tree needs `node scripts/build.mjs` first (its apps/server/dist/main.js and apps/web/dist are used).
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { cpuBlocking, lighthouseMetrics, lighthouseRun, signedInOwner } from './lib/diag.mjs';
import { createInvoiceLink, signUp, startServer } from './lib/server.mjs';

const args = process.argv.slice(2);
const trees = args.filter((a) => existsSync(a)).map((t) => path.resolve(t));
if (trees.length < 2) {
  console.error('usage: node bench/lighthouse-ab.mjs <treeA> <treeB> [<treeC> …] [runs] [pages]');
  process.exit(1);
}
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 5);
const pages = (args.find((a) => !existsSync(a) && !/^\d+$/.test(a)) ?? 'login,invoice,list').split(',');
/** A tree's name in the lines: its folder's name, or its parent's when that is not unique. */
const name = (t) => path.basename(t);
const load = () => loadavg()[0].toFixed(1);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const sides = [];
try {
  for (const tree of trees) {
    process.env.DUKA_SERVER_MAIN = path.join(tree, 'apps/server/dist/main.js');
    const server = await startServer({ name: 'lhab', env: { WEB_DIST: path.join(tree, 'apps/web/dist') } });
    const side = { tree, server, urls: {}, session: null, results: {} };
    sides.push(side);
    side.urls.login = `${server.origin}/login`;
    if (pages.includes('invoice')) side.urls.invoice = (await createInvoiceLink(server, await signUp(server.base))).url;
    if (pages.includes('list')) {
      side.urls.list = `${server.origin}/tabs/home`;
      ({ session: side.session } = await signedInOwner(server.base));
    }
  }
  for (const page of pages) {
    for (let i = 0; i < runs; i++) {
      for (const side of sides) {
        const before = load();
        const result = await lighthouseRun(side.urls[page], { session: page === 'list' ? side.session : null });
        const m = { ...lighthouseMetrics(result.lhr), ...cpuBlocking(result), load: `${before}→${load()}` };
        (side.results[page] ??= []).push(m);
        console.log(page, i + 1, name(side.tree), JSON.stringify(m));
      }
    }
  }
  console.log('\nmedians (score; TBT ms; LCP ms; TBT worked out from CPU time, see lib/diag.mjs cpuBlocking):');
  for (const page of pages) {
    for (const side of sides) {
      const r = side.results[page];
      console.log(
        `${page.padEnd(8)} ${name(side.tree).padEnd(12)} median ${median(r.map((x) => x.score))} [${r.map((x) => x.score).join(' ')}]` +
          `  TBT ${median(r.map((x) => x.tbt_ms))} [${r.map((x) => x.tbt_ms).join(' ')}]  LCP ${median(r.map((x) => x.lcp_ms))} [${r.map((x) => x.lcp_ms).join(' ')}]` +
          `  CPU TBT ${median(r.map((x) => x.cpu_tbt_ms))} [${r.map((x) => x.cpu_tbt_ms).join(' ')}]`,
      );
    }
  }
} finally {
  for (const side of sides) side.server.stop();
}
