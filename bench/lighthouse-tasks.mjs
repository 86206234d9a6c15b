// What the long tasks are in Lighthouse's own run of the client list (mobile, simulated throttling): Lighthouse's trace
// (with the V8 sampling profiler added), each main-thread task over MIN ms (observed; Lighthouse counts them 4× as long)
// with the events in it and the functions that ran longest in it. For finding what to cut, not a bench:
//   node bench/lighthouse-tasks.mjs [MIN] [runs]   (needs `node scripts/build.mjs` first)
// The scenario is weak-link.bench's list run: an owner with 1,000 clients and 1,000 invoices signed in on a new phone.
import { chromium } from 'playwright-core';
import { seedAccount } from './lib/first-visit.mjs';
import { startServer } from './lib/server.mjs';

const MIN = Number(process.argv[2] ?? 12);
const runs = Number(process.argv[3] ?? 1);
const short = (u) => (u ?? '').replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '');

/** Self time by function inside [from, to] (µs, trace clock) from the trace's ProfileChunk samples. */
function profiler(events, pid) {
  const nodes = new Map();
  const samples = []; // [ts, nodeId]
  let ts = events.find((e) => e.name === 'Profile' && e.pid === pid)?.args?.data?.startTime ?? 0;
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid) continue;
    const p = e.args?.data?.cpuProfile ?? {};
    for (const n of p.nodes ?? []) nodes.set(n.id, n);
    const deltas = e.args?.data?.timeDeltas ?? [];
    (p.samples ?? []).forEach((id, i) => {
      ts += deltas[i] ?? 0;
      samples.push([ts, id]);
    });
  }
  return (from, to) => {
    const self = new Map();
    for (let i = 0; i < samples.length; i++) {
      const [t, id] = samples[i];
      if (t < from || t > to) continue;
      const next = samples[i + 1]?.[0] ?? t;
      const f = nodes.get(id)?.callFrame;
      if (!f || f.functionName === '(idle)' || f.functionName === '(program)') continue;
      const key = `${f.functionName || '(anon)'} ${short(f.url)}:${f.lineNumber}:${f.columnNumber}`;
      self.set(key, (self.get(key) ?? 0) + Math.min(next - t, 2000) / 1000);
    }
    return [...self.entries()].sort((a, b) => b[1] - a[1]);
  };
}

const server = await startServer({ name: 'lhtasks' });
try {
  const account = await seedAccount(server.base, { clients: 1000, invoices: 1000 });
  const session = await fetch(`${server.base}/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ auth: { email: account.username, password: account.password } }),
  }).then((r) => r.json());
  const url = `${server.origin}/tabs/home`;
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  for (let r = 0; r < runs; r++) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const cdpBrowser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await cdpBrowser.contexts()[0].newPage();
      await page.goto(new URL('/api/health', url).href);
      await page.evaluate(
        (s) => {
          localStorage.setItem('token', s.token);
          localStorage.setItem('user', JSON.stringify(s.user));
          localStorage.setItem('welcome', 'true');
        },
        { token: session.jwt, user: session.user },
      );
      await page.close();
      await cdpBrowser.close();
      const result = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
        process.env.PROFILE === '0'
          ? undefined
          : { extends: 'lighthouse:default', settings: { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } },
      );
      const a = result.lhr.audits;
      const ms = (k) => Math.round(a[k].numericValue);
      console.log(`\n== run ${r + 1}: score ${Math.round(result.lhr.categories.performance.score * 100)}`, {
        fcp: ms('first-contentful-paint'),
        lcp: ms('largest-contentful-paint'),
        tbt: ms('total-blocking-time'),
        si: ms('speed-index'),
        tti: ms('interactive'),
        cls: Number(a['cumulative-layout-shift'].numericValue.toFixed(3)),
      });
      const m = a.metrics?.details?.items?.[0] ?? {};
      console.log('observed', {
        fcp: m.observedFirstContentfulPaint,
        lcp: m.observedLargestContentfulPaint,
        load: m.observedLoad,
        lastVisualChange: m.observedLastVisualChange,
      });
      console.log('lcp-element', JSON.stringify(a['largest-contentful-paint-element']?.details?.items?.map((t) => t.items?.map((x) => x.node?.snippet ?? x))));
      if (process.env.REQUESTS !== '0')
        for (const x of a['network-requests']?.details?.items ?? [])
          console.log(
            '  req',
            String(Math.round(x.networkRequestTime)).padStart(6),
            String(Math.round(x.networkEndTime)).padStart(6),
            String(x.transferSize).padStart(7),
            x.priority,
            x.resourceType,
            short(x.url).slice(0, 90),
          );
      const events = result.artifacts.Trace.traceEvents;
      const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
      // The page's main thread: the renderer main thread with the most task time.
      let best = null;
      for (const m of mains) {
        const total = events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask').reduce((n, e) => n + (e.dur ?? 0), 0);
        if (!best || total > best.total) best = { pid: m.pid, tid: m.tid, total };
      }
      const onMain = events.filter((e) => e.pid === best.pid && e.tid === best.tid && e.ph === 'X');
      const nav = events.find((e) => e.name === 'navigationStart' && e.pid === best.pid)?.ts ?? onMain[0].ts;
      const marks = events
        .filter((e) => e.pid === best.pid && (e.cat ?? '').includes('blink.user_timing') && (e.ph === 'R' || e.ph === 'I' || e.ph === 'b'))
        .map((e) => `${e.name}@${Math.round((e.ts - nav) / 1000)}`);
      if (marks.length) console.log('marks', marks.join(' '));
      const self = profiler(events, best.pid);
      let blocking = 0;
      for (const t of onMain.filter((e) => e.name === 'RunTask')) {
        const d = t.dur / 1000;
        if (d < MIN) continue;
        blocking += Math.max(0, d * 4 - 50);
        const inside = onMain.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e.dur > 1000);
        const kinds = {};
        for (const e of inside) {
          const d2 = e.args?.data;
          const key = e.name + (d2?.type ? `:${d2.type}` : '') + (d2?.url ? ` ${short(d2.url)}` : '') + (d2?.functionName ? ` ${d2.functionName}` : '');
          kinds[key] = Math.max(kinds[key] ?? 0, e.dur / 1000);
        }
        const top = Object.entries(kinds)
          .sort((x, y) => y[1] - x[1])
          .slice(0, 5)
          .map(([k, v]) => `${k} ${v.toFixed(0)}`);
        console.log(`${String(Math.round((t.ts - nav) / 1000)).padStart(6)} ms ${d.toFixed(1).padStart(6)} ms | ${top.join(' | ')}`);
        for (const [k, v] of self(t.ts, t.ts + t.dur).slice(0, Number(process.env.TOP ?? 6))) console.log(`          ${v.toFixed(1).padStart(6)} ${k}`);
      }
      console.log(`tasks over ${MIN} ms: 4× less 50 ms each sums to ${Math.round(blocking)} ms (Lighthouse counts only those between FCP and TTI)`);
      console.log('layout-shifts', JSON.stringify((a['layout-shifts']?.details?.items ?? []).map((x) => [x.score, x.node?.selector])));
    } finally {
      await chrome.kill();
    }
  }
} finally {
  server.stop();
}
