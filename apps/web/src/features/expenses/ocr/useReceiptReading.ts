import { parseReceiptText, type ReceiptDraft } from '@duka/core';
import { useCallback, useRef, useState } from 'react';
import { todayForBusiness } from '../../../data/today';
import { activeLanguage } from '../../../i18n';
import { PhotoRefused, readOnServer, type RefusedReason } from './server';

export type ReadingState =
  | { step: 'idle' }
  | { step: 'loading' | 'reading'; progress: number }
  /** The photo is being read on the server. */
  | { step: 'asking' }
  /** parser: read on this device; server: the server's OCR; model: the server's vision model. */
  | { step: 'done'; draft: ReceiptDraft; source: 'parser' | 'server' | 'model'; text: string }
  | { step: 'unreadable'; text: string }
  | { step: 'failed' }
  /** The server cannot read this photo (a PDF, a picture too large or too small…): its words. */
  | { step: 'refused'; reason: RefusedReason; message: string }
  /** Offline before the reader was ever fetched: the photo is kept and read when the device is back online. */
  | { step: 'waiting' };

/**
 * Reads a receipt photo into a draft expense (issue 29). Online, the photo is sent to the server, which reads it
 * (its vision model when AI_BASE_URL is set, else its own OCR); offline, or when the server cannot read it now
 * (busy, slow, unreachable), it is read on this device (works offline once the reader was fetched) with core's
 * reader. A newer photo cancels the reading of an older one.
 */
export function useReceiptReading(currency: string) {
  const [state, setState] = useState<ReadingState>({ step: 'idle' });
  const latest = useRef(0);

  const read = useCallback(
    async (photo: Blob): Promise<ReadingState> => {
      const run = ++latest.current;
      const set = (s: ReadingState) => {
        if (run === latest.current) setState(s);
        return s;
      };
      if (navigator.onLine) {
        set({ step: 'asking' });
        try {
          const answer = await readOnServer(photo);
          if (run !== latest.current) return { step: 'idle' };
          if (answer) return set(answer.draft.readable ? { step: 'done', ...answer } : { step: 'unreadable', text: answer.text });
        } catch (err) {
          if (err instanceof PhotoRefused) return set({ step: 'refused', reason: err.reason, message: err.message });
        }
      }
      const parse = (text: string) => parseReceiptText(text, { currency, today: todayForBusiness() });
      let text: string;
      try {
        const { ocrLanguageFor, readPhotoText } = await import('./ocr');
        text = await readPhotoText(
          photo,
          (step, progress) => set({ step, progress }),
          ocrLanguageFor(activeLanguage()),
          (t) => parse(t).readable,
        );
      } catch {
        return set({ step: navigator.onLine ? 'failed' : 'waiting' });
      }
      if (run !== latest.current) return { step: 'idle' };
      // What the device read (turned when upright was not readable: the same rule as the server's).
      const draft = parse(text);
      return set(draft.readable ? { step: 'done', draft, source: 'parser', text } : { step: 'unreadable', text });
    },
    [currency],
  );
  const reset = useCallback(() => {
    latest.current++;
    setState({ step: 'idle' });
  }, []);
  return { state, read, reset };
}
