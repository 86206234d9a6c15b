// `npm test`: typecheck, lint, then every suite; ends with one line `N passed, N failed`.
// Chromium (e2e) and PostgreSQL (TEST_DATABASE_URL) suites skip with a notice when missing, except under CI=true.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true';
const only = process.argv.slice(2);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let passed = 0;
let failed = 0;
const summary = [];
const failures = [];

function step(name, cmd, args, opts = {}) {
  if (only.length && !only.some((o) => name.startsWith(o))) return;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: opts.cwd ?? root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  const ok = r.status === 0;
  if (opts.counts) {
    const c = opts.counts();
    passed += c.passed;
    failed += c.failed;
    if (!ok && c.failed === 0) failed += 1; // the suite itself crashed
    summary.push(`${name}: ${c.passed} passed, ${c.failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } else {
    if (ok) passed += 1;
    else failed += 1;
    summary.push(`${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
}

function skip(name, why) {
  if (only.length && !only.some((o) => name.startsWith(o))) return;
  if (ci) {
    console.log(`\n=== ${name} === required under CI=true but ${why}`);
    failed += 1;
    summary.push(`${name}: FAILED (${why})`);
  } else {
    console.log(`\n=== ${name} === skipped: ${why}`);
    summary.push(`${name}: skipped (${why})`);
  }
}

function vitest(name, workspace, env = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'duka-vitest-'));
  const out = path.join(dir, 'result.json');
  step(
    name,
    process.execPath,
    [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    {
      cwd: path.join(root, workspace),
      env,
      counts: () => {
        if (!existsSync(out)) return { passed: 0, failed: 0 };
        const r = JSON.parse(readFileSync(out, 'utf8'));
        rmSync(dir, { recursive: true, force: true });
        for (const file of r.testResults ?? []) {
          if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed'))
            failures.push(`${name}: ${path.relative(root, file.name)}: ${file.message ?? 'suite failed'}`);
          for (const a of file.assertionResults ?? [])
            if (a.status === 'failed')
              failures.push(
                `${name}: ${path.relative(root, file.name)} › ${a.fullName}\n    ${(a.failureMessages ?? []).join('\n').split('\n').slice(0, 3).join('\n    ')}`,
              );
        }
        return { passed: r.numPassedTests ?? 0, failed: (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0) };
      },
    },
  );
}

/**
 * Steps in lanes that run at the same time, each lane's steps one after another; a step's output is printed whole
 * when it ends, under its own header. The checks are single-threaded (tsc, eslint, prettier): on two cores the
 * typecheck runs beside the two linters instead of before them.
 */
async function lanes(...list) {
  const results = [];
  const runLane = async (lane) => {
    for (const [name, cmd, args] of lane) {
      if (only.length && !only.some((o) => name.startsWith(o))) continue;
      const started = Date.now();
      const chunks = [];
      const status = await new Promise((resolve) => {
        const child = spawn(cmd, args, { cwd: root, env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') } });
        child.stdout.on('data', (d) => chunks.push(d));
        child.stderr.on('data', (d) => chunks.push(d));
        child.on('error', (err) => {
          chunks.push(Buffer.from(String(err)));
          resolve(1);
        });
        child.on('close', (code) => resolve(code));
      });
      console.log(`\n=== ${name} ===`);
      process.stdout.write(Buffer.concat(chunks));
      results.push({ name, ok: status === 0, seconds: (Date.now() - started) / 1000 });
    }
  };
  await Promise.all(list.map(runLane));
  // The summary keeps the steps' usual order, whichever ended first.
  const order = list.flat().map(([name]) => name);
  for (const r of results.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name))) {
    if (r.ok) passed += 1;
    else failed += 1;
    summary.push(`${r.name}: ${r.ok ? 'ok' : 'FAILED'} (${r.seconds.toFixed(1)} s)`);
  }
}

const npx = (bin) => path.join(root, 'node_modules', '.bin', bin);
// `test.mjs lint` runs both linters; `lint:eslint` or `lint:prettier` one of them (`npm run format` fixes what Prettier reports).
await lanes(
  [['typecheck', 'npm', ['run', 'typecheck', '--silent']]],
  [
    ['lint:eslint', npx('eslint'), ['--max-warnings=0', '.']],
    ['lint:prettier', npx('prettier'), ['--check', '--cache', '--log-level=warn', '.']],
  ],
);
vitest('core', 'packages/core');
vitest('pdf', 'packages/pdf');
vitest('server (PGlite)', 'apps/server', { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) vitest('server (PostgreSQL)', 'apps/server', { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL, DUKA_TEST_PG: '1' });
else skip('server (PostgreSQL)', 'TEST_DATABASE_URL is not set (.ci/run starts a throwaway PostgreSQL)');
vitest('web', 'apps/web');
if (existsSync(chromium)) {
  step('build', process.execPath, [path.join(root, 'scripts', 'build.mjs')]);
  vitest('e2e', 'e2e', { CHROMIUM_PATH: chromium });
} else skip('e2e', `${chromium} is missing (apt-get install -y chromium)`);

if (failures.length) console.log(`\nFailed tests:\n${failures.join('\n')}`);
console.log(`\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
