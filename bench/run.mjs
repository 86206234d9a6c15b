// `npm run bench`: builds the product, runs every bench/*.bench.mjs in turn, prints one table of figures
// and writes bench/results/summary.json. Figures are reported, not asserted.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const resultsDir = path.join(benchDir, 'results');
mkdirSync(resultsDir, { recursive: true });

if (!process.argv.includes('--no-build')) execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });

const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const files = readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => !only.length || only.some((o) => f.startsWith(o)))
  .sort();
const summary = {};
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const started = Date.now();
  const r = spawnSync(process.execPath, [path.join(benchDir, file)], { cwd: root, stdio: 'inherit', timeout: 10 * 60_000 });
  const name = file.replace(/\.bench\.mjs$/, '');
  const out = path.join(resultsDir, `${name}.json`);
  summary[name] = {
    ok: r.status === 0,
    seconds: (Date.now() - started) / 1000,
    results: existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : null,
  };
}
writeFileSync(path.join(resultsDir, 'summary.json'), JSON.stringify(summary, null, 2));

const rows = [];
const flatten = (prefix, value) => {
  if (value && typeof value === 'object' && !Array.isArray(value)) for (const [k, v] of Object.entries(value)) flatten(prefix ? `${prefix}.${k}` : k, v);
  else rows.push([prefix, JSON.stringify(value)]);
};
for (const [name, s] of Object.entries(summary)) flatten(name, s.ok ? s.results : { failed: true });
const width = Math.max(...rows.map((r) => r[0].length), 10);
console.log(`\n${'figure'.padEnd(width)}  value`);
for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
console.log(`\nresults: ${path.relative(root, resultsDir)}/*.json`);
