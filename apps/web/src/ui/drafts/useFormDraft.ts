import { useCallback, useEffect, useRef, useState } from 'react';
import { readDraft, removeDraft, type StoredDraft, writeDraft } from './store';

export interface DraftControl {
  /** When the draft shown was restored from the device (ISO), until it is discarded or saved. */
  restoredAt: string | null;
  /** The form holds something other than what it opened with. */
  dirty: boolean;
  /** Forget what was typed (after the user confirmed) and put the form back as it opened. */
  discard: () => void;
  /** The form was saved: the draft is no longer needed. */
  clear: () => void;
}

/** The draft kept for this form (read once per key), for the form's own state initialisers. */
export function useRestoredDraft<T>(key: string | null): StoredDraft<T> | null {
  const [held, setHeld] = useState(() => ({ key, draft: key ? readDraft<T>(key) : null }));
  if (held.key !== key) {
    const next = { key, draft: key ? readDraft<T>(key) : null };
    setHeld(next);
    return next.draft;
  }
  return held.draft;
}

/**
 * Keeps `value` on the device under `key` while it differs from `initial` (what the form opened with), and
 * removes it when it is back to `initial`, saved (clear) or discarded. `key` null: nothing is kept (form closed).
 */
export function useFormDraft<T>(key: string | null, value: T, initial: T, restored: StoredDraft<T> | null, reset: () => void): DraftControl {
  const json = JSON.stringify(value);
  const initialJson = JSON.stringify(initial);
  const dirty = json !== initialJson;
  const [restoredAt, setRestoredAt] = useState<{ key: string | null; at: string | null }>({ key, at: restored?.at ?? null });
  const current = restoredAt.key === key ? restoredAt.at : (restored?.at ?? null);
  if (restoredAt.key !== key) setRestoredAt({ key, at: restored?.at ?? null });
  const written = useRef<{ key: string | null; json: string | null }>({ key, json: restored ? JSON.stringify(restored.value) : null });
  const closed = useRef<string | null>(null);

  useEffect(() => {
    if (!key || closed.current === key) return;
    if (written.current.key === key && written.current.json === json) return;
    written.current = { key, json };
    if (json === initialJson) removeDraft(key);
    else writeDraft(key, JSON.parse(json) as T);
  }, [key, json, initialJson]);

  const clear = useCallback(() => {
    if (!key) return;
    closed.current = key;
    removeDraft(key);
    setRestoredAt({ key, at: null });
  }, [key]);

  const discard = useCallback(() => {
    if (!key) return;
    removeDraft(key);
    written.current = { key, json: initialJson };
    setRestoredAt({ key, at: null });
    reset();
  }, [key, initialJson, reset]);

  return { restoredAt: current, dirty, discard, clear };
}
