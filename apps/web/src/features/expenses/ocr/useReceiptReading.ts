import { parseReceiptText, type ReceiptDraft } from '@duka/core';
import { useCallback, useRef, useState } from 'react';
import { queryClient } from '../../../app/queryClient';
import { api } from '../../../data/api';
import { todayForBusiness } from '../../../data/today';
import { activeLanguage } from '../../../i18n';
import { fetchState } from '../../accounts/api';
import { STATE_KEY } from '../../accounts/useAppState';

export type ReadingState =
  | { step: 'idle' }
  | { step: 'loading' | 'reading'; progress: number }
  | { step: 'asking' }
  | { step: 'done'; draft: ReceiptDraft; source: 'parser' | 'model'; text: string }
  | { step: 'unreadable'; text: string }
  | { step: 'failed' }
  /** Offline before the reader was ever fetched: the photo is kept and read when the device is back online. */
  | { step: 'waiting' };

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable photo'));
    reader.readAsDataURL(blob);
  });
}

/**
 * Whether the server has a model that reads receipt photos (GET /state's `features.receipt_model`: AI_BASE_URL is
 * set). Without one the server would only parse the text this device already parsed, so the photo is not uploaded.
 */
export async function serverReadsPhotos(): Promise<boolean> {
  try {
    const state = await queryClient.ensureQueryData({ queryKey: STATE_KEY, queryFn: fetchState });
    return state.features?.receipt_model === true;
  } catch {
    return false;
  }
}

/**
 * Reads a receipt photo into a draft expense (issue 29): OCR on this device (works offline once the reader was
 * fetched) and core's reader; when online and the server has a vision model (AI_BASE_URL), the photo is sent to it
 * and its answer is taken when sensible, else the device's reading stands. A newer photo cancels the reading of an older one.
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
      let text: string;
      try {
        const { ocrLanguageFor, readPhotoText } = await import('./ocr');
        text = await readPhotoText(photo, (step, progress) => set({ step, progress }), ocrLanguageFor(activeLanguage()));
      } catch {
        return set({ step: navigator.onLine ? 'failed' : 'waiting' });
      }
      if (run !== latest.current) return { step: 'idle' };
      const ctx = { currency, today: todayForBusiness() };
      let draft = parseReceiptText(text, ctx);
      let source: 'parser' | 'model' = 'parser';
      if (navigator.onLine && (await serverReadsPhotos())) {
        set({ step: 'asking' });
        try {
          const answer = await api('POST /expenses/receipt-read', { body: { image: await dataUrl(photo), text }, timeoutMs: 35_000 });
          if (answer.source === 'model' && answer.draft.readable) ({ draft, source } = answer);
        } catch {
          // The device's own reading stands (offline, slow or refused).
        }
      }
      return set(draft.readable ? { step: 'done', draft, source, text } : { step: 'unreadable', text });
    },
    [currency],
  );
  const reset = useCallback(() => {
    latest.current++;
    setState({ step: 'idle' });
  }, []);
  return { state, read, reset };
}
