import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/**
 * The receipt reader's files (issue 29), served from our own origin so nothing is fetched from a CDN at run time:
 * tesseract.js's worker, its WebAssembly core (with and without SIMD, LSTM only: a small loader and its .wasm,
 * found beside the worker) and the English and French models from
 * @tesseract.js-data/eng and /fra (4.0.0_best_int). Kept under assets/ocr/<version>/ (never changes: cached for a year),
 * not precached by the service worker, fetched only when the owner picks a receipt photo.
 * The model is stored unzipped beside its .br and .gz copies, like every other built file, so the server sends
 * it compressed by content negotiation (the package's own gzip bytes are the .gz copy).
 */
export const OCR_VERSION: string = (require('tesseract.js/package.json') as { version: string }).version;
export const OCR_DIR = `assets/ocr/${OCR_VERSION}`;

/** A file's bytes as served: the model unzipped (the package ships it gzipped). */
function bytes(name: string, file: string): Buffer {
  return name.endsWith('.traineddata') ? gunzipSync(readFileSync(file)) : readFileSync(file);
}

function files(): Record<string, string> {
  const tess = path.dirname(require.resolve('tesseract.js/package.json'));
  const core = path.dirname(require.resolve('tesseract.js-core/package.json'));
  const eng = path.dirname(require.resolve('@tesseract.js-data/eng/package.json'));
  // French (issue 29): fetched only by owners whose screen is in French (1.2 MB, ≈0.6 MB br; English is 5.2 MB).
  const fra = path.dirname(require.resolve('@tesseract.js-data/fra/package.json'));
  return {
    'worker.min.js': path.join(tess, 'dist/worker.min.js'),
    'tesseract-core-simd-lstm.js': path.join(core, 'tesseract-core-simd-lstm.js'),
    'tesseract-core-simd-lstm.wasm': path.join(core, 'tesseract-core-simd-lstm.wasm'),
    'tesseract-core-lstm.js': path.join(core, 'tesseract-core-lstm.js'),
    'tesseract-core-lstm.wasm': path.join(core, 'tesseract-core-lstm.wasm'),
    'eng.traineddata': path.join(eng, '4.0.0_best_int/eng.traineddata.gz'),
    'fra.traineddata': path.join(fra, '4.0.0_best_int/fra.traineddata.gz'),
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
        res.setHeader('content-type', name?.endsWith('.js') ? 'text/javascript' : name?.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream');
        res.end(bytes(name ?? '', file));
      });
    },
    generateBundle() {
      for (const [name, file] of Object.entries(files())) {
        const source = bytes(name, file);
        this.emitFile({ type: 'asset', fileName: `${OCR_DIR}/${name}`, source });
        // The build's precompress step leaves .wasm and the model alone: brotli 5 here (≈1–3 s; 11 takes ≈30 s a file).
        if (name.endsWith('.js')) continue;
        const br = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } });
        this.emitFile({ type: 'asset', fileName: `${OCR_DIR}/${name}.br`, source: br });
        const gz = name === 'eng.traineddata' ? readFileSync(file) : gzipSync(source, { level: 9 });
        this.emitFile({ type: 'asset', fileName: `${OCR_DIR}/${name}.gz`, source: gz });
      }
    },
  };
}
