// What the long tasks are in Lighthouse's own run of the client list (mobile, simulated throttling): Lighthouse's trace
// (with the V8 sampling profiler added), each main-thread task over MIN ms (observed; Lighthouse counts them 4× as long)
// with the events in it and the functions that ran longest in it. For finding what to cut, not a bench:
//   node bench/lighthouse-tasks.mjs [MIN] [runs]   (needs `node scripts/build.mjs` first)
// The scenario is weak-link.bench's list run: an owner with 1,000 clients and 1,000 invoices signed in on a new phone.
import { lighthouseMetrics, lighthouseRun, mainThread, profileSamples, selfTimes, short, signedInOwner, taskContents } from './lib/diag.mjs';
import { startServer } from './lib/server.mjs';

const MIN = Number(process.argv[2] ?? 12);
const runs = Number(process.argv[3] ?? 1);

const server = await startServer({ name: 'lhtasks' });
try {
  const { session } = await signedInOwner(server.base);
  const url = `${server.origin}/tabs/home`;
  for (let r = 0; r < runs; r++) {
    const result = await lighthouseRun(url, {
      session,
      config:
        process.env.PROFILE === '0'
          ? undefined
          : { extends: 'lighthouse:default', settings: { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } },
    });
    const a = result.lhr.audits;
    const { score, ...metrics } = lighthouseMetrics(result.lhr);
    console.log(`\n== run ${r + 1}: score ${score}`, metrics);
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
          short(x.url, true).slice(0, 90),
        );
    const events = result.artifacts.Trace.traceEvents;
    const { pid, onMain, nav, tasks } = mainThread(events);
    const marks = events
      .filter((e) => e.pid === pid && (e.cat ?? '').includes('blink.user_timing') && (e.ph === 'R' || e.ph === 'I' || e.ph === 'b'))
      .map((e) => `${e.name}@${Math.round((e.ts - nav) / 1000)}`);
    if (marks.length) console.log('marks', marks.join(' '));
    const { nodes, samples } = profileSamples(events, pid);
    let blocking = 0;
    for (const t of tasks.filter((e) => e.name === 'RunTask')) {
      const d = t.dur / 1000;
      if (d < MIN) continue;
      blocking += Math.max(0, d * 4 - 50);
      console.log(`${String(Math.round((t.ts - nav) / 1000)).padStart(6)} ms ${d.toFixed(1).padStart(6)} ms | ${taskContents(onMain, t, 5).join(' | ')}`);
      const inTask = selfTimes(nodes, samples, (ts) => ts >= t.ts && ts <= t.ts + t.dur);
      for (const [k, v] of inTask.slice(0, Number(process.env.TOP ?? 6))) console.log(`          ${v.toFixed(1).padStart(6)} ${k}`);
    }
    console.log(`tasks over ${MIN} ms: 4× less 50 ms each sums to ${Math.round(blocking)} ms (Lighthouse counts only those between FCP and TTI)`);
    console.log('layout-shifts', JSON.stringify((a['layout-shifts']?.details?.items ?? []).map((x) => [x.score, x.node?.selector])));
  }
} finally {
  server.stop();
}
