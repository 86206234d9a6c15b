import { type AiTypeInfo, type RouteBody, TIMINGS } from '@duka/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError } from '../../data/api';
import { aiKeys, type ShownContent, writeAiCache } from './api';
import { errorMessage } from '../../ui/errors';

export type GenerationState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'low-credit' }
  | { status: 'login' }
  | { status: 'error'; message: string; offline?: boolean; fields?: Record<string, string> };

/**
 * SPEC §4 AI content: generate → loading (≤ 120 s) → the result modal opens 300 ms after.
 * A 401 insufficient_credit opens the Low Credit alert (SPEC §8); other errors are shown and logged.
 */
export function useGeneration(info: AiTypeInfo) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<GenerationState>({ status: 'idle' });
  const [shown, setShown] = useState<ShownContent | null>(null);
  const [credit, setCredit] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const aborter = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      aborter.current?.abort();
    },
    [],
  );

  const generate = useCallback(
    async (payload: Record<string, string>) => {
      aborter.current?.abort();
      const ctrl = new AbortController();
      aborter.current = ctrl;
      setState({ status: 'loading' });
      try {
        const { data } = await api('POST /ai-writter/generate', {
          // The form's fields are the type's (core AI_TYPES); the server checks them with the same schema.
          body: { ...payload, generate: info.type } as RouteBody<'POST /ai-writter/generate'>,
          signal: ctrl.signal,
          timeoutMs: TIMINGS.generationTimeout,
        });
        if (typeof data.credit === 'number') {
          setCredit(data.credit);
          queryClient.setQueryData(aiKeys.credit, data.credit);
          writeAiCache('credit', data.credit);
        } else void queryClient.invalidateQueries({ queryKey: aiKeys.credit });
        void queryClient.invalidateQueries({ queryKey: aiKeys.history });
        setState({ status: 'idle' });
        clearTimeout(timer.current);
        timer.current = setTimeout(
          () =>
            setShown({
              id: data.id,
              title: data.title || info.label,
              page_title: data.page_title,
              content: data.content,
              sample: false,
              favorite: false,
              source: data.source,
            }),
          TIMINGS.resultModalDelay,
        );
      } catch (e) {
        if (ctrl.signal.aborted && !(e instanceof ApiError && e.code === 'network')) return;
        if (e instanceof ApiError && e.status === 401) {
          if (e.code === 'insufficient_credit') {
            void queryClient.invalidateQueries({ queryKey: aiKeys.credit });
            setState({ status: 'low-credit' });
          } else setState({ status: 'login' });
          return;
        }
        console.error('AI generation failed', e);
        const offline = e instanceof ApiError && e.code === 'network' && typeof navigator !== 'undefined' && !navigator.onLine;
        setState({ status: 'error', message: errorMessage(e), offline, fields: e instanceof ApiError ? e.fields : undefined });
      }
    },
    [info, queryClient],
  );

  const showSample = useCallback((sample: ShownContent) => setShown(sample), []);
  const fail = useCallback((e: unknown) => {
    console.error('AI writer error', e);
    setState({ status: 'error', message: errorMessage(e) });
  }, []);
  const closeResult = useCallback(() => setShown(null), []);
  const clearState = useCallback(() => setState({ status: 'idle' }), []);

  return { state, shown, credit, generate, showSample, fail, closeResult, clearState };
}
