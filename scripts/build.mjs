// Builds the web app (apps/web/dist) and the server bundle (apps/server/dist). `--if-missing` skips fresh parts.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ifMissing = process.argv.includes('--if-missing');

function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Stale when the output is missing or older than any source it is built from. */
function stale(output, sources) {
  const out = path.join(root, output);
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > built);
}

const run = (args, cwd) => execFileSync(process.execPath, args, { cwd: path.join(root, cwd), stdio: 'inherit' });
const viteBin = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');

if (
  !ifMissing ||
  stale('apps/web/dist/index.html', [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/pay.html',
    'apps/web/vite.config.ts',
    'apps/web/build',
    'packages/core/src',
    'packages/pdf/src',
  ])
) {
  console.log('building the web app…');
  run([viteBin, 'build', '--logLevel', 'warn'], 'apps/web');
}
if (
  !ifMissing ||
  stale('apps/server/dist/pgdata-template/PG_VERSION', [
    'apps/server/src',
    'apps/server/drizzle',
    'apps/server/build.mjs',
    'packages/core/src',
    'packages/pdf/src',
  ])
) {
  console.log('building the server…');
  run(['build.mjs'], 'apps/server');
}
