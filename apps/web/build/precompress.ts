import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const br = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Writes file.br (brotli, best) and file.gz (gzip -9) beside every text file of `dir` over `minBytes`, when smaller. */
export async function precompressDir(dir: string, minBytes = 512): Promise<number> {
  let count = 0;
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < minBytes) continue;
    const buf = await readFile(file);
    const [b, g] = await Promise.all([
      br(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length } }),
      gz(buf, { level: 9 }),
    ]);
    if (b.length < buf.length) await writeFile(`${file}.br`, b);
    if (g.length < buf.length) await writeFile(`${file}.gz`, g);
    count++;
  }
  return count;
}

/**
 * Brotli and gzip copies of the built files, made once at build so the server sends them by content negotiation
 * (apps/server/src/modules/web). Runs last, after the service worker has been written.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'duka:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(c) {
      config = c;
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        const n = await precompressDir(outDir);
        config.logger.info(`precompressed ${n} files (br, gz)`);
      },
    },
  };
}
