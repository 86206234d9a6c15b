// `npm run admin -- grant <username>` (also revoke, list, log): the operator's admin command. Runs the built
// apps/server/dist/admin.js against the same database as the server (DATABASE_URL, else DATA_DIR), building the
// server first when the bundle is missing or older than its sources.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { newestMtime, root } from './build-check.mjs';

const bundle = path.join(root, 'apps', 'server', 'dist', 'admin.js');

const sources = ['apps/server/src', 'apps/server/drizzle', 'packages/core/src'].map((s) => path.join(root, s));
if (!existsSync(bundle) || sources.some((s) => newestMtime(s) > statSync(bundle).mtimeMs)) {
  console.error('building the server…');
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'apps', 'server'), stdio: 'inherit' });
}
const result = spawnSync(process.execPath, [bundle, ...process.argv.slice(2)], { stdio: 'inherit', env: process.env });
process.exit(result.status ?? 1);
