import { useCallback, useEffect, useRef, useState } from 'react';
import type { Language } from '../../i18n';

/** The bits of the Web Speech API the order box uses (Chrome names it webkitSpeechRecognition). */
interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((e: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onend: (() => void) | null;
  onerror: ((e: { error?: string }) => void) | null;
  start(): void;
  stop(): void;
}
type RecognitionClass = new () => Recognition;

function recognitionClass(): RecognitionClass | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionClass; webkitSpeechRecognition?: RecognitionClass };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** The screen's language as a speech language (Swahili as spoken in Kenya and Tanzania is the one browsers offer). */
const SPEECH_LANG: Record<Language, string> = { en: 'en-NG', fr: 'fr-FR', sw: 'sw-KE' };

/**
 * Speech to text in the screen's language, where the browser has it (null `start` otherwise: the button is hidden).
 * `onText` gets the words heard once the owner stops speaking.
 */
export function useSpeech(language: Language, onText: (text: string) => void, onNothing: () => void) {
  const Class = recognitionClass();
  const [listening, setListening] = useState(false);
  const current = useRef<Recognition | null>(null);
  useEffect(() => () => current.current?.stop(), []);
  const start = useCallback(() => {
    if (!Class) return;
    const r = new Class();
    r.lang = SPEECH_LANG[language];
    r.interimResults = false;
    r.continuous = false;
    let heard = '';
    r.onresult = (e) => {
      heard = Array.from(e.results)
        .map((res) => res[0]?.transcript ?? '')
        .join(' ')
        .trim();
    };
    r.onerror = () => undefined;
    r.onend = () => {
      setListening(false);
      current.current = null;
      if (heard) onText(heard);
      else onNothing();
    };
    current.current = r;
    setListening(true);
    r.start();
  }, [Class, language, onText, onNothing]);
  const stop = useCallback(() => current.current?.stop(), []);
  return { supported: !!Class, listening, start, stop };
}
