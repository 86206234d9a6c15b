// Where a server's CPU went, from V8 CPU profiles (`node --cpu-prof`, e.g. BENCH_CPU_PROF=<dir> on
// sync-load.bench.mjs): self time summed by area (an npm package, node internals, the bundle), and the top functions
// by self time. For finding what to cut on the request path, not a bench:
//   node bench/cpu-profile-summary.mjs <dir or .cpuprofile files…> [--top 40]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const TOP = topAt >= 0 ? Number(args[topAt + 1]) : 40;
const inputs = args.filter((a, i) => i !== topAt && i !== topAt + 1);
const files = inputs.flatMap((p) =>
  statSync(p).isDirectory()
    ? readdirSync(p)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => path.join(p, f))
    : [p],
);
if (!files.length) {
  console.error('usage: node bench/cpu-profile-summary.mjs <dir or .cpuprofile files…> [--top N]');
  process.exit(1);
}

/** The area a frame belongs to: an npm package, node's own code, the server bundle, or V8 (GC, idle, program). */
function area(url, name) {
  if (!url) return name.startsWith('(') ? name : `(native) ${name}`;
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  return path.basename(url);
}

const byArea = new Map();
const byFunction = new Map();
let totalUs = 0;
let idleUs = 0;
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  // timeDeltas[i] is the time before sample i; it is charged to that sample's node.
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  for (const [id, us] of self) {
    const { callFrame } = nodes.get(id);
    const name = callFrame.functionName || '(anonymous)';
    if (name === '(idle)') {
      idleUs += us;
      continue;
    }
    totalUs += us;
    const a = area(callFrame.url, name);
    byArea.set(a, (byArea.get(a) ?? 0) + us);
    const key = `${name} ${callFrame.url ? `${path.basename(callFrame.url)}:${callFrame.lineNumber + 1}` : ''}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  }
}
const s = (us) => (us / 1e6).toFixed(2).padStart(8);
const pct = (us) => `${((100 * us) / totalUs).toFixed(1).padStart(5)}%`;
console.log(`${files.length} profile(s): ${s(totalUs)} s busy, ${s(idleUs)} s idle`);
console.log('\nself time by area');
for (const [k, us] of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${s(us)} s ${pct(us)}  ${k}`);
console.log('\nself time by function');
for (const [k, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${s(us)} s ${pct(us)}  ${k}`);
