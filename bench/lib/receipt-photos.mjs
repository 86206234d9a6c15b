// Receipt photos for the OCR benches (issue 29): the server tests' photo maker, and a folder of photos with the
// fields each should give.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './server.mjs';

/** A TypeScript module of the repository bundled with esbuild and loaded from the server's folder (so `sharp` resolves as the server's). */
async function loadTs(relative) {
  const { build } = await import('esbuild');
  const dir = mkdtempSync(path.join(tmpdir(), 'duka-bench-ts-'));
  const outfile = path.join(dir, 'module.mjs');
  await build({
    entryPoints: [path.join(root, relative)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    nodePaths: [path.join(root, 'node_modules')],
    logLevel: 'warning',
  });
  const copy = path.join(root, 'apps', 'server', `.bench-${path.basename(relative, '.ts')}-${process.pid}.mjs`);
  writeFileSync(copy, readFileSync(outfile));
  rmSync(dir, { recursive: true, force: true });
  try {
    return await import(pathToFileURL(copy).href);
  } finally {
    rmSync(copy, { force: true });
  }
}

/** The server tests' photo maker (apps/server/src/test/receipt-photo.ts). */
export const photoMaker = () => loadTs('apps/server/src/test/receipt-photo.ts');

/** @duka/core (its money reading: a total written "227.13" → 22713 in GHS, "12 500" → 12500 in XAF). */
export const core = () => loadTs('packages/core/src/index.ts');

export const PHOTO_TYPES = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };
