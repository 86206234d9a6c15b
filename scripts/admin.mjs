// `npm run admin -- grant <username>` (also revoke, list, log): the operator's admin command. Runs the built
// apps/server/dist/admin.js against the same database as the server (DATABASE_URL, else DATA_DIR), building the
// server first when the bundle is missing or older than its sources.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(root, 'apps', 'server', 'dist', 'admin.js');

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

const sources = ['apps/server/src', 'apps/server/drizzle', 'packages/core/src'].map((s) => path.join(root, s));
if (!existsSync(bundle) || sources.some((s) => newestMtime(s) > statSync(bundle).mtimeMs)) {
  console.error('building the server…');
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'apps', 'server'), stdio: 'inherit' });
}
const result = spawnSync(process.execPath, [bundle, ...process.argv.slice(2)], { stdio: 'inherit', env: process.env });
process.exit(result.status ?? 1);
