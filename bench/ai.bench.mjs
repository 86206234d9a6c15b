// AI writer figures:
// - built-in writer latency per type (target < 50 ms): the writer is bundled from source with esbuild and
//   called in-process, 200 times per type, English, French and Kiswahili in turn; p50/p95/max reported.
// - overhead of POST /api/ai-writter/generate over the provider call (target < 20 ms), against the built
//   server (apps/server/dist/main.js; `node apps/server/build.mjs` first) with AI_BASE_URL pointing at a local
//   Chat Completions server in this script that answers after a fixed delay: overhead = route latency − delay
//   (so it includes the local HTTP round trip to the provider, auth, validation, the credit transaction and JSON).
// - end-to-end route latency with the built-in writer (for reference).
// Writes bench/results/ai.json.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchServerEnv, freePort, signUp } from './lib/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const serverDir = path.join(root, 'apps', 'server');
const main = process.env.DUKA_MAIN ? path.resolve(process.env.DUKA_MAIN) : path.join(serverDir, 'dist', 'main.js');
if (!existsSync(main)) {
  console.error(`no ${main}: run \`node apps/server/build.mjs\` first`);
  process.exit(1);
}
const ROUNDS = Number(process.env.BENCH_AI_ROUNDS ?? 40);
const PROVIDER_DELAY_MS = 100;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const r2 = (x) => Math.round(x * 100) / 100;

const SOURCE = {
  url: 'https://example.com/pricing',
  title: 'How to price your products',
  description: 'A guide for small businesses on pricing.',
  headings: ['Count every cost', 'Add your margin', 'Check the market'],
  paragraphs: Array.from(
    { length: 60 },
    (_, i) =>
      `Paragraph ${i}: many small businesses lose money because they do not count all their costs. Materials, transport and packaging all add up, and margins matter.`,
  ),
};

// 1. Built-in writer, in-process, on the example inputs the tests use (core AI_EXAMPLE_FIELDS).
/** Bundles the built-in writer and the example inputs from source (TypeScript) into one module and loads it. */
async function loadWriter() {
  const { build } = await import(pathToFileURL(path.join(serverDir, 'node_modules', 'esbuild', 'lib', 'main.js')).href).catch(() => import('esbuild'));
  const outDir = mkdtempSync(path.join(tmpdir(), 'duka-bench-ai-'));
  const outfile = path.join(outDir, 'builtin.mjs');
  await build({
    stdin: {
      contents: "export { writeBuiltin } from './apps/server/src/modules/ai-writer/builtin/index.ts';\nexport { AI_EXAMPLE_FIELDS } from '@duka/core';",
      resolveDir: root,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    alias: { '@duka/core': path.join(root, 'packages', 'core', 'src', 'index.ts') },
    nodePaths: [path.join(root, 'node_modules')],
    logLevel: 'warning',
  });
  const mod = await import(pathToFileURL(outfile).href);
  rmSync(outDir, { recursive: true, force: true });
  return mod;
}
const { writeBuiltin, AI_EXAMPLE_FIELDS: FIELDS } = await loadWriter();

async function writerLatency() {
  const perType = {};
  for (const [type, fields] of Object.entries(FIELDS)) {
    for (let i = 0; i < 20; i++) writeBuiltin(type, fields, 'en', { seed: i, source: SOURCE }); // warm-up
    const times = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      writeBuiltin(type, fields, ['en', 'fr', 'sw'][i % 3], { seed: i, source: SOURCE });
      times.push(performance.now() - t0);
    }
    perType[type] = { p50_ms: r2(pct(times, 50)), p95_ms: r2(pct(times, 95)), max_ms: r2(Math.max(...times)) };
  }
  return perType;
}

// 2. A Chat Completions server answering after PROVIDER_DELAY_MS.
function startFakeLlm(port) {
  const server = http.createServer(async (req, res) => {
    for await (const _ of req);
    await sleep(PROVIDER_DELAY_MS);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'x',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: `# Newsletter\n\n${'Some generated text. '.repeat(60)}` }, finish_reason: 'stop' }],
      }),
    );
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

async function startDuka(env) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'duka-bench-ai-data-'));
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: { ...benchServerEnv(dataDir, port), AI_FREE_CREDIT: '1000000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break;
    } catch {
      // not yet
    }
    if (i > 6000) throw new Error('server did not start');
    await sleep(10);
  }
  const auth = await signUp(`${base}/api`);
  return { child, base, auth, dataDir };
}

async function stop(d) {
  if (d.child.exitCode === null) {
    const exited = new Promise((r) => d.child.once('exit', r));
    d.child.kill('SIGTERM');
    await Promise.race([exited, sleep(5000)]);
  }
  rmSync(d.dataDir, { recursive: true, force: true });
}

/** Client-side latency of each call, and the server's own overhead from its Server-Timing header (total − fetch − provider). */
async function timeGenerate(d, body, rounds) {
  const times = [];
  const server = [];
  const baseline = [];
  for (let i = 0; i < rounds + 5; i++) {
    const t0 = performance.now();
    const res = await fetch(`${d.base}/api/ai-writter/generate`, { method: 'POST', headers: d.auth, body: JSON.stringify(body) });
    const text = await res.text();
    const t1 = performance.now();
    if (res.status !== 200) throw new Error(`generate answered ${res.status}: ${text}`);
    const timing = Object.fromEntries(
      (res.headers.get('server-timing') ?? '')
        .split(',')
        .map((p) => /(\w+);dur=([\d.]+)/.exec(p))
        .filter(Boolean)
        .map((m) => [m[1], Number(m[2])]),
    );
    // A cheap authenticated route right after, for the noise level of the machine at that moment.
    const b0 = performance.now();
    await (await fetch(`${d.base}/api/ai-writter/credit`, { headers: d.auth })).text();
    if (i < 5) continue; // warm-up
    times.push(t1 - t0);
    server.push(timing.total - (timing.fetch ?? 0) - timing.provider);
    baseline.push(performance.now() - b0);
  }
  return { times, server, baseline };
}

const writer = await writerLatency();
const worstWriter = Math.max(...Object.values(writer).map((w) => w.p95_ms));

const llmPort = await freePort();
const llm = await startFakeLlm(llmPort);
let overhead;
let builtinRoute;
try {
  const withLlm = await startDuka({ AI_BASE_URL: `http://127.0.0.1:${llmPort}/v1`, AI_MODEL: 'bench-model' });
  try {
    const { times, server, baseline } = await timeGenerate(withLlm, { generate: 'newsletter', description: 'We opened a second branch in Lekki' }, ROUNDS);
    overhead = {
      server_overhead_p50_ms: r2(pct(server, 50)),
      server_overhead_p95_ms: r2(pct(server, 95)),
      client_route_p50_ms: r2(pct(times, 50)),
      client_overhead_p50_ms: r2(pct(times, 50) - PROVIDER_DELAY_MS),
      client_overhead_min_ms: r2(Math.min(...times) - PROVIDER_DELAY_MS),
      provider_delay_ms: PROVIDER_DELAY_MS,
      baseline_get_credit_p50_ms: r2(pct(baseline, 50)),
    };
  } finally {
    await stop(withLlm);
  }
  const plain = await startDuka({ AI_BASE_URL: '' });
  try {
    const { times, server } = await timeGenerate(plain, { generate: 'business_plan', ...FIELDS.business_plan }, ROUNDS);
    builtinRoute = {
      business_plan_route_p50_ms: r2(pct(times, 50)),
      business_plan_route_p95_ms: r2(pct(times, 95)),
      server_overhead_p50_ms: r2(pct(server, 50)),
    };
  } finally {
    await stop(plain);
  }
} finally {
  llm.close();
}

const results = {
  builtin_writer_ms: writer,
  builtin_writer_worst_p95_ms: worstWriter,
  target_builtin_writer_ms: 50,
  generate_route_overhead: overhead,
  target_overhead_ms: 20,
  builtin_route: builtinRoute,
  settings: { rounds: ROUNDS, database: 'PGlite', node: process.version, load_average: (await import('node:os')).loadavg().map(r2) },
  measured_at: new Date().toISOString(),
};
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', 'ai.json'), `${JSON.stringify(results, null, 2)}\n`);
for (const [type, w] of Object.entries(writer)) console.log(`built-in ${type.padEnd(18)} p50 ${w.p50_ms} ms  p95 ${w.p95_ms} ms  max ${w.max_ms} ms`);
console.log(`built-in writer worst p95 ${worstWriter} ms (target < 50 ms)`);
console.log(
  `generate route overhead over the provider call (Server-Timing total − provider): p50 ${overhead.server_overhead_p50_ms} ms, p95 ${overhead.server_overhead_p95_ms} ms (target < 20 ms)`,
);
console.log(
  `client-side: route p50 ${overhead.client_route_p50_ms} ms with a ${PROVIDER_DELAY_MS} ms provider → ${overhead.client_overhead_p50_ms} ms (min ${overhead.client_overhead_min_ms} ms); GET credit p50 ${overhead.baseline_get_credit_p50_ms} ms`,
);
console.log(`built-in business plan through the route: p50 ${builtinRoute.business_plan_route_p50_ms} ms`);
