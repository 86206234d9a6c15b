// What start-up spends (issue 27), on an already built tree:
// 1. `npm start` itself (scripts/start.mjs: the build check, then the server with its node flags) on a fresh DATA_DIR:
//    time to the first 200 on /api/health, and the server's idle RSS 10 s after it;
// 2. the same again on the same DATA_DIR (a restart);
// 3. the server alone (node + dist/main.js, as start.mjs runs it) with --cpu-prof, first start then restart: the
//    server's own moments (lib/startup.ts: modules loaded, PGlite loaded, template copied, database open, migrated,
//    routes registered, listening) and the CPU profile up to the first 200, summed per package.
// Writes bench/results/startup.json.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../scripts/server-flags.mjs';
import { freePort, root, serverMain } from './lib/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const round = (x) => Math.round(x * 10) / 10;
const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : null;
};
/** The process running dist/main.js under `pid` (npm → start.mjs → server). */
const serverPidUnder = (pid) => {
  const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  if (cmd.includes('dist/main.js') || cmd.includes(path.basename(serverMain()))) return pid;
  let children = '';
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
  } catch {
    return null;
  }
  for (const c of children.trim().split(/\s+/).filter(Boolean)) {
    const found = serverPidUnder(Number(c));
    if (found) return found;
  }
  return null;
};

const results = { load_before: loadavg().map(round) };
let t = performance.now();
execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--if-missing'], { stdio: 'inherit' });
results.build_check_ms = Math.round(performance.now() - t);

/** Starts `command args`, waits for the first 200; `idle` ms later reads the server's RSS; stops it. */
async function run(command, args, dataDir, { idle = 0 } = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      PAYMENTS_TEST_MODE: 'on',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let startup;
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.includes('"startup"')) startup = JSON.parse(line).startup;
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const out = { first_200_ms: Math.round(performance.now() - started) };
  if (idle) {
    await new Promise((r) => setTimeout(r, idle));
    out.idle_rss_mb = rssMb(serverPidUnder(child.pid));
  }
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid, 'SIGINT');
  await exited;
  out.server_moments_ms = startup;
  return out;
}

function profileSummary(profDir, limitMs) {
  const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) return undefined;
  const prof = JSON.parse(readFileSync(path.join(profDir, file), 'utf8'));
  rmSync(path.join(profDir, file));
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const where = (n) => {
    const url = n.callFrame.url || '';
    const m = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
    if (m) return m[1];
    if (url.startsWith('wasm')) return 'wasm (PGlite)';
    if (url.includes('dist/main.js')) return 'server bundle';
    if (url.startsWith('node:') || !url) {
      const fn = n.callFrame.functionName;
      if (fn === '(garbage collector)') return 'gc';
      if (fn === '(idle)') return 'idle';
      if (fn === '(program)') return 'native (V8 compile, wasm, I/O)';
      return url.startsWith('node:internal/modules') ? 'module loading' : `node ${url || fn}`;
    }
    return url;
  };
  const spent = {};
  let elapsed = 0;
  for (let i = 0; i < prof.samples.length; i++) {
    elapsed += prof.timeDeltas[i] ?? 0;
    if (elapsed > limitMs * 1000) break;
    const k = where(byId.get(prof.samples[i]));
    spent[k] = (spent[k] ?? 0) + (prof.timeDeltas[i] ?? 0) / 1000;
  }
  return Object.fromEntries(
    Object.entries(spent)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 16)
      .map(([k, v]) => [k, Math.round(v)]),
  );
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let dataDir = mkdtempSync(path.join(tmpdir(), 'duka-bench-startup-'));
results.npm_start_first = await run(npm, ['start'], dataDir, { idle: 10_000 });
results.npm_start_restart = await run(npm, ['start'], dataDir, { idle: 10_000 });
rmSync(dataDir, { recursive: true, force: true });

// The server alone, as start.mjs runs it, profiled.
const profDir = mkdtempSync(path.join(tmpdir(), 'duka-bench-prof-'));
const server = [...serverNodeFlags({}), '--cpu-prof', `--cpu-prof-dir=${profDir}`, serverMain()];
dataDir = mkdtempSync(path.join(tmpdir(), 'duka-bench-startup-'));
results.server_first = await run(process.execPath, server, dataDir);
results.server_first.cpu_profile_ms = profileSummary(profDir, results.server_first.first_200_ms);
results.server_restart = await run(process.execPath, server, dataDir);
results.server_restart.cpu_profile_ms = profileSummary(profDir, results.server_restart.first_200_ms);
rmSync(dataDir, { recursive: true, force: true });
rmSync(profDir, { recursive: true, force: true });

// The headline figures: `npm start` on a fresh DATA_DIR.
results.first_200_ms = results.npm_start_first.first_200_ms;
results.idle_rss_mb = results.npm_start_first.idle_rss_mb;
results.load_after = loadavg().map(round);
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', 'startup.json'), JSON.stringify(results, null, 2));
console.log(JSON.stringify(results, null, 2));
