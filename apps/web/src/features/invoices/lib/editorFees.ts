import { liveQuery } from 'dexie';
import { type Dispatch, type SetStateAction, useEffect } from 'react';
import { db, type Fee } from '../../../data/db';
import { feeInput } from './data';
import type { EditorState } from './editor';

/** The Fees tab's fees offered on a new invoice, the default-on ones chosen (as blankInvoice does). */
export function withFees(s: EditorState, fees: Fee[]): EditorState {
  const on = fees.filter((f) => f.default_on).map((f) => f.id);
  return { ...s, fees: fees.map(feeInput), fee_ids: [...new Set([...s.fee_ids, ...on])] };
}

/** The invoice's own fee snapshots first, then the Fees tab's other fees (so they can be switched on). */
export function mergeFees<T extends { id: string }>(own: T[], all: T[]): T[] {
  const ids = new Set(own.map((f) => f.id));
  return [...own, ...all.filter((f) => !ids.has(f.id))];
}

/**
 * A new invoice opened before the first sync brought the Fees tab (issue 23): the fees join when they arrive, in
 * what it opened with and in the form alike, as if it had opened with them; what was typed stays what was typed.
 * It listens to the Fees tab only while `waits` (the form opened with none, or its kept draft was typed before they
 * came); the sync's write is one change, both follow it.
 */
export function useFeesOnArrival(waits: boolean, setBaseline: Dispatch<SetStateAction<EditorState>>, setState: Dispatch<SetStateAction<EditorState>>): void {
  useEffect(() => {
    if (!waits) return;
    const sub = liveQuery(() => db.fees.toArray()).subscribe((fees) => {
      if (!fees.length) return;
      setBaseline((b) => (b.fees.length ? b : withFees(b, fees)));
      setState((s) => (s.fees.length ? s : withFees(s, fees)));
    });
    return () => sub.unsubscribe();
  }, [waits, setBaseline, setState]);
}
