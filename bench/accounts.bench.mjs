// Accounts figures against the built server (apps/server/dist/main.js; `node apps/server/build.mjs` first):
// - authenticated GET /api/state req/s as a ratio of a bare Fastify hello route measured in the same run (target ≥ 0.6)
// - time from `npm start` to the first 200 on /api/health on a built tree (target < 3 s), on a fresh DATA_DIR and
//   again on the same one; and the server alone (spawn of dist/main.js), cold and warm
// - idle RSS of the server after start (target < 200 MB), and RSS after the load
// Writes bench/results/accounts.json.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { serverNodeFlags } from '../scripts/server-flags.mjs';
import { benchServerEnv, freePort, signUp } from './lib/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const main = process.env.DUKA_MAIN ? path.resolve(process.env.DUKA_MAIN) : path.join(root, 'apps', 'server', 'dist', 'main.js');
if (!existsSync(main)) {
  console.error(`no ${main}: run \`node apps/server/build.mjs\` first`);
  process.exit(1);
}
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

async function waitFor(url, started, child, deadlineMs = 60_000) {
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before answering`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return Math.round(performance.now() - started);
    } catch {
      // not listening yet
    }
    if (performance.now() - started > deadlineMs) throw new Error(`${url} did not answer 200 within ${deadlineMs} ms`);
    await sleep(10);
  }
}

/** `npm start` itself (npm, the build check, the server) on a built tree, to the first 200. */
async function npmStart(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PAYMENTS_TEST_MODE: 'on',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    return await waitFor(`http://127.0.0.1:${port}/api/health`, started, child);
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, sleep(5000)]);
  }
}

async function startDuka(dataDir) {
  const port = await freePort();
  const started = performance.now();
  // The node flags npm start gives the server (scripts/server-flags.mjs).
  const env = benchServerEnv(dataDir, port);
  const child = spawn(process.execPath, [...serverNodeFlags(env), main], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const startupMs = await waitFor(`${base}/api/health`, started, child);
  return { child, base, startupMs };
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(5000)]);
}

function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION, pipelining: 1 }, (err, result) => {
      if (err) reject(err);
      else resolve(result);
    });
  });
}

const summarise = (r) => ({ req_per_s: Math.round(r.requests.average), p50_ms: r.latency.p50, p99_ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors });

const HELLO = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'duka-bench-accounts-'));
const children = [];
try {
  // 0. `npm start` on a built tree: first start on a fresh DATA_DIR, then again on the same one.
  const npmDir = mkdtempSync(path.join(tmpdir(), 'duka-bench-npm-start-'));
  const npmStartFresh = await npmStart(npmDir);
  const npmStartWarm = await npmStart(npmDir);
  rmSync(npmDir, { recursive: true, force: true });

  // 1. Cold start: fresh DATA_DIR (the build's database template copied), then a warm restart on the same directory.
  const cold = await startDuka(dataDir);
  await stop(cold.child);
  const duka = await startDuka(dataDir);
  children.push(duka.child);
  await sleep(3000);
  const idleRss = rssMb(duka.child.pid);

  // 2. A signed-in user.
  const auth = { authorization: (await signUp(`${duka.base}/api`)).authorization };
  const check = await fetch(`${duka.base}/api/state`, { headers: auth });
  if (check.status !== 200) throw new Error(`state answered ${check.status}`);

  // 3. A bare Fastify hello server in its own process, like the Duka server.
  const helloPort = await freePort();
  const hello = spawn(process.execPath, ['--input-type=module', '-e', HELLO], {
    cwd: path.join(root, 'apps', 'server'),
    env: { ...process.env, PORT: String(helloPort) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(hello);
  await waitFor(`http://127.0.0.1:${helloPort}/hello`, performance.now(), hello);

  // 4. Load: hello, state, hello, state (alternating evens out noise from other work on the machine).
  await load(`${duka.base}/api/state`, auth).catch(() => undefined); // warm-up
  const runs = { hello: [], state: [] };
  const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
  for (let i = 0; i < PAIRS; i++) {
    runs.hello.push(summarise(await load(`http://127.0.0.1:${helloPort}/hello`)));
    runs.state.push(summarise(await load(`${duka.base}/api/state`, auth)));
  }
  const mean = (xs) => Math.round(xs.reduce((a, x) => a + x.req_per_s, 0) / xs.length);
  const helloRps = mean(runs.hello);
  const stateRps = mean(runs.state);
  // Each pair ran back to back, so its ratio is the least disturbed by other work on the machine; report the median.
  const pairRatios = runs.state.map((r, i) => Math.round((r.req_per_s / runs.hello[i].req_per_s) * 100) / 100);
  const medianRatio = [...pairRatios].sort((a, b) => a - b)[Math.floor(pairRatios.length / 2)];
  const afterLoadRss = rssMb(duka.child.pid);

  const results = {
    state_req_per_s: stateRps,
    hello_req_per_s: helloRps,
    state_to_hello_ratio: medianRatio,
    pair_ratios: pairRatios,
    mean_ratio: Math.round((stateRps / helloRps) * 100) / 100,
    target_ratio: 0.6,
    npm_start_ms_fresh_data_dir: npmStartFresh,
    npm_start_ms_warm: npmStartWarm,
    startup_ms_warm: duka.startupMs,
    startup_ms_cold_fresh_data_dir: cold.startupMs,
    target_startup_ms: 3000,
    idle_rss_mb: idleRss,
    rss_after_load_mb: afterLoadRss,
    target_idle_rss_mb: 200,
    runs,
    settings: {
      duration_s: DURATION,
      connections: CONNECTIONS,
      pairs: PAIRS,
      database: 'PGlite',
      node: process.version,
      load_average: loadavg(),
      cores: cpus().length,
    },
    measured_at: new Date().toISOString(),
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'accounts.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(
    `GET /api/state ${stateRps} req/s vs hello ${helloRps} req/s → ratio ${results.state_to_hello_ratio} (median of pairs ${pairRatios.join(', ')}; target ≥ 0.6)`,
  );
  console.log(
    `load average while measuring: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
  );
  console.log(`npm start to first 200: fresh DATA_DIR ${npmStartFresh} ms, again ${npmStartWarm} ms (target < 3000 ms)`);
  console.log(`server spawn to first 200: warm ${duka.startupMs} ms, cold ${cold.startupMs} ms (target < 3000 ms)`);
  console.log(`RSS idle ${idleRss} MB (target < 200 MB), after load ${afterLoadRss} MB`);
} finally {
  for (const c of children) await stop(c);
  rmSync(dataDir, { recursive: true, force: true });
}
