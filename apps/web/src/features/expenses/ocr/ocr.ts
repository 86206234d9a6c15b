/**
 * Reading a receipt photo on the device (issue 29) with tesseract.js, loaded only when the owner picks a photo.
 * Its worker, WebAssembly core and English model come from our own origin (build/ocrAssets.ts): nothing is fetched
 * from a CDN, and once read the model is kept on the device (IndexedDB) for the next photo, offline too.
 */
declare const __OCR_BASE__: string;

/** Whether this browser's WebAssembly has SIMD (the faster core); the same check as wasm-feature-detect's. */
function hasSimd(): boolean {
  try {
    return WebAssembly.validate(
      new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]),
    );
  } catch {
    return false;
  }
}

export type OcrStage = 'loading' | 'reading';

/**
 * The text of a photo. `onProgress` gets the stage and 0..1 (loading the reader, then reading); rejects when the
 * reader cannot load (offline before it was ever fetched) or the image cannot be decoded.
 */
export async function readPhotoText(photo: Blob, onProgress: (stage: OcrStage, progress: number) => void): Promise<string> {
  onProgress('loading', 0);
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  const base = __OCR_BASE__;
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    workerPath: `${base}worker.min.js`,
    corePath: `${base}${hasSimd() ? 'tesseract-core-simd-lstm.wasm.js' : 'tesseract-core-lstm.wasm.js'}`,
    langPath: base.replace(/\/$/, ''),
    gzip: false,
    workerBlobURL: false,
    logger: (m: { status: string; progress: number }) => {
      if (m.status === 'recognizing text') onProgress('reading', m.progress);
      else onProgress('loading', m.progress);
    },
  });
  try {
    // A receipt is a column of lines: read it as one block of text.
    await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, preserve_interword_spaces: '1' });
    const { data } = await worker.recognize(photo);
    return data.text;
  } finally {
    void worker.terminate();
  }
}
