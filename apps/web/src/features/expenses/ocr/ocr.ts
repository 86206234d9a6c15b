/**
 * Reading a receipt photo on the device (issue 29) with tesseract.js, loaded only when the owner picks a photo.
 * Its worker, WebAssembly core and English (or, for a French screen, French) model come from our own origin (build/ocrAssets.ts): nothing is fetched
 * from a CDN, and once read the model is kept on the device (IndexedDB) for the next photo, offline too.
 */
import { readTurning, type Turn } from '@duka/core';

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

/** The model a receipt is read with: French for an owner whose screen is in French (its data is fetched only then). */
export type OcrLanguage = 'eng' | 'fra';
export const ocrLanguageFor = (screen: string): OcrLanguage => (screen === 'fr' ? 'fra' : 'eng');

/** Longest wait without any step of the reader moving (the first download of ~4 MB on a slow link included). */
const STALL_MS = 120_000;
/** Turned readings start only this long after the first one began: a slow phone is not kept reading for minutes. */
const TURNS_WITHIN_MS = 60_000;

/**
 * The photo turned (a quarter either way, or a half) as a PNG, for another reading. The browser decodes it the way up
 * its EXIF says, as the reader does.
 */
async function turnedPhoto(photo: Blob, turn: Turn): Promise<Blob> {
  const bitmap = await createImageBitmap(photo);
  const quarter = turn !== 'half';
  const [w, h] = quarter ? [bitmap.height, bitmap.width] : [bitmap.width, bitmap.height];
  const canvas = new OffscreenCanvas(w, h);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas to turn the photo on');
  ctx.translate(w / 2, h / 2);
  ctx.rotate(turn === 'half' ? Math.PI : turn === 'clockwise' ? Math.PI / 2 : -Math.PI / 2);
  ctx.drawImage(bitmap, -bitmap.width / 2, -bitmap.height / 2);
  bitmap.close();
  return canvas.convertToBlob({ type: 'image/png' });
}

/**
 * The text of a photo. `onProgress` gets the stage and 0..1 (loading the reader, then reading); rejects when the
 * reader cannot load (offline before it was ever fetched) or the image cannot be decoded. When `readable` says the
 * upright text is not a receipt, the photo is read again turned, in the server's order (core's readTurning: a photo
 * taken upside down or sideways), and the first readable text is the answer; else the upright text.
 */
export async function readPhotoText(
  photo: Blob,
  onProgress: (stage: OcrStage, progress: number) => void,
  language: OcrLanguage = 'eng',
  readable: (text: string) => boolean = () => true,
): Promise<string> {
  onProgress('loading', 0);
  // The reader reports each step; when nothing moves for STALL_MS (a file that cannot be fetched, a worker that
  // died), the reading fails with a message instead of spinning for ever.
  let fail: (reason: unknown) => void = () => {};
  const failed = new Promise<never>((_resolve, reject) => {
    fail = reject;
  });
  // Marked as handled: a late worker error after the reading ended must not surface as an unhandled rejection.
  failed.catch(() => undefined);
  let stall: ReturnType<typeof setTimeout> | undefined;
  const poke = () => {
    clearTimeout(stall);
    stall = setTimeout(() => fail(new Error('the receipt reader stopped')), STALL_MS);
  };
  poke();
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  const base = __OCR_BASE__;
  let worker: Awaited<ReturnType<typeof createWorker>> | undefined;
  try {
    worker = await Promise.race([
      createWorker(language, OEM.LSTM_ONLY, {
        workerPath: `${base}worker.min.js`,
        // The loader finds its .wasm beside the worker (same folder).
        corePath: `${base}${hasSimd() ? 'tesseract-core-simd-lstm.js' : 'tesseract-core-lstm.js'}`,
        langPath: base.replace(/\/$/, ''),
        gzip: false,
        workerBlobURL: false,
        errorHandler: (err: unknown) => fail(err),
        logger: (m: { status: string; progress: number }) => {
          poke();
          onProgress(m.status === 'recognizing text' ? 'reading' : 'loading', m.progress);
        },
      }),
      failed,
    ]);
    // A receipt is a column of lines: read it as one block of text.
    await Promise.race([worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, preserve_interword_spaces: '1' }), failed]);
    const reader = worker;
    const started = Date.now();
    const read = async (turn: Turn | null) => {
      if (turn && Date.now() - started > TURNS_WITHIN_MS) throw new Error('no time left to read the photo turned');
      const picture = turn ? await turnedPhoto(photo, turn) : photo;
      const { data } = await Promise.race([reader.recognize(picture), failed]);
      return data.text;
    };
    const { text } = await readTurning(read, (t) => ({ readable: readable(t) }));
    return text;
  } finally {
    clearTimeout(stall);
    void worker?.terminate();
  }
}
