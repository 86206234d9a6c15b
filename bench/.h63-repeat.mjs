import { chromium } from 'playwright-core';
import { seedAccount } from '/work/wt/firstvisit/bench/lib/first-visit.mjs';
import { startServer } from '/work/wt/firstvisit/bench/lib/server.mjs';
const PROFILE = { offline: false, latency: 300, downloadThroughput: 50_000, uploadThroughput: 20_000 };
const server = await startServer({ name: 'repdiag' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const account = await seedAccount(server.base, { clients: 1000, invoices: 1000 });
  const session = await fetch(`${server.base}/user_token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ auth: { email: account.username, password: account.password } }) }).then((r) => r.json());
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto(`${server.origin}/api/health`);
  await page.evaluate((s) => { localStorage.setItem('token', s.token); localStorage.setItem('user', JSON.stringify(s.user)); localStorage.setItem('welcome', 'true'); localStorage.setItem('duka:sw-now', '1'); }, { token: session.jwt, user: session.user });
  await page.goto(`${server.origin}/tabs/home`);
  await page.getByText(account.firstName, { exact: true }).first().waitFor({ timeout: 60000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller || navigator.serviceWorker.ready.then(() => true), null, { timeout: 90000 });
  await page.waitForTimeout(6000);
  await page.reload(); await page.waitForTimeout(3000);
  await context.addInitScript(() => {
    const t = (window.__t = []);
    const mark = (n) => t.push([n, Math.round(performance.now())]);
    const o = indexedDB.open.bind(indexedDB);
    indexedDB.open = (...a) => { mark('idb.open ' + a[0]); const r = o(...a); r.addEventListener('success', () => mark('idb.success ' + a[0])); return r; };
    const st = window.setTimeout;
    window.setTimeout = function (f, ms, ...a) { if (ms >= 20 && ms <= 300) { const at = Math.round(performance.now()); mark(`timer ${Math.round(ms)} set`); return st.call(window, (...b) => { mark(`timer ${Math.round(ms)} from ${at} fired`); return typeof f === 'function' ? f(...b) : undefined; }, ms, ...a); } return st.call(window, f, ms, ...a); };
    const ga = IDBObjectStore.prototype.getAll;
    IDBObjectStore.prototype.getAll = function (...a) { mark('getAll ' + this.name); const r = ga.apply(this, a); r.addEventListener('success', () => mark('got ' + this.name)); return r; };
    const ga2 = IDBIndex.prototype.getAll;
    IDBIndex.prototype.getAll = function (...a) { mark('igetAll ' + this.objectStore.name); return ga2.apply(this, a); };
    new MutationObserver(() => { if (!t.some((x) => x[0] === 'li') && document.querySelector('main ul li')) mark('li'); if (!t.some((x) => x[0] === 'root') && document.querySelector('#root > *')) mark('root'); }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((l) => l.getEntries().forEach((e) => mark(`long ${Math.round(e.duration)}`))).observe({ type: 'longtask', buffered: true });
  });
  for (const mode of ['online', 'offline', 'online', 'offline']) {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { ...PROFILE, offline: mode === 'offline' });
    const started = Date.now();
    await tab.goto(`${server.origin}/tabs/home`, { waitUntil: 'commit' });
    await tab.getByText(account.firstName, { exact: true }).first().waitFor({ timeout: 60000 });
    const shown = Date.now() - started;
    const marks = await tab.evaluate(() => ({ t: [...window.__t, ['mark', performance.getEntriesByName('duka:storage-start').map((m) => Math.round(m.startTime))]], nav: performance.getEntriesByType('navigation').map((n) => [Math.round(n.workerStart), Math.round(n.fetchStart), Math.round(n.responseEnd), Math.round(n.domInteractive)])[0], res: performance.getEntriesByType('resource').map((r) => [r.name.replace(/^https?:\/\/[^/]+/, '').slice(0, 40), Math.round(r.startTime), Math.round(r.responseEnd)]) }));
    console.log(mode, shown, JSON.stringify(marks.nav), JSON.stringify(marks.t));
    if (process.env.RES) console.log(JSON.stringify(marks.res));
    await tab.close();
  }
} finally { await browser.close(); server.stop(); }
