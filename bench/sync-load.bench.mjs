// Sync under load (issue 27), side by side in one run: D simulated devices (BENCH_DEVICES, 4 per account) log
// in, then each pushes ROUNDS batches of 1–20 changes (contacts and invoices; the 4 devices of an account
// number invoices offline from the same counter, so clashes are renumbered) and pulls after each push. A Duka
// device does what the web client does in the steady state (apps/web/src/data/sync/engine.ts): its push asks the
// answer to carry the pull (POST /sync/push `pull: {collections: [contacts, invoices], since, limit: 500}`) and it
// sends GET /sync/pull?collections=contacts,invoices only when that page has more (one request per sync, not two;
// pulls the push answer carried are counted in `pulls_carried`, not in the pull times). BENCH_PULL=together: a
// separate GET /sync/pull?collections=contacts,invoices after each push (the way before); BENCH_PULL=each: one
// request per collection (older still). The reference pushes, then pulls its one table.
// against (1) two Duka processes (the built server) on one PostgreSQL, then (2) two bare Fastify + pg
// processes inserting the same rows with one multi-row INSERT (bench/lib/reference-server.mjs) on the same
// PostgreSQL. Reports throughput (changes/s) and push/pull p95 and their ratios, errors, and a consistency
// check of Duka (both processes agree on every account, counts match, no duplicate invoice numbers); then (3)
// the embedded default, one Duka process on PGlite, under the same load. The devices log in at once (D
// concurrent logins). The load average is recorded around each phase (the machine may be shared).
// Targets (issue 27): throughput ≥ 0.5× the reference, push p95 ≤ 3× the reference's, 0 errors, consistent;
// PGlite p99 ≤ 3 s with 0 errors (`targets`). The PostgreSQL phases need BENCH_DATABASE_URL (a role that may
// create databases); without it only the PGlite phase runs. Writes bench/results/sync-load.json.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadChanges } from './lib/load-changes.mjs';
import { freePort, startServer } from './lib/server.mjs';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ACCOUNTS = Math.ceil(DEVICES / 4);
const admin = process.env.BENCH_DATABASE_URL;
// BENCH_PHASES=duka,reference,pglite (default all) runs only some phases; BENCH_CPU_PROF=<dir> writes the Duka
// processes' V8 CPU profiles there (open them in Chrome DevTools) to see where a push spends its time.
const LOGINS_FIRST = process.env.BENCH_LOGINS_FIRST === '1';
const PHASES = new Set((process.env.BENCH_PHASES ?? 'duka,reference,pglite').split(','));
// BENCH_PULL=each: a Duka device pulls contacts and invoices with one request each (a server before
// GET /sync/pull?collections= has no other way); BENCH_PULL=together: one GET /sync/pull for both after each push (a
// server before the push's `pull`); by default the push answer carries the pull.
const PULL_EACH = process.env.BENCH_PULL === 'each';
const PULL_CARRIED = !PULL_EACH && process.env.BENCH_PULL !== 'together';
// BENCH_NODE_ARGS="--max-semi-space-size=32" adds node flags after npm start's (scripts/server-flags.mjs; the last wins).
const nodeArgs = [
  ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
  ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
];
if (!admin) console.log('sync-load: BENCH_DATABASE_URL not set: only the embedded PGlite phase runs');
const round1 = (x) => Math.round(x * 10) / 10;
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? round1(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]) : null;
};

async function freshDatabase(name) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  const db = `${name}_${Date.now()}`;
  await c.query(`create database ${db}`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${db}`;
  return url.href;
}

// The same work for both: per device, ROUNDS batches of 1–20 changes (deterministic).
let seed = 27;
const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const plans = Array.from({ length: DEVICES }, (_, d) => ({
  account: d % ACCOUNTS,
  batches: Array.from({ length: ROUNDS }, () => 1 + Math.floor(rnd() * 20)),
}));
const totalChanges = plans.reduce((s, p) => s + p.batches.reduce((a, b) => a + b, 0), 0);

const changes = (n, contactId, counter) => loadChanges(n, contactId, counter);

/**
 * A simulated device's own connection, as a phone has (one keep-alive socket, reused for each request), instead of
 * one pool shared by every device: with a shared pool a device's push sometimes went out on a brand-new connection,
 * which then waited behind every login still queued for the server to accept it (17–65 s, see watchAcceptQueue).
 * Answers { status, json() } like fetch.
 */
function deviceClient() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const request = (url, { method = 'GET', headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
      // Compressed answers, as a browser asks for them.
      const req = http.request(url, { method, headers: { 'accept-encoding': 'gzip', ...headers }, agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          // Decompressed at once, as a phone does on its own CPU: through the thread pool each answer waited one more
          // turn of this one process's event loop, behind every other device's work (counted in its time).
          let buf;
          try {
            buf = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
          } catch (e) {
            reject(e);
            return;
          }
          resolve({ status: res.statusCode, json: async () => JSON.parse(buf.toString('utf8')) });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return { request, close: () => agent.destroy() };
}

/** CPU seconds (user + system) the processes `pids` used so far (Linux /proc; null elsewhere). */
function cpuSeconds(pids) {
  try {
    return pids.reduce((sum, pid) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return sum + (Number(fields[11]) + Number(fields[12])) / 100;
    }, 0);
  } catch {
    return null;
  }
}

/**
 * CPU seconds the PostgreSQL server used so far: its postmaster and every live child (backends, walwriter…) plus what
 * children that exited left in the postmaster's cutime/cstime (Linux /proc, PostgreSQL on this machine; else null).
 * `postmaster` is the pid found by postmasterPid().
 */
function dbCpuSeconds(postmaster) {
  if (!postmaster) return null;
  try {
    const stat = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const own = stat(postmaster);
    // fields after "pid (comm) ": [0] state, [1] ppid, [11] utime, [12] stime, [13] cutime, [14] cstime
    let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const f = stat(name);
        if (Number(f[1]) === postmaster) ticks += Number(f[11]) + Number(f[12]);
      } catch {
        // exited meanwhile
      }
    }
    return ticks / 100;
  } catch {
    return null;
  }
}

/** The pid of the PostgreSQL server behind `url` when it runs on this machine (a backend's parent), else null. */
async function postmasterPid(url) {
  try {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query('select pg_backend_pid() as pid');
    // Read while the backend lives: once the connection ends it may be gone from /proc (then no database CPU was reported).
    const parent = Number(readFileSync(`/proc/${rows[0].pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
    await c.end();
    return parent;
  } catch {
    return null;
  }
}

/** Kernel TCP counters (Linux): connections a full listen queue dropped, SYNs sent again (a stall's sign). */
function tcpCounters() {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').trim().split('\n');
    const out = {};
    for (let i = 0; i + 1 < lines.length; i += 2) {
      const keys = lines[i].split(' ');
      const values = lines[i + 1].split(' ');
      keys.forEach((k, j) => {
        if (['ListenOverflows', 'TCPSynRetrans', 'TCPTimeouts'].includes(k)) out[k] = Number(values[j]);
      });
    }
    return out;
  } catch {
    return {};
  }
}

/**
 * The longest accept queue of the listening `ports` (Linux /proc/net/tcp: a listening socket's rx_queue is the number
 * of connections the kernel completed that the process has not accepted yet), sampled every 100 ms until stop().
 * Node accepts one connection per turn of its event loop: a busy loop leaves new connections waiting here.
 */
function watchAcceptQueue(ports) {
  const hex = new Set(ports.map((p) => p.toString(16).toUpperCase().padStart(4, '0')));
  let max = 0;
  const sample = () => {
    try {
      for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
        const f = line.trim().split(/\s+/);
        if (f[3] === '0A' && hex.has(f[1]?.split(':')[1])) max = Math.max(max, parseInt(f[4].split(':')[1], 16));
      }
    } catch {
      // not Linux
    }
  };
  const timer = setInterval(sample, 100);
  return () => {
    clearInterval(timer);
    sample();
    return max;
  };
}

async function runDevices(label, { login, push, pull }, pids = [], ports = [], postmaster = null) {
  const acceptQueue = watchAcceptQueue(ports);
  // This load generator is one process for all devices: how late its own event loop ran (its delays are counted in
  // every request's time; a phone has its own CPU).
  const generatorDelay = monitorEventLoopDelay({ resolution: 10 });
  generatorDelay.enable();
  const cpuBefore = cpuSeconds(pids);
  const dbBefore = dbCpuSeconds(postmaster);
  const generatorBefore = process.cpuUsage();
  const tcpBefore = tcpCounters();
  const pushMs = [];
  const pullMs = [];
  let carried = 0;
  // The slowest requests: when they started (s after the phase began), the account, and how long they took.
  const slow = [];
  const note = (kind, t, account, extra) => slow.push({ kind, at_s: round1((t - started) / 1000), ms: round1(performance.now() - t), account, ...extra });
  const errors = {};
  const err = (k) => (errors[k] = (errors[k] ?? 0) + 1);
  const started = performance.now();
  // BENCH_LOGINS_FIRST=1: every device logs in before any pushes, and the servers' CPU of the pushes and pulls alone is
  // recorded (sync_cpu_ms_per_change; the password hashing of the logins is a large, fixed part of server_cpu_s).
  const signIn = async (plan, d) => {
    try {
      return await login(plan.account, d);
    } catch (e) {
      err(`login: ${e.message.slice(0, 80)}${e.cause?.code ? ` (${e.cause.code})` : ''}`);
      return undefined;
    }
  };
  const early = LOGINS_FIRST ? await Promise.all(plans.map(signIn)) : [];
  // With BENCH_LOGINS_FIRST=1: when the last login answered; the pushes and pulls start then.
  const syncStarted = performance.now();
  const cpuSync = cpuSeconds(pids);
  const dbSync = dbCpuSeconds(postmaster);
  const generatorSync = process.cpuUsage();
  await Promise.all(
    plans.map(async (plan, d) => {
      const session = LOGINS_FIRST ? early[d] : await signIn(plan, d);
      if (!session) return;
      const counter = { n: 0 };
      let since = 0;
      for (const n of plan.batches) {
        const t = performance.now();
        try {
          await push(session, changes(n, session.contactId, counter), since);
          pushMs.push(performance.now() - t);
          note('push', t, plan.account, { changes: n });
        } catch (e) {
          err(`push: ${e.message.slice(0, 160)}${e.cause?.code ? ` (${e.cause.code})` : ''}`);
        }
        const t2 = performance.now();
        try {
          const pulled = await pull(session, since);
          if (typeof pulled === 'number') {
            since = pulled;
            pullMs.push(performance.now() - t2);
            note('pull', t2, plan.account);
          } else {
            // The push answer carried the whole pull: no request.
            since = pulled.version;
            carried += 1;
          }
        } catch (e) {
          err(`pull: ${e.message.slice(0, 80)}${e.cause?.code ? ` (${e.cause.code})` : ''}`);
        }
      }
      session.device?.close();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuSeconds(pids);
  const dbAfter = dbCpuSeconds(postmaster);
  const generatorAfter = process.cpuUsage();
  const tcpAfter = tcpCounters();
  const acceptQueueMax = acceptQueue();
  generatorDelay.disable();
  const result = {
    seconds: round1(seconds),
    // The servers' CPU time for the phase (logins included), per 1,000 changes: comparable whatever the machine's load.
    server_cpu_s: cpuAfter === null || cpuBefore === null ? null : round1(cpuAfter - cpuBefore),
    server_cpu_ms_per_change: cpuAfter === null || cpuBefore === null ? null : round1(((cpuAfter - cpuBefore) * 1000) / totalChanges),
    ...(LOGINS_FIRST && cpuAfter !== null && cpuSync !== null ? { sync_cpu_ms_per_change: Math.round(((cpuAfter - cpuSync) * 1e5) / totalChanges) / 100 } : {}),
    // PostgreSQL's CPU (all its processes; the other phase's database on the same server is idle meanwhile).
    ...(dbAfter !== null && dbBefore !== null ? { db_cpu_s: round1(dbAfter - dbBefore) } : {}),
    ...(LOGINS_FIRST && dbAfter !== null && dbSync !== null ? { sync_db_cpu_ms_per_change: Math.round(((dbAfter - dbSync) * 1e5) / totalChanges) / 100 } : {}),
    // This load generator's own CPU (building the devices' requests, reading and unzipping their answers): on a phone
    // that is the phone's, here it is taken from the same two cores as the servers' (the reference's answers are smaller).
    generator_cpu_s: round1((generatorAfter.user + generatorAfter.system - generatorBefore.user - generatorBefore.system) / 1e6),
    ...(LOGINS_FIRST ? { sync_generator_cpu_s: round1((generatorAfter.user + generatorAfter.system - generatorSync.user - generatorSync.system) / 1e6) } : {}),
    changes_per_s: round1(totalChanges / seconds),
    // BENCH_LOGINS_FIRST=1: the logins' part of `seconds` (Duka hashes 1,000 passwords with argon2id; the reference has
    // no auth) and the throughput of the pushes and pulls alone, after it.
    ...(LOGINS_FIRST
      ? {
          logins_s: round1((syncStarted - started) / 1000),
          sync_changes_per_s: round1(totalChanges / (seconds - (syncStarted - started) / 1000)),
        }
      : {}),
    push_p50_ms: pct(pushMs, 50),
    push_p95_ms: pct(pushMs, 95),
    push_p99_ms: pct(pushMs, 99),
    pull_requests: pullMs.length,
    pulls_carried: carried,
    pull_p50_ms: pct(pullMs, 50),
    pull_p95_ms: pct(pullMs, 95),
    pull_p99_ms: pct(pullMs, 99),
    errors,
    slowest: [...slow].sort((a, b) => b.ms - a.ms).slice(0, 8),
    // Machine-wide (other programs count too): listen-queue drops and retransmitted SYNs during the phase.
    tcp: Object.fromEntries(Object.keys(tcpAfter).map((k) => [k, tcpAfter[k] - (tcpBefore[k] ?? 0)])),
    // The most connections waiting to be accepted by the servers at once (a device's request waits behind them).
    accept_queue_max: acceptQueueMax,
    generator_loop_delay_ms: {
      p50: round1(generatorDelay.percentile(50) / 1e6),
      p99: round1(generatorDelay.percentile(99) / 1e6),
      max: round1(generatorDelay.max / 1e6),
    },
  };
  console.log(label, JSON.stringify(result));
  // BENCH_SAMPLES=<dir>: every request of the phase (kind, start s, ms, account, changes) as <dir>/<label>.json, to see
  // when the slow ones ran (a stall stops every device at once; queueing behind the others spreads evenly).
  if (process.env.BENCH_SAMPLES) {
    mkdirSync(process.env.BENCH_SAMPLES, { recursive: true });
    writeFileSync(path.join(process.env.BENCH_SAMPLES, `${label}.json`), JSON.stringify(slow));
  }
  return result;
}

const results = { devices: DEVICES, accounts: ACCOUNTS, rounds: ROUNDS, changes: totalChanges, load_before: loadavg().map(round1) };

/** Sign-ups, the devices' load and the consistency check against Duka `servers` (one or two processes, one database). */
async function dukaPhase(label, servers, postmaster = null, probe = null) {
  const accounts = [];
  for (let a = 0; a < ACCOUNTS; a++) {
    const suffix = randomUUID().slice(0, 8);
    const user = {
      name: 'Load',
      username: `load_${suffix}`,
      email: `load.${suffix}@example.com`,
      password: 'correct horse battery',
      company_name: 'L',
      country: 'Nigeria',
    };
    const res = await fetch(`${servers[a % servers.length].base}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user }),
    });
    if (res.status !== 201) throw new Error(`sign up: ${res.status}`);
    const token = (await res.json()).token;
    // One client per account, known to every device.
    const contactId = randomUUID();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    await fetch(`${servers[0].base}/sync/push`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        mutations: [{ mutation_id: randomUUID(), collection: 'contacts', op: 'upsert', id: contactId, data: { name: 'Shared client' } }],
      }),
    });
    accounts.push({ user, contactId });
  }
  const load_before = loadavg().map(round1);
  const probed = probe ? await probe() : null;
  const result = await runDevices(
    label,
    {
      async login(a, d) {
        const base = servers[d % servers.length].base;
        const device = deviceClient();
        const res = await device.request(`${base}/user_token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ auth: { email: accounts[a].user.username, password: accounts[a].user.password } }),
        });
        if (res.status !== 200) throw new Error(`login answered ${res.status}`);
        return {
          device,
          base,
          a,
          contactId: accounts[a].contactId,
          headers: { authorization: `Bearer ${(await res.json()).jwt}`, 'content-type': 'application/json' },
        };
      },
      async push(s, rows, since) {
        const mutations = rows.map((r) => ({ mutation_id: randomUUID(), op: 'upsert', ...r }));
        // As the web client: the answer carries the pull from the device's cursor (its own records left out).
        const pull = PULL_CARRIED ? { collections: ['contacts', 'invoices'], since, limit: 500 } : undefined;
        const res = await s.device.request(`${s.base}/sync/push`, { method: 'POST', headers: s.headers, body: JSON.stringify({ mutations, pull }) });
        if (res.status !== 200) throw new Error(`push answered ${res.status}`);
        const body = await res.json();
        const bad = body.results.filter((r) => r.status !== 'applied');
        if (bad.length) throw new Error(`not applied: ${bad[0].error?.code}: ${bad[0].error?.message}`);
        if (PULL_CARRIED && !body.pull) throw new Error('the push answer carried no pull');
        s.carried = body.pull;
      },
      async pull(s, since) {
        // The push answer carried the pull: a request only when that page has more (from its cursor).
        const carried = s.carried;
        s.carried = undefined;
        if (carried && !carried.has_more) return { version: carried.version };
        if (carried) since = carried.version;
        if (PULL_EACH) {
          let version = since;
          for (const collection of ['contacts', 'invoices']) {
            const res = await s.device.request(`${s.base}/sync/pull?collection=${collection}&since=${since}&limit=500`, { headers: s.headers });
            if (res.status !== 200) throw new Error(`pull answered ${res.status}`);
            const body = await res.json();
            version = Math.max(version, body.version);
          }
          return version;
        }
        // Both collections in one request (as the web client pulls in the steady state).
        const res = await s.device.request(`${s.base}/sync/pull?collections=contacts,invoices&since=${since}&limit=500`, { headers: s.headers });
        if (res.status !== 200) throw new Error(`pull answered ${res.status}`);
        return (await res.json()).version;
      },
    },
    servers.map((s) => s.child.pid),
    servers.map((s) => s.port),
    postmaster,
  );
  if (probe) result.connection = probe.over(probed, await probe());
  result.load_before = load_before;
  result.load_after = loadavg().map(round1);
  // Consistency: every process gives every account the same records; counts match what was pushed; numbers unique.
  const expected = new Map();
  for (const p of plans) expected.set(p.account, (expected.get(p.account) ?? 0) + p.batches.reduce((a, b) => a + b, 0));
  let agree = 0;
  let countsMatch = 0;
  let duplicateNumbers = 0;
  for (const [a, acct] of accounts.entries()) {
    const res = await fetch(`${servers[0].base}/user_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ auth: { email: acct.user.username, password: acct.user.password } }),
    });
    const headers = { authorization: `Bearer ${(await res.json()).jwt}` };
    const views = [];
    for (const s of servers) {
      const all = [];
      for (const collection of ['contacts', 'invoices']) {
        let since = 0;
        for (;;) {
          const res = await fetch(`${s.base}/sync/pull?collection=${collection}&since=${since}&limit=500`, { headers });
          const page = await res.json();
          if (res.status !== 200) throw new Error(`consistency pull answered ${res.status}: ${JSON.stringify(page).slice(0, 200)}`);
          all.push(...page.records.map((r) => ({ id: r.id, version: r.version, number: r.number })));
          if (!page.has_more) break;
          since = page.version;
        }
      }
      views.push(all);
    }
    const key = (v) => JSON.stringify(v.map((r) => [r.id, r.version]).sort());
    if (views.every((v) => key(v) === key(views[0]))) agree += 1;
    // + 1: the shared client made before the devices start.
    if (views[0].length === (expected.get(a) ?? 0) + 1) countsMatch += 1;
    const numbers = views[0].filter((r) => r.number).map((r) => r.number);
    if (new Set(numbers).size !== numbers.length) duplicateNumbers += 1;
  }
  const consistency = {
    processes: servers.length,
    accounts: ACCOUNTS,
    processes_agree: agree,
    counts_match: countsMatch,
    accounts_with_duplicate_numbers: duplicateNumbers,
  };
  console.log(`${label} consistency`, JSON.stringify(consistency));
  return { result, consistency };
}

// 1. Duka: two processes on one fresh database; one account per 4 devices, each device logs in.
if (admin && PHASES.has('duka')) {
  const url = await freshDatabase('duka_load');
  const env = { DATABASE_URL: url, LOG_LEVEL: 'warn', JWT_SECRET: 'sync-load-bench-secret-sync-load-bench-secret' };
  const first = await startServer({ name: 'load-a', env, nodeArgs });
  const second = await startServer({ name: 'load-b', env, nodeArgs });
  try {
    const { result, consistency } = await dukaPhase('duka', [first, second], await postmasterPid(url));
    results.duka = {
      ...result,
      pull: PULL_EACH ? 'one request per collection' : PULL_CARRIED ? 'carried by the push answer (more: one request)' : 'one request for both collections',
    };
    results.duka_consistency = consistency;
  } finally {
    for (const s of [first, second]) s.stop();
  }
}

// 2. Reference: two bare Fastify + pg processes on another fresh database on the same server.
if (admin && PHASES.has('reference')) {
  const url = await freshDatabase('ref_load');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('create sequence ref_version');
  await c.query(`create table ref_records (id uuid primary key, user_id text not null, collection text not null, data jsonb not null,
    version bigint not null default nextval('ref_version'), updated_at timestamptz not null default now())`);
  await c.query('create index ref_records_user_version on ref_records (user_id, version)');
  await c.end();
  const procs = [];
  const bases = [];
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    procs.push(
      spawn(process.execPath, [path.join(here, 'lib', 'reference-server.mjs')], {
        env: { ...process.env, PORT: String(port), DATABASE_URL: url },
        stdio: 'inherit',
      }),
    );
    bases.push(`http://127.0.0.1:${port}`);
  }
  for (const b of bases)
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${b}/health`)).ok) break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
      if (i > 300) throw new Error('reference did not start');
    }
  try {
    const load_before = loadavg().map(round1);
    results.reference = await runDevices(
      'reference',
      {
        async login(a, d) {
          return { device: deviceClient(), base: bases[d % 2], user: `acct-${a}`, contactId: randomUUID() };
        },
        async push(s, rows) {
          const res = await s.device.request(`${s.base}/push`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ user: s.user, rows }),
          });
          if (res.status !== 200) throw new Error(`push answered ${res.status}`);
          await res.json();
        },
        async pull(s, since) {
          const res = await s.device.request(`${s.base}/pull?user=${s.user}&since=${since}&limit=500`);
          if (res.status !== 200) throw new Error(`pull answered ${res.status}`);
          return (await res.json()).version;
        },
      },
      procs.map((p) => p.pid),
      bases.map((b) => Number(new URL(b).port)),
      await postmasterPid(url),
    );
    results.reference.load_before = load_before;
    results.reference.load_after = loadavg().map(round1);
  } finally {
    for (const p of procs) p.kill('SIGTERM');
  }
}
if (results.duka && results.reference) {
  results.ratios = {
    throughput: round1((results.duka.changes_per_s / results.reference.changes_per_s) * 100) / 100,
    push_p95: round1((results.duka.push_p95_ms / results.reference.push_p95_ms) * 10) / 10,
    pull_p95: round1((results.duka.pull_p95_ms / results.reference.pull_p95_ms) * 10) / 10,
    ...(LOGINS_FIRST ? { sync_throughput: round1((results.duka.sync_changes_per_s / results.reference.sync_changes_per_s) * 100) / 100 } : {}),
  };
}

// 3. The embedded default: one Duka process on PGlite, the same devices and load.
if (PHASES.has('pglite')) {
  const metricsToken = 'sync-load-bench-metrics-token';
  const server = await startServer({
    name: 'load-pglite',
    env: { LOG_LEVEL: 'warn', JWT_SECRET: 'sync-load-bench-secret-sync-load-bench-secret', METRICS_TOKEN: metricsToken },
    nodeArgs,
  });
  /** The one connection's counters (db/pglite-queue.ts): calls, waits, seconds waited for it and held, the longest hold. */
  const connection = async () => {
    const text = await (await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
    const value = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
    return {
      calls: value('duka_db_connection_calls_total'),
      waits: value('duka_db_connection_waits_total'),
      wait_s: value('duka_db_connection_wait_seconds_total'),
      busy_s: value('duka_db_connection_busy_seconds_total'),
      max_wait_s: value('duka_db_connection_max_wait_seconds'),
      max_busy_s: value('duka_db_connection_max_busy_seconds'),
    };
  };
  // Over the devices' load (sign-ups and the consistency check left out): how long calls waited for the connection
  // vs held it.
  connection.over = (before, after) => {
    const calls = after.calls - before.calls;
    return {
      calls,
      waited_share: Math.round(((after.waits - before.waits) / calls) * 1000) / 1000,
      wait_ms_per_call: round1(((after.wait_s - before.wait_s) * 1000) / calls),
      busy_ms_per_call: round1(((after.busy_s - before.busy_s) * 1000) / calls),
      busy_s: round1(after.busy_s - before.busy_s),
      max_wait_s: after.max_wait_s,
      // The longest one call held it (PGlite runs in the server's thread: no request is served meanwhile).
      max_busy_s: after.max_busy_s,
    };
  };
  try {
    const { result, consistency } = await dukaPhase('pglite', [server], null, connection);
    results.pglite = result;
    results.pglite_consistency = consistency;
  } finally {
    server.stop();
  }
}

const clean = (r) => !!r && Object.keys(r.errors).length === 0;
const consistent = (c) => !!c && c.processes_agree === c.accounts && c.counts_match === c.accounts && c.accounts_with_duplicate_numbers === 0;
results.targets = {
  ...(results.ratios
    ? {
        throughput_at_least_half: results.ratios.throughput >= 0.5,
        push_p95_at_most_3x: results.ratios.push_p95 <= 3,
        postgres_no_errors: clean(results.duka),
        postgres_consistent: consistent(results.duka_consistency),
      }
    : {}),
  ...(results.pglite
    ? {
        pglite_p99_at_most_3s: results.pglite.push_p99_ms <= 3000 && (results.pglite.pull_p99_ms ?? 0) <= 3000,
        pglite_no_errors: clean(results.pglite),
        pglite_consistent: consistent(results.pglite_consistency),
      }
    : {}),
};
results.load_after = loadavg().map(round1);
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', 'sync-load.json'), JSON.stringify(results, null, 2));
console.log(JSON.stringify(results, null, 2));
