// Which parts of the build are missing or older than their sources (scripts/build.mjs --if-missing, npm start): a
// walk of the source folders' modification times, in the caller's process (npm start runs no extra Node for it).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The newest modification time (ms) of a file, or of the files below a folder (node_modules and dist left out); 0 when absent. */
export function newestMtime(dir) {
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

/** The web app (apps/web/dist) needs building. */
export const webStale = () =>
  stale('apps/web/dist/index.html', [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/pay.html',
    'apps/web/vite.config.ts',
    'apps/web/build',
    'packages/core/src',
    'packages/pdf/src',
  ]);

/** The server bundle and its database template (apps/server/dist) need building. */
export const serverStale = () =>
  stale('apps/server/dist/pgdata-template/PG_VERSION', [
    'apps/server/src',
    'apps/server/drizzle',
    'apps/server/build.mjs',
    'packages/core/src',
    'packages/pdf/src',
  ]);
