// Main-thread tasks of a cold load of the public invoice link in Chromium (no throttling): every top-level task over
// MIN ms with what ran in it. For finding what to split; not a bench. `node bench/trace-diag.mjs [MIN]`.
import { chromium } from 'playwright-core';
import { CHROMIUM, mainThread, taskContents } from './lib/diag.mjs';
import { createInvoiceLink, signUp, startServer } from './lib/server.mjs';

const MIN = Number(process.argv[2] ?? 3);
const server = await startServer({ name: 'trace' });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  const headers = await signUp(server.base);
  const url = process.env.URL ?? (await createInvoiceLink(server, headers, { currency: process.env.CURRENCY ?? 'NGN' })).url;
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'disabled-by-default-v8.compile', 'blink.user_timing'],
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(Number(process.env.WAIT ?? 8000));
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  const { pid, tid, onMain, nav, tasks } = mainThread(events);
  let total = 0;
  for (const t of tasks) {
    const ms = t.dur / 1000;
    if (ms < MIN) continue;
    total += ms;
    if (process.env.STACKS && ms > 20) {
      const all = events.filter((e) => e.pid === pid && e.tid === tid && e.ts >= t.ts && e.ts <= t.ts + t.dur);
      for (const e of all) {
        const st = e.args?.data?.stackTrace ?? e.args?.beginData?.stackTrace ?? e.args?.stackTrace;
        if (e.name.startsWith('V8.CollectSourcePositions') || st || process.env.STACKS === 'all')
          console.log(
            '   ',
            ((e.ts - t.ts) / 1000).toFixed(1),
            e.name,
            e.dur ? (e.dur / 1000).toFixed(1) : '',
            st ? JSON.stringify(st.slice(0, 3).map((f) => `${f.functionName}@${(f.url ?? '').replace(/^.*\//, '')}:${f.lineNumber}:${f.columnNumber}`)) : '',
          );
      }
    }
    console.log(`${((t.ts - nav) / 1000).toFixed(0).padStart(6)} ms  ${ms.toFixed(1).padStart(6)} ms  ${taskContents(onMain, t).join(' | ')}`);
  }
  console.log('sum of tasks over', MIN, 'ms:', total.toFixed(1));
} finally {
  await browser.close();
  server.stop();
}
