import { parseReceiptText, type ReceiptDraft } from '@duka/core';
import { useCallback, useRef, useState } from 'react';
import { api } from '../../../data/api';
import { todayForBusiness } from '../../../data/today';

export type ReadingState =
  | { step: 'idle' }
  | { step: 'loading' | 'reading'; progress: number }
  | { step: 'asking' }
  | { step: 'done'; draft: ReceiptDraft; source: 'parser' | 'model'; text: string }
  | { step: 'unreadable'; text: string }
  | { step: 'failed' };

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable photo'));
    reader.readAsDataURL(blob);
  });
}

/**
 * Reads a receipt photo into a draft expense (issue 29): OCR on this device (works offline once the reader was
 * fetched) and core's reader; when online, the server is asked too — its vision model (AI_BASE_URL) answers when
 * configured and sensible, else the device's reading stands. A newer photo cancels the reading of an older one.
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
        const { readPhotoText } = await import('./ocr');
        text = await readPhotoText(photo, (step, progress) => set({ step, progress }));
      } catch {
        return set({ step: 'failed' });
      }
      if (run !== latest.current) return { step: 'idle' };
      const ctx = { currency, today: todayForBusiness() };
      let draft = parseReceiptText(text, ctx);
      let source: 'parser' | 'model' = 'parser';
      if (navigator.onLine) {
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
