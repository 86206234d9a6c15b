// The first visit on a new phone (issue 30), measured by weak-link.bench.mjs: an owner with 1,000 clients and 1,000
// invoices opens /login on a weak link with a cold cache, logs in, and waits for the client list; the full first sync
// then runs in the background (progress in the header) while the owner types; then the same phone opens the app again.
import { randomUUID } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { countStored } from './web.mjs';

const FIRST = ['Ade', 'Ngozi', 'Kofi', 'Wanjiru', 'Thabo', 'Amina', 'Chinedu', 'Zainab', 'Musa', 'Fatima', 'Baraka', 'Imani'];
const LAST = ['Okafor', 'Mensah', 'Otieno', 'Dlamini', 'Bello', 'Kamau', 'Nkosi', 'Abubakar', 'Banda', 'Tesfaye', 'Mwangi'];
const CITIES = ['Lagos', 'Nairobi', 'Accra', 'Kampala', 'Mombasa', 'Kumasi', 'Abuja', 'Arusha'];
const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** An owner (username and password to type at /login) with `clients` clients and `invoices` invoices, seeded through /sync/push. */
export async function seedAccount(base, { clients = 1000, invoices = 1000 } = {}) {
  const suffix = randomUUID().slice(0, 8);
  const username = `owner_${suffix}`;
  const password = 'correct horse battery';
  const call = async (p, body, token) => {
    const res = await fetch(`${base}${p}`, {
      method: body ? 'POST' : 'GET',
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const signed = await call('/users', {
    user: { name: 'Amina Bello', username, email: `${username}@example.com`, password, company_name: 'Bello Stores', country: 'Nigeria' },
  });
  const token = signed.token;
  const contactIds = [];
  const mutations = [];
  for (let i = 0; i < clients; i++) {
    const id = randomUUID();
    contactIds.push(id);
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]} ${i + 1}`;
    mutations.push({
      mutation_id: randomUUID(),
      collection: 'contacts',
      op: 'upsert',
      id,
      data: {
        name,
        email: `${name.toLowerCase().replace(/ /g, '.')}@example.com`,
        phone: `+23480${String(31230000 + i).padStart(8, '0')}`,
        city: CITIES[i % CITIES.length],
        address: `${10 + (i % 90)} Market Road`,
        country: 'Nigeria',
      },
    });
  }
  for (let n = 1; n <= invoices; n++) {
    const lines = Array.from({ length: 1 + (n % 3) }, (_, i) => ({
      id: randomUUID(),
      description: ['Rice, 50 kg bag', 'Cooking oil, 5 l', 'Sugar, 1 kg', 'Delivery'][(n + i) % 4],
      quantity: 1 + (i % 3),
      unit_price: 150_000 + ((n * 37 + i * 1250) % 90_000),
      fee_ids: [],
    }));
    const day = String((n % 28) + 1).padStart(2, '0');
    const month = String((n % 11) + 1).padStart(2, '0');
    mutations.push({
      mutation_id: randomUUID(),
      collection: 'invoices',
      op: 'upsert',
      id: randomUUID(),
      data: {
        contact_id: contactIds[n % contactIds.length],
        issue_date: `2026-${month}-${day}`,
        due_date: `2026-${month}-28`,
        currency: 'NGN',
        lines,
        ...(n % 3 === 0 ? { sent_at: `2026-${month}-${day}T09:00:00Z` } : {}),
      },
    });
  }
  for (let i = 0; i < mutations.length; i += 500) {
    const { results } = await call('/sync/push', { mutations: mutations.slice(i, i + 500) }, token);
    const bad = results.find((r) => r.status === 'rejected');
    if (bad) throw new Error(`seed refused: ${JSON.stringify(bad)}`);
  }
  const firstName = mutations
    .filter((m) => m.collection === 'contacts')
    .map((m) => m.data.name)
    .sort((a, b) => a.localeCompare(b))[0];
  return { username, password, token, firstName, clients, invoices };
}

/** One real pull page and one first page: raw JSON, gzip (6, as the server sends it) and brotli (4 as sent, 11), and what the server sent. */
export async function pullSizes(base, token) {
  const out = {};
  const urls = {
    contacts_pull_500: '/sync/pull?collection=contacts&since=0&limit=500',
    invoices_pull_500: '/sync/pull?collection=invoices&since=0&limit=500',
    contacts_first_50: '/sync/first?collection=contacts&limit=50',
    invoices_first_50: '/sync/first?collection=invoices&limit=50',
  };
  for (const [name, p] of Object.entries(urls)) {
    const plain = await fetch(`${base}${p}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
    const raw = Buffer.from(await plain.arrayBuffer());
    if (!plain.ok) {
      out[name] = { status: plain.status };
      continue;
    }
    const sent = {};
    for (const enc of ['br', 'gzip']) {
      const res = await fetch(`${base}${p}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': enc } });
      // fetch decodes; the size on the wire is the content-length when the server set one, else measured here.
      sent[enc] = { encoding: res.headers.get('content-encoding'), length: Number(res.headers.get('content-length')) || null };
      await res.arrayBuffer();
    }
    out[name] = {
      records: JSON.parse(raw.toString()).records.length,
      raw_kib: kib(raw.length),
      gzip6_kib: kib(gzipSync(raw, { level: 6 }).length),
      gzip9_kib: kib(gzipSync(raw, { level: 9 }).length),
      br4_kib: kib(brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length),
      br6_kib: kib(brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }).length),
      br11_kib: kib(brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length),
      server_sends: sent,
    };
  }
  return out;
}

// Long tasks on the main thread (what makes typing stall), collected from the first document on.
const LONG_TASKS = () => {
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ at: Math.round(e.startTime), ms: Math.round(e.duration) });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no long task timing
  }
};

/** A throttled cold context that counts the bytes and requests on the wire, with marks to read the wire at. */
async function weakContext(browser, profile) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' });
  await context.addInitScript(LONG_TASKS);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', profile);
  const wire = { bytes: 0, requests: [], byId: new Map() };
  cdp.on('Network.requestWillBeSent', (e) => {
    const r = { path: e.request.url.replace(/^https?:\/\/[^/]+/, ''), at: Date.now(), bytes: 0, done: null };
    wire.byId.set(e.requestId, r);
    wire.requests.push(r);
  });
  cdp.on('Network.loadingFinished', (e) => {
    wire.bytes += e.encodedDataLength;
    const r = wire.byId.get(e.requestId);
    if (r) {
      r.bytes = e.encodedDataLength;
      r.done = Date.now();
    }
  });
  return { context, page, cdp, wire };
}

const since = (wire, t0) => {
  const rs = wire.requests.filter((r) => r.at >= t0);
  return { requests: rs.length, kib: kib(rs.reduce((n, r) => n + r.bytes, 0)) };
};
const summary = (rs, t0) => rs.map((r) => ({ path: r.path.slice(0, 90), kib: kib(r.bytes), start_ms: r.at - t0, end_ms: r.done ? r.done - t0 : null }));

/**
 * One first visit. Times from the click on Log in: the first client on the list, the list usable (React owns the
 * search box), the whole account on the device; meanwhile typing in the search box (keypress → the count shown).
 * Then the repeat open in the same context (offline and online) from the app shell.
 */
export async function firstVisit(browser, origin, account, profile, reactOwns, loginUsable) {
  const { context, page, wire } = await weakContext(browser, profile);
  const opened = Date.now();
  await page.goto(`${origin}/login`, { waitUntil: 'commit', timeout: 120_000 });
  // The owner types as soon as the fields are drawn (in the HTML, before the JavaScript); the app must keep it.
  await page.locator('input[name="identifier"]').first().waitFor({ state: 'visible', timeout: 120_000 });
  const loginEditable = Date.now() - opened;
  await page.locator('input[name="identifier"]').first().fill(account.username);
  await page.locator('input[name="password"]').first().fill(account.password);
  await loginUsable(page);
  const loginUsableMs = Date.now() - opened;
  const loginWire = since(wire, opened);
  const kept = await page.evaluate(() => [...document.querySelectorAll('input[name="identifier"], input[name="password"]')].map((i) => i.value));
  const typingKept = kept.length === 2 && kept[0] === account.username && kept[1] === account.password;
  if (!typingKept) {
    await page.locator('input[name="identifier"]').fill(account.username);
    await page.locator('input[name="password"]').fill(account.password);
  }
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText(account.firstName, { exact: true }).first().waitFor({ state: 'visible', timeout: 120_000 });
  const firstClient = Date.now() - t0;
  await reactOwns('input[type="search"]')(page);
  const listUsable = Date.now() - t0;
  const listUsableFromOpen = Date.now() - opened;
  const listWire = since(wire, t0);
  const listRequests = summary(
    wire.requests.filter((r) => r.at >= t0),
    t0,
  );
  // What was still on the link when Log in was pressed (the app's own files, asked for at low priority while the owner typed).
  const inflightAtLogin = summary(
    wire.requests.filter((r) => r.at < t0 && (!r.done || r.done > t0)),
    t0,
  );

  // Typing while the first sync runs: each keypress until the count for the query is on screen.
  const typing = [];
  const progressSeen = new Set();
  const total = account.clients + account.invoices;
  let fullMs = null;
  const box = page.locator('input[type="search"]');
  for (let i = 0; fullMs === null; i++) {
    const text = await page
      .getByTestId('sync-status')
      .textContent()
      .catch(() => '');
    if (/\d/.test(text ?? '')) progressSeen.add(text.trim());
    if ((await countStored(page, ['contacts', 'invoices'])) >= total) fullMs = Date.now() - t0;
    else if (Date.now() - t0 > 120_000) throw new Error('the first sync did not finish in 120 s');
    if (i % 4 === 0 && fullMs === null) {
      const q = ['Ade', 'Kofi', 'Amina', 'Musa'][typing.length % 4];
      const started = Date.now();
      await box.fill('');
      await box.pressSequentially(q, { delay: 0 });
      await page
        .waitForFunction((want) => document.querySelector('ul li')?.textContent?.includes(want), q, { timeout: 10_000, polling: 'raf' })
        .catch(() => {});
      typing.push(Date.now() - started);
    }
    await page.waitForTimeout(250);
  }
  await box.fill('');
  const fullWire = since(wire, t0);
  const longTasks = await page.evaluate(() => window.__longTasks ?? []);
  const afterLogin = longTasks.filter((l) => l.at >= t0 - opened);

  // Repeat open: the service worker (normally registered 30 s after load) installed, then a new tab on the same phone.
  await page.evaluate(() => localStorage.setItem('duka:sw-now', '1'));
  await page.reload({ waitUntil: 'load' });
  const swReady = await page
    .evaluate(() => Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise((r) => setTimeout(() => r(false), 90_000))]))
    .catch(() => false);
  await page.waitForTimeout(1_000);
  const repeat = {};
  for (const mode of ['online', 'offline']) {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { ...profile, offline: mode === 'offline' });
    const started = Date.now();
    await tab.goto(`${origin}/tabs/home`, { waitUntil: 'commit', timeout: 60_000 });
    await tab.getByText(account.firstName, { exact: true }).first().waitFor({ state: 'visible', timeout: 60_000 });
    const shown = Date.now() - started;
    await reactOwns('input[type="search"]')(tab);
    repeat[mode] = { client_shown_ms: shown, usable_ms: Date.now() - started };
    await tab.close();
  }
  await context.close();
  return {
    login_editable_ms: loginEditable,
    login_typing_kept: typingKept,
    login_usable_ms: loginUsableMs,
    login_wire: loginWire,
    first_client_ms: firstClient,
    list_usable_ms: listUsable,
    list_usable_from_open_ms: listUsableFromOpen,
    list_wire: listWire,
    list_requests: listRequests,
    inflight_at_login: inflightAtLogin,
    full_sync_ms: fullMs,
    full_sync_wire: fullWire,
    typing_ms: typing,
    progress_texts: [...progressSeen].slice(0, 8),
    long_tasks_after_login: {
      count: afterLogin.length,
      longest_ms: Math.max(0, ...afterLogin.map((l) => l.ms)),
      total_ms: afterLogin.reduce((n, l) => n + l.ms, 0),
    },
    service_worker_ready: swReady,
    repeat_open: repeat,
  };
}
