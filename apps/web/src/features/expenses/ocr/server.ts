import type { ReceiptDraft } from '@duka/core';
import { api, ApiError } from '../../../data/api';
import { activeLanguage } from '../../../i18n';

/** The server's reading of a receipt photo: its vision model (AI_BASE_URL) or its own OCR. */
export interface ServerReading {
  draft: ReceiptDraft;
  source: 'model' | 'server';
  text: string;
}

/** The server refused this photo (a PDF, not a picture, too large or too small): why, and its words. */
export class PhotoRefused extends Error {
  constructor(
    message: string,
    readonly reason: RefusedReason,
  ) {
    super(message);
  }
}
/** Why a photo was refused, from the answer's status: the note says it in the screen's language. */
export type RefusedReason = 'notPicture' | 'tooLarge' | 'tooSmall' | 'other';
const REASONS: Record<number, RefusedReason> = { 415: 'notPicture', 413: 'tooLarge', 422: 'tooSmall' };

/** Answers that say "not now" (busy, stopped for its time, signed out, offline): the device reads the photo instead. */
const NOT_NOW = new Set([0, 401, 403, 408, 429]);

/**
 * Sends the photo to the server to be read (issue 29), in the screen's language. Null when the server cannot read it
 * now (offline, busy, slow, an error on its side): the device's own reader is then used. Throws PhotoRefused with the
 * server's message when the photo itself cannot be read.
 */
export async function readOnServer(photo: Blob): Promise<ServerReading | null> {
  try {
    const form = new FormData();
    form.append('photo', photo, 'receipt.jpg');
    const answer = await api('POST /expenses/receipt-scan', { query: { language: activeLanguage() }, form, timeoutMs: 45_000 });
    return { draft: answer.draft, source: answer.source === 'model' ? 'model' : 'server', text: answer.text };
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500 && !NOT_NOW.has(err.status))
      throw new PhotoRefused(err.message, REASONS[err.status] ?? 'other');
    return null;
  }
}
