import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/**
 * The receipt reader's files (issue 29), served from our own origin so nothing is fetched from a CDN at run time:
 * tesseract.js's worker, its WebAssembly core (with and without SIMD, LSTM only) and the English model from
 * @tesseract.js-data/eng (4.0.0_best_int). Kept under assets/ocr/<version>/ (never changes: cached for a year),
 * not precached by the service worker, fetched only when the owner picks a receipt photo.
 * The model keeps its gzip bytes under a name without .gz (the reader unzips it; the server never mistakes it for
 * a pre-compressed copy of something else).
 */
export const OCR_VERSION: string = (require('tesseract.js/package.json') as { version: string }).version;
export const OCR_DIR = `assets/ocr/${OCR_VERSION}`;

function files(): Record<string, string> {
  const tess = path.dirname(require.resolve('tesseract.js/package.json'));
  const core = path.dirname(require.resolve('tesseract.js-core/package.json'));
  const eng = path.dirname(require.resolve('@tesseract.js-data/eng/package.json'));
  return {
    'worker.min.js': path.join(tess, 'dist/worker.min.js'),
    'tesseract-core-simd-lstm.wasm.js': path.join(core, 'tesseract-core-simd-lstm.wasm.js'),
    'tesseract-core-lstm.wasm.js': path.join(core, 'tesseract-core-lstm.wasm.js'),
    'eng.traineddata': path.join(eng, '4.0.0_best_int/eng.traineddata.gz'),
  };
}

export function ocrAssets(): Plugin {
  return {
    name: 'duka:ocr-assets',
    config: () => ({ define: { __OCR_BASE__: JSON.stringify(`/${OCR_DIR}/`) } }),
    configureServer(server) {
      const map = files();
      server.middlewares.use((req, res, next) => {
        const name = req.url?.startsWith(`/${OCR_DIR}/`) ? req.url.slice(OCR_DIR.length + 2).split('?')[0] : null;
        const file = name ? map[name] : undefined;
        if (!file) return next();
        res.setHeader('content-type', name?.endsWith('.js') ? 'text/javascript' : 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    generateBundle() {
      for (const [name, file] of Object.entries(files())) this.emitFile({ type: 'asset', fileName: `${OCR_DIR}/${name}`, source: readFileSync(file) });
    },
  };
}
