// What the web diagnostics and weak-link.bench share: an owner signed in on a new phone (the session in local storage,
// the cache cold), a Lighthouse mobile run in a fresh Chromium, its metrics, and the main thread's tasks in a trace.
// Used by bench/lighthouse-diag.mjs, lighthouse-tasks.mjs, paint-diag.mjs, profile-diag.mjs, trace-diag.mjs and
// weak-link.bench.mjs.
import { chromium } from 'playwright-core';
import { seedAccount } from './first-visit.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** A URL without its origin (and without /assets/ when `assets` is set), for short lines. */
export const short = (u, assets = false) => {
  const s = (u ?? '').replace(/^https?:\/\/[^/]+/, '');
  return assets ? s.replace(/^\/assets\//, '') : s;
};

/** Logs `account` (from seedAccount) in through the API: the session the app keeps in local storage. */
export async function logIn(base, account) {
  const res = await fetch(`${base}/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ auth: { email: account.username, password: account.password } }),
  });
  if (!res.ok) throw new Error(`/user_token answered ${res.status}: ${await res.text()}`);
  const session = await res.json();
  return { token: session.jwt, user: session.user };
}

/** An owner with `clients` clients and `invoices` invoices (1,000 each by default), seeded and logged in. */
export async function signedInOwner(base, counts = { clients: 1000, invoices: 1000 }) {
  const account = await seedAccount(base, counts);
  return { account, session: await logIn(base, account) };
}

/** Puts the session where the app looks for it, from a page already on the app's origin. */
export function storeSession(page, session) {
  return page.evaluate((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('user', JSON.stringify(s.user));
    localStorage.setItem('welcome', 'true');
  }, session);
}

/**
 * A page in a fresh context signed in as `session` (set from /api/health, which loads nothing: the cache stays cold),
 * its CPU slowed `cpu`× (as Lighthouse's mobile run: 4) and `initScript` added before the app loads. Returns { page, cdp }.
 */
export async function signedInPage(browser, origin, session, { cpu = 4, initScript, context: options = {} } = {}) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, ...options });
  const page = await context.newPage();
  await page.goto(`${origin}/api/health`);
  await storeSession(page, session);
  if (initScript) await page.addInitScript(initScript);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  return { page, cdp };
}

/**
 * One Lighthouse mobile performance run (default mobile config, simulated throttling) of `url` in a fresh Chromium;
 * signed in as `session` when given (its local storage kept: disableStorageReset). `config` extends the default one.
 */
export async function lighthouseRun(url, { session = null, config } = {}) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    if (session) {
      const cdpBrowser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await cdpBrowser.contexts()[0].newPage();
      await page.goto(new URL('/api/health', url).href);
      await storeSession(page, session);
      await page.close();
      await cdpBrowser.close();
    }
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...(session ? { disableStorageReset: true } : {}) };
    return await lighthouse(url, flags, config);
  } finally {
    await chrome.kill();
  }
}

/** A Lighthouse report's score and metrics (ms; CLS unitless). */
export function lighthouseMetrics(lhr) {
  const a = lhr.audits;
  const ms = (k) => Math.round(a[k]?.numericValue ?? NaN);
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcp_ms: ms('first-contentful-paint'),
    lcp_ms: ms('largest-contentful-paint'),
    tbt_ms: ms('total-blocking-time'),
    si_ms: ms('speed-index'),
    tti_ms: ms('interactive'),
    cls: Number(a['cumulative-layout-shift'].numericValue.toFixed(3)),
  };
}

/** The page's main thread in a trace: the renderer main thread with the most task time; its complete events and navigation start. */
export function mainThread(events) {
  let best = null;
  for (const m of events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')) {
    const total = events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask').reduce((n, e) => n + (e.dur ?? 0), 0);
    if (!best || total > best.total) best = { pid: m.pid, tid: m.tid, total };
  }
  const onMain = events.filter((e) => e.pid === best.pid && e.tid === best.tid && e.ph === 'X');
  const nav = events.find((e) => e.name === 'navigationStart' && e.pid === best.pid)?.ts ?? onMain[0].ts;
  const tasks = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  return { ...best, onMain, nav, tasks };
}

/**
 * Lighthouse's blocking time worked out from the CPU time of each main-thread task instead of its wall time (a trace
 * event's `tdur`): on a loaded machine a 5 ms task waits behind other processes and its wall time is what the load
 * makes it, its CPU time is not. Each task from the observed first paint on counts as Lighthouse's simulation counts it:
 * 4× (the mobile CPU) less 50 ms. Returns that sum (ms) and the number of tasks over 12.5 ms of CPU. For comparing
 * builds on a shared machine; not Lighthouse's figure.
 */
export function cpuBlocking(result) {
  const events = result.artifacts?.Trace?.traceEvents;
  if (!events) return null;
  const { tasks, nav } = mainThread(events);
  const fcp = result.lhr.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint ?? 0;
  let ms = 0;
  let count = 0;
  for (const t of tasks) {
    if (t.name !== 'RunTask' || (t.ts - nav) / 1000 < fcp || t.tdur === undefined) continue;
    const cpu = t.tdur / 1000;
    if (cpu > 12.5) count++;
    ms += Math.max(0, cpu * 4 - 50);
  }
  return { cpu_tbt_ms: Math.round(ms), cpu_long: count };
}

/** What ran inside `task`: the longest event of each kind (name, type, script URL, function), ms, longest first. */
export function taskContents(onMain, task, top = 6) {
  const kinds = {};
  for (const e of onMain) {
    if (e === task || e.ts < task.ts || e.ts + e.dur > task.ts + task.dur || e.dur <= 500) continue;
    const d = e.args?.data;
    const key = e.name + (d?.type ? `:${d.type}` : '') + (d?.url ? ` ${short(d.url, true)}` : '') + (d?.functionName ? ` ${d.functionName}` : '');
    kinds[key] = Math.max(kinds[key] ?? 0, e.dur / 1000);
  }
  return Object.entries(kinds)
    .sort((x, y) => y[1] - x[1])
    .slice(0, top)
    .map(([k, v]) => `${k} ${v.toFixed(1)}`);
}

/** Self time (ms) by function ("name file:line:col") of a CPU profile's samples, longest first; `within(ts)` filters by sample time (µs). */
export function selfTimes(nodes, samples, within = () => true) {
  const self = new Map();
  for (let i = 0; i < samples.length; i++) {
    const [t, id, dt] = samples[i];
    if (!within(t)) continue;
    const f = nodes.get(id)?.callFrame;
    if (!f || f.functionName === '(idle)' || f.functionName === '(program)') continue;
    const key = `${f.functionName || '(anon)'} ${short(f.url, true)}:${f.lineNumber}:${f.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + dt / 1000);
  }
  return [...self.entries()].sort((a, b) => b[1] - a[1]);
}

/** The trace's ProfileChunk samples of process `pid`: the nodes by id and [ts, nodeId, µs until the next] samples. */
export function profileSamples(events, pid) {
  const nodes = new Map();
  const samples = [];
  let ts = events.find((e) => e.name === 'Profile' && e.pid === pid)?.args?.data?.startTime ?? 0;
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid) continue;
    const p = e.args?.data?.cpuProfile ?? {};
    for (const n of p.nodes ?? []) nodes.set(n.id, n);
    const deltas = e.args?.data?.timeDeltas ?? [];
    (p.samples ?? []).forEach((id, i) => {
      ts += deltas[i] ?? 0;
      samples.push([ts, id, 0]);
    });
  }
  samples.sort((a, b) => a[0] - b[0]);
  for (let i = 0; i < samples.length - 1; i++) samples[i][2] = Math.min(samples[i + 1][0] - samples[i][0], 2000);
  return { nodes, samples };
}
