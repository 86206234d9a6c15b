import path from 'node:path';
import { createRequire } from 'node:module';
import type { Worker as OcrWorker } from 'tesseract.js';
import { AppError } from '../../lib/errors';

const require = createRequire(import.meta.url);

/** Tesseract's data: English, or French for a French screen. */
export type OcrLanguage = 'eng' | 'fra';

/**
 * Where the language data is: the npm packages @tesseract.js-data/eng and /fra (installed with the server, the same
 * 4.0.0_best_int data the device uses). Nothing is fetched at run time, and nothing is written (no cache).
 */
export function languageDataPath(lang: OcrLanguage): string {
  return path.join(path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), '4.0.0_best_int');
}

export interface OcrLimits {
  /** Longest one photo's reading may take (its turns included) and longest it may wait for its turn. */
  timeoutMs: number;
  /** Photos waiting for their turn at most, all users together; one more is answered "busy". */
  maxWaiting: number;
  /** Photos one user may have waiting or being read. */
  perUser: number;
  /** The reader (and its memory) is let go after this long without a photo. */
  idleMs: number;
}

/** Reads the text of a PGM picture; rejects once the photo's time is up. */
export type ReadText = (pgm: Buffer) => Promise<string>;

const busy = () => new AppError('unavailable', 'The receipt reader is busy with other photos. Try again in a minute, or fill in the expense yourself.');
const tooLong = () =>
  new AppError('unavailable', 'Reading this photo took too long. Take it again closer, flat and in good light, or fill in the expense yourself.');

/**
 * The server's receipt OCR (issue 29): one Tesseract worker (tesseract.js runs it in a worker thread, so reading never
 * blocks the server's requests), photos read one at a time in arrival order. A reading that runs past its time is
 * stopped by ending the worker (a new one starts for the next photo); when too many photos wait, or one has waited
 * its whole time, the answer is "busy". Memory is kept low by the picture's size (see image.ts), not by V8 limits:
 * Tesseract's memory is WebAssembly memory, which a worker's resourceLimits do not count.
 */
export class ReceiptOcr {
  private worker: Promise<OcrWorker> | null = null;
  private language: OcrLanguage | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private readonly byUser = new Map<string, number>();
  private idle: ReturnType<typeof setTimeout> | undefined;
  /** Readings stopped for their time (for the logs and tests). */
  stopped = 0;

  constructor(readonly limits: OcrLimits) {}

  /**
   * Runs `work` on the reader when it is this photo's turn. `work` may read several pictures (a photo turned a
   * quarter when the first reading found nothing); the photo's time covers them all.
   */
  async read<T>(userId: string, language: OcrLanguage, work: (text: ReadText) => Promise<T>): Promise<T> {
    if (this.waiting >= this.limits.maxWaiting) throw busy();
    this.waiting++;
    const queuedAt = Date.now();
    const turn = this.tail.then(async () => {
      if (Date.now() - queuedAt > this.limits.timeoutMs) throw busy();
      clearTimeout(this.idle);
      const deadline = Date.now() + this.limits.timeoutMs;
      try {
        return await work(async (pgm) => {
          const worker = await this.inTime(this.workerFor(language), deadline);
          const { data } = await this.inTime(worker.recognize(pgm, { rotateAuto: true }), deadline);
          return data.text;
        });
      } finally {
        this.idle = setTimeout(() => void this.close(), this.limits.idleMs);
        this.idle.unref?.();
      }
    });
    this.tail = turn.catch(() => undefined);
    try {
      return await turn;
    } finally {
      this.waiting--;
    }
  }

  /**
   * Counts one photo of this user from its arrival (before it is received and shrunk) until `release`; a user's
   * photo beyond `perUser` at once is refused.
   */
  admit(userId: string): () => void {
    const mine = this.byUser.get(userId) ?? 0;
    if (mine >= this.limits.perUser) {
      throw new AppError('rate_limited', 'A photo of yours is already being read. Wait for its answer, then send the next one.');
    }
    this.byUser.set(userId, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.byUser.get(userId) ?? 1) - 1;
      if (left > 0) this.byUser.set(userId, left);
      else this.byUser.delete(userId);
    };
  }

  /** Ends the worker (its memory goes with it). */
  async close(): Promise<void> {
    clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = null;
    this.language = null;
    if (worker) await worker.then((w) => w.terminate()).catch(() => undefined);
  }

  /** The step's answer, or "took too long" once the photo's time is up (the worker is then ended). */
  private async inTime<T>(step: Promise<T>, deadline: number): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(tooLong()), Math.max(0, deadline - Date.now()));
    });
    step.catch(() => undefined); // a step still running when the worker is ended rejects later: not unhandled
    try {
      return await Promise.race([step, late]);
    } catch (err) {
      if (err instanceof AppError) {
        this.stopped++;
        await this.close();
      }
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  private async workerFor(language: OcrLanguage): Promise<OcrWorker> {
    if (this.worker && this.language === language) return this.worker;
    // Each language's data is in its own package folder: another language takes a new worker.
    if (this.worker) await this.close();
    this.language = language;
    this.worker = (async () => {
      const { createWorker, OEM, PSM } = await import('tesseract.js');
      const worker = await createWorker(language, OEM.LSTM_ONLY, { langPath: languageDataPath(language), cacheMethod: 'none', gzip: true });
      // A receipt is a column of lines: read it as one block. A set resolution keeps Tesseract from estimating
      // (and printing) one for every photo.
      await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, preserve_interword_spaces: '1', user_defined_dpi: '300' });
      return worker;
    })();
    // A worker that could not start is not kept: the next photo tries a new one.
    this.worker.catch(() => {
      if (this.language === language) {
        this.worker = null;
        this.language = null;
      }
    });
    return this.worker;
  }
}
