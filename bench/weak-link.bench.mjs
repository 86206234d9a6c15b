// The first load on a weak link (issue 16): Chromium with 50 kB/s down, 300 ms latency and a cold cache
// (CDP Network.emulateNetworkConditions), against the built product.
// - /login: when the form is drawn, when it is usable (the quick login script or React has set its fields up: typing and
//   Log in work), when the app has taken it over (React), and the bytes until then.
// - the public invoice link: when the amount due shows (drawn in the HTML), and when the whole page is there.
// - Lighthouse mobile performance (default mobile config, simulated throttling) on both pages: the median of
//   BENCH_LIGHTHOUSE_RUNS runs (5), each run's score and metrics, and the machine's load around them (Total Blocking
//   Time grows with it: other work on the cores stretches every task Lighthouse times). BENCH_LIGHTHOUSE_KES=on adds a
//   shilling invoice's link (M-Pesa form) to them.
// - the first screen's JS and CSS, gzip and brotli, from the built files.
// - the first visit on a new phone (issue 30): an owner with 1,000 clients and 1,000 invoices logs in on the weak
//   link (cold cache): the first client on the list, the list usable, the bytes until then, the full first sync with
//   typing timed meanwhile, the progress text, and the repeat open from the app shell (online and offline);
//   the sizes of real pull pages raw, gzip and brotli. BENCH_FIRST_VISIT=off skips it, =only runs only it.
// Needs `node scripts/build.mjs` first. Writes bench/results/weak-link.json. Figures are reported, not asserted.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { lighthouseMetrics, lighthouseRun, logIn } from './lib/diag.mjs';
import { firstVisit, pullSizes, seedAccount } from './lib/first-visit.mjs';
import { createInvoiceLink, root, signUp, startServer } from './lib/server.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_WEAK_RUNS ?? 3);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const PROFILE = { offline: false, latency: 300, downloadThroughput: 50_000, uploadThroughput: 20_000 };
const FIRST_VISIT = process.env.BENCH_FIRST_VISIT ?? 'on';
const GOALS = {
  login_usable_ms: 2500,
  login_wire_kib: 200,
  invoice_amount_ms: 4000,
  lighthouse_performance: 95,
  first_screen_js_gzip_kb: 150,
  list_after_login_ms: 5000,
  list_after_login_kib: 200,
  full_sync_ms: 30_000,
  repeat_open_ms: 1000,
};
const dist = path.join(root, 'apps', 'web', 'dist');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** Opens `url` in a fresh context (cold cache) on the weak link; resolves when `ready(page)` does. */
async function coldLoad(browser, url, ready) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.send('Network.emulateNetworkConditions', PROFILE);
  const requests = new Map();
  let wire = 0;
  cdp.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, { url: e.request.url, bytes: 0, encoding: '' }));
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.encoding = e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? '';
  });
  cdp.on('Network.loadingFinished', (e) => {
    wire += e.encodedDataLength;
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  const consoleErrors = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
  const firstPaint = await ready.paint(page).then(() => Date.now() - started);
  await ready.done(page);
  const ms = Date.now() - started;
  const wireAtReady = wire;
  // And when the app has taken the screen over (for /login: React's form, seconds after the quick login's).
  const app = ready.app ? await ready.app(page).then(() => ({ app_ms: Date.now() - started, app_wire_kib: kib(wire) })) : {};
  const list = [...requests.values()].map((r) => ({ path: r.url.replace(/^https?:\/\/[^/]+/, ''), kib: kib(r.bytes), encoding: r.encoding }));
  await context.close();
  return { ms, first_paint_ms: firstPaint, wire_kib: kib(wireAtReady), ...app, requests: list.length, files: list, console_errors: consoleErrors };
}

/** Median of RUNS cold loads, with the files of the median run. */
async function measure(browser, url, ready) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await coldLoad(browser, url, ready));
  const mid = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)];
  return {
    median_ms: mid.ms,
    runs_ms: runs.map((r) => r.ms),
    first_paint_ms: median(runs.map((r) => r.first_paint_ms)),
    ...(mid.app_ms !== undefined && { app_ms: mid.app_ms, runs_app_ms: runs.map((r) => r.app_ms), app_wire_kib: mid.app_wire_kib }),
    wire_kib: mid.wire_kib,
    requests: mid.requests,
    files: mid.files,
    console_errors: mid.console_errors,
  };
}

// React has taken an element over when its props are on the node (event handlers attached).
const reactOwns = (selector) => (page) =>
  page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      return !!el && Object.keys(el).some((k) => k.startsWith('__reactProps$'));
    },
    selector,
    { timeout: 120_000, polling: 50 },
  );

/**
 * /login is usable when its fields take typing and Log in logs in: the quick login script has set the drawn form up
 * (form[data-quick="ready"], features/accounts/quick) or React has taken the fields over.
 */
const loginUsable = (page) =>
  page.waitForFunction(
    () => {
      const el = [...document.querySelectorAll('input[name="identifier"]')].find((i) => !i.readOnly && !i.closest('[inert]'));
      return !!el && (!!el.closest('form[data-quick="ready"]') || Object.keys(el).some((k) => k.startsWith('__reactProps$')));
    },
    null,
    { timeout: 120_000, polling: 50 },
  );

const load = () => loadavg().map((x) => Math.round(x * 100) / 100);

/** Lighthouse mobile performance `runs` times (a fresh Chromium each): the median score with its run's metrics, every run. */
async function lighthouseScore(url, runs = LIGHTHOUSE_RUNS, session = null) {
  const scores = [];
  const metrics = [];
  for (let i = 0; i < runs; i++) {
    const { score, fcp_ms, lcp_ms, tbt_ms, cls, si_ms } = lighthouseMetrics((await lighthouseRun(url, { session })).lhr);
    scores.push(score);
    metrics.push({ fcp_ms, lcp_ms, tbt_ms, cls, si_ms, load_1min: load()[0] });
  }
  const mid = scores.indexOf(median(scores));
  return { median: median(scores), runs: scores, metrics: metrics[mid], tbt_runs_ms: metrics.map((m) => m.tbt_ms), runs_metrics: metrics };
}

/** The JS and CSS a page's HTML asks for before anything else, compressed as the server sends them. */
function firstScreen(htmlFile) {
  const html = readFileSync(path.join(dist, htmlFile), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const size = (f, kind) => {
    const buf = readFileSync(path.join(dist, f));
    return kind === 'gz' ? gzipSync(buf, { level: 9 }).length : brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  };
  const sum = (ext, kind) => kib(files.filter((f) => f.endsWith(ext)).reduce((n, f) => n + size(f, kind), 0));
  return {
    js_gzip_kb: sum('.js', 'gz'),
    js_brotli_kb: sum('.js', 'br'),
    css_gzip_kb: sum('.css', 'gz'),
    css_brotli_kb: sum('.css', 'br'),
    html_bytes: Buffer.byteLength(html),
    files,
  };
}

const server = await startServer({ name: 'weak' });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
let failed = false;
const results = {
  measured_at: new Date().toISOString(),
  machine: { cores: cpus().length, load_at_start: load() },
  profile: { ...PROFILE, runs: RUNS, lighthouse_runs: LIGHTHOUSE_RUNS, cache: 'cold (new context per run)' },
  goals: GOALS,
};
try {
  // An invoice whose public link shows 123,456 due.
  const headers = await signUp(server.base);
  const { url: linkUrl } = await createInvoiceLink(server, headers);
  // A shilling invoice: its link also carries the M-Pesa form.
  const kesUrl =
    process.env.BENCH_LIGHTHOUSE_KES === 'on' ? (await createInvoiceLink(server, headers, { currency: 'KES', description: 'Unga, 2 kg' })).url : null;
  const loginUrl = `${server.origin}/login`;

  let signedIn = null;
  if (FIRST_VISIT !== 'off') {
    const seedStarted = Date.now();
    const account = await seedAccount(server.base, { clients: 1000, invoices: 1000 });
    console.log(`seeded 1,000 clients and 1,000 invoices in ${Date.now() - seedStarted} ms`);
    results.pull_sizes = await pullSizes(server.base, account.token);
    signedIn = await logIn(server.base, account);
    console.log('pull answers (KiB):', JSON.stringify(results.pull_sizes));
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const loadBefore = load();
      const run = await firstVisit(browser, server.origin, account, PROFILE, reactOwns, loginUsable);
      runs.push({ ...run, load_before: loadBefore, load_after: load() });
      console.log(
        `first visit: /login usable ${run.login_usable_ms} ms; list usable ${run.list_usable_from_open_ms} ms after opening /login; after Log in: first client ${run.first_client_ms} ms, list usable ${run.list_usable_ms} ms ` +
          `(${run.list_wire.kib} KiB in ${run.list_wire.requests} requests); full sync ${run.full_sync_ms} ms (${run.full_sync_wire.kib} KiB in ` +
          `${run.full_sync_wire.requests} requests); typing ${run.typing_ms.join(', ')} ms; progress ${JSON.stringify(run.progress_texts)}; ` +
          `repeat open ${JSON.stringify(run.repeat_open)}; load ${loadBefore.join(' ')}`,
      );
    }
    const mid = [...runs].sort((a, b) => a.list_usable_ms - b.list_usable_ms)[Math.floor(runs.length / 2)];
    results.first_visit = {
      account: { clients: account.clients, invoices: account.invoices },
      list_usable_after_login_ms: mid.list_usable_ms,
      runs_list_usable_ms: runs.map((r) => r.list_usable_ms),
      runs_full_sync_ms: runs.map((r) => r.full_sync_ms),
      median_run: mid,
      goals: {
        list_ms: GOALS.list_after_login_ms,
        list_kib: GOALS.list_after_login_kib,
        full_sync_ms: GOALS.full_sync_ms,
        repeat_open_ms: GOALS.repeat_open_ms,
      },
    };
  }
  if (FIRST_VISIT === 'only' && process.env.BENCH_LIGHTHOUSE !== 'off') {
    results.lighthouse = { client_list: await lighthouseScore(`${server.origin}/tabs/home`, LIGHTHOUSE_RUNS, signedIn) };
  }
  if (FIRST_VISIT === 'only') throw Object.assign(new Error('only the first visit'), { only: true });

  const login = await measure(browser, loginUrl, {
    paint: (page) => page.locator('input[name="identifier"]').waitFor({ state: 'visible', timeout: 120_000 }),
    done: loginUsable,
    app: reactOwns('input[name="identifier"]'),
  });
  results.login = { usable_ms: login.median_ms, ...login, goal_ms: GOALS.login_usable_ms, goal_wire_kib: GOALS.login_wire_kib };
  console.log(
    `/login drawn after ${login.first_paint_ms} ms, usable after ${login.median_ms} ms (runs ${login.runs_ms.join(', ')}), ${login.wire_kib} KiB; ` +
      `the app took it over after ${login.app_ms} ms (${login.app_wire_kib} KiB); ${login.requests} requests in all`,
  );

  const link = await measure(browser, linkUrl, {
    paint: (page) =>
      page
        .getByText(/123,456/)
        .first()
        .waitFor({ state: 'visible', timeout: 120_000 }),
    // The whole page (the JavaScript one, with the Pay button's status badge) is there.
    done: (page) => page.getByTestId('public-status').waitFor({ state: 'visible', timeout: 120_000 }),
  });
  results.invoice_link = { amount_shown_ms: link.first_paint_ms, page_ready_ms: link.median_ms, ...link, goal_ms: GOALS.invoice_amount_ms };
  console.log(
    `invoice link shows the amount after ${link.first_paint_ms} ms; the whole page after ${link.median_ms} ms (runs ${link.runs_ms.join(', ')}), ${link.wire_kib} KiB in ${link.requests} requests`,
  );

  results.first_screen = {
    login: firstScreen(existsSync(path.join(dist, 'login.html')) ? 'login.html' : 'index.html'),
    invoice_link: firstScreen('pay.html'),
    goal_js_gzip_kb: GOALS.first_screen_js_gzip_kb,
  };
  console.log('first screen:', {
    login: { ...results.first_screen.login, files: undefined },
    invoice_link: { ...results.first_screen.invoice_link, files: undefined },
  });

  if (process.env.BENCH_LIGHTHOUSE !== 'off') {
    const before = load();
    results.lighthouse = { login: await lighthouseScore(loginUrl), invoice_link: await lighthouseScore(linkUrl) };
    if (signedIn) results.lighthouse.client_list = await lighthouseScore(`${server.origin}/tabs/home`, LIGHTHOUSE_RUNS, signedIn);
    if (kesUrl) results.lighthouse.invoice_link_kes = await lighthouseScore(kesUrl);
    Object.assign(results.lighthouse, { goal: GOALS.lighthouse_performance, runs: LIGHTHOUSE_RUNS, load_before: before, load_after: load() });
    const line = (name, r) => `${name}: median ${r.median} (runs ${r.runs.join(', ')}; TBT ${r.tbt_runs_ms.join(', ')} ms)`;
    console.log(
      `Lighthouse mobile performance, median of ${LIGHTHOUSE_RUNS} (load ${before.join(' ')} → ${results.lighthouse.load_after.join(' ')}):`,
      [
        line('/login', results.lighthouse.login),
        results.lighthouse.client_list && line('client list (1,000 clients)', results.lighthouse.client_list),
        line('invoice link', results.lighthouse.invoice_link),
        kesUrl && line('invoice link KES', results.lighthouse.invoice_link_kes),
      ]
        .filter(Boolean)
        .join('; '),
    );
  }
  const fv = results.first_visit?.median_run;
  results.within_goals = {
    ...(fv
      ? {
          list_after_login: fv.list_usable_ms <= GOALS.list_after_login_ms,
          list_after_login_wire: fv.list_wire.kib <= GOALS.list_after_login_kib,
          full_sync: fv.full_sync_ms <= GOALS.full_sync_ms,
          repeat_open: Math.max(...Object.values(fv.repeat_open).map((r) => r.usable_ms)) <= GOALS.repeat_open_ms,
        }
      : {}),
    login_usable: results.login.usable_ms <= GOALS.login_usable_ms,
    login_wire: results.login.wire_kib <= GOALS.login_wire_kib,
    invoice_amount: results.invoice_link.amount_shown_ms <= GOALS.invoice_amount_ms,
    first_screen_js: results.first_screen.login.js_gzip_kb <= GOALS.first_screen_js_gzip_kb,
    ...(results.lighthouse
      ? {
          lighthouse:
            results.lighthouse.login.median >= GOALS.lighthouse_performance &&
            results.lighthouse.invoice_link.median >= GOALS.lighthouse_performance &&
            (!results.lighthouse.client_list || results.lighthouse.client_list.median >= GOALS.lighthouse_performance) &&
            (!results.lighthouse.invoice_link_kes || results.lighthouse.invoice_link_kes.median >= GOALS.lighthouse_performance),
        }
      : {}),
  };
  console.log('within goals:', results.within_goals);
} catch (err) {
  if (!err.only) {
    failed = true;
    console.error(err);
  }
} finally {
  await browser.close();
  server.stop();
}
mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
writeFileSync(path.join(root, 'bench', 'results', 'weak-link.json'), `${JSON.stringify(results, null, 2)}\n`);
if (failed) process.exit(1);
