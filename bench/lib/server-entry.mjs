// Runs a small TypeScript entry against the server's own modules (apps/server/src), bundled with esbuild in this
// process (core and pdf from source), as the fiscal and reminders benches do: `main` is the entry's export.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverDir = path.join(root, 'apps', 'server');

/** Bundles `entry` (TypeScript source importing './src/…' of apps/server), imports it, runs `use(module)`, removes the bundle. */
export async function withServerEntry(name, entry, use) {
  const cacheDir = path.join(serverDir, 'node_modules', '.cache', 'duka-bench');
  mkdirSync(cacheDir, { recursive: true });
  const outfile = path.join(cacheDir, `${name}-${process.pid}.mjs`);
  await build({
    stdin: { contents: entry, resolveDir: serverDir, loader: 'ts' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    outfile,
    logLevel: 'warning',
    alias: { '@duka/core': path.join(root, 'packages/core/src/index.ts'), '@duka/pdf': path.join(root, 'packages/pdf/src/index.ts') },
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  try {
    return await use(await import(pathToFileURL(outfile).href));
  } finally {
    rmSync(outfile, { force: true });
  }
}
