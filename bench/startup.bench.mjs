// What start-up spends (issue 27): the built server (apps/server/dist/main.js) started as `npm start` starts it
// (scripts/server-flags.mjs, source maps), with --cpu-prof, on a fresh DATA_DIR, to the first 200 on /api/health;
// the CPU profile's time summed per package (node_modules/…), wasm (PGlite), the server bundle and Node itself,
// next to wall time, the `npm start` build check (scripts/build.mjs --if-missing) and idle RSS 10 s after start.
// Writes bench/results/startup.json.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { freePort, root, serverMain } from './lib/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const round = (x) => Math.round(x * 10) / 10;
const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : null;
};

const results = { load_before: loadavg().map(round) };
let t = performance.now();
execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--if-missing'], { stdio: 'inherit' });
results.build_check_ms = Math.round(performance.now() - t);

const dataDir = mkdtempSync(path.join(tmpdir(), 'duka-bench-startup-'));
const profDir = mkdtempSync(path.join(tmpdir(), 'duka-bench-prof-'));
const port = await freePort();
t = performance.now();
// The node flags of `npm start` (scripts/start.mjs), so the figures are those of the product as it is run.
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--enable-source-maps', '--cpu-prof', `--cpu-prof-dir=${profDir}`, serverMain()], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    PAYMENTS_TEST_MODE: 'on',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (;;) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) break;
  } catch {
    // starting
  }
  await new Promise((r) => setTimeout(r, 50));
}
results.first_200_ms = Math.round(performance.now() - t);
await new Promise((r) => setTimeout(r, 10_000));
results.idle_rss_mb = rssMb(child.pid);
child.kill('SIGINT');
await new Promise((r) => child.once('exit', r));

// The profile covers the whole life: only samples up to the first 200 count.
const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
if (file) {
  const prof = JSON.parse(readFileSync(path.join(profDir, file), 'utf8'));
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
  const limit = results.first_200_ms * 1000;
  for (let i = 0; i < prof.samples.length; i++) {
    elapsed += prof.timeDeltas[i] ?? 0;
    if (elapsed > limit) break;
    const k = where(byId.get(prof.samples[i]));
    spent[k] = (spent[k] ?? 0) + (prof.timeDeltas[i] ?? 0) / 1000;
  }
  results.cpu_profile_ms = Object.fromEntries(
    Object.entries(spent)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 16)
      .map(([k, v]) => [k, Math.round(v)]),
  );
}
rmSync(dataDir, { recursive: true, force: true });
rmSync(profDir, { recursive: true, force: true });
results.load_after = loadavg().map(round);
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', 'startup.json'), JSON.stringify(results, null, 2));
console.log(JSON.stringify(results, null, 2));
