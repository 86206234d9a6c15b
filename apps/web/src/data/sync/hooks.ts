import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { type Dispatch, type SetStateAction, useEffect, useState, useSyncExternalStore } from 'react';
import { type Collection, db, localDataReadyNow, type QueuedMutation, type RecordMap, table, whenLocalDataReady } from '../db';
import { restoreParked, type UnsyncedCounts } from '../parked';
import { getCurrentUser } from '../user';
import { type SyncState, syncEngine } from './engine';
import { setFirstSyncBusy } from './linkBusy';

/** Changes this user left on the device at an earlier log out go back into the queue before the first sync. */
async function restoreKeptChanges(): Promise<void> {
  const id = getCurrentUser()?.id;
  if (!id) return;
  try {
    await restoreParked(id);
  } catch (e) {
    console.warn('could not restore the changes kept on this device', e);
  }
}

let started = false;
/** Starts the sync engine once per page (after the local-data delay and the kept changes' return). Safe to call many times. */
export function startSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  void whenLocalDataReady()
    // In a task of its own, not at the end of the one React commits the screen in (its effects start the sync): the
    // engine's first reads and requests made that task longer (issue 30, Lighthouse's blocking time).
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(restoreKeptChanges)
    .then(() => syncEngine.start())
    // Storage did not open (the engine cannot run): what waits for its first run (holdLinkUntilFirstRun) goes ahead.
    .catch(() => setFirstSyncBusy(false));
}

/** True once storage has opened and SPEC §1's 300 ms delay has passed. */
export function useLocalReady(): boolean {
  const [ready, setReady] = useState(localDataReadyNow);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void whenLocalDataReady().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}

/**
 * A live query over the local database that only runs once local data may be loaded.
 * Returns undefined while loading (show a loader), then the result, re-rendering on every change.
 */
export function useLocal<T>(query: () => Promise<T> | T, deps: unknown[]): T | undefined {
  const ready = useLocalReady();
  return useLiveQuery(() => (ready ? query() : undefined), [ready, ...deps]);
}

/** Every record of a collection (live). */
export function useRecords<C extends Collection>(collection: C): RecordMap[C][] | undefined {
  return useLocal(() => table(collection).toArray(), [collection]);
}

/** One record by id (live); null when it does not exist. */
export function useRecord<C extends Collection>(collection: C, id: string | null | undefined): RecordMap[C] | null | undefined {
  return useLocal(async () => (id ? ((await table(collection).get(id)) ?? null) : null), [collection, id]);
}

export function useSyncState(): SyncState {
  return useSyncExternalStore(syncEngine.subscribe, syncEngine.getState, syncEngine.getState);
}

/**
 * One value worked out from the sync state (a flag, a string): the screen draws again only when it changes, not on
 * every step of the first sync's progress (each one a synchronous render; issue 30, Lighthouse's blocking time).
 */
export function useSyncSelect<T extends string | number | boolean | null>(select: (state: SyncState) => T): T {
  const get = () => select(syncEngine.getState());
  return useSyncExternalStore(syncEngine.subscribe, get, get);
}

/**
 * The queue, live: changes waiting and rejected changes to fix. Queued changes are counted on the index and only the
 * rejected ones are read: with a large import waiting, this reruns after every pushed batch (issue 22). `pending` is the
 * same count as the log-out dialog's (queued changes and receipt photos still to send, issue 23).
 */
export function useQueue(): { pending: number; rejected: QueuedMutation[]; counts: UnsyncedCounts } | undefined {
  return useLocal(async () => {
    const [queued, rejected, photos] = await Promise.all([db.queue.count(), db.queue.where('status').equals('rejected').toArray(), db.blobs.toArray()]);
    const refused = rejected.length + photos.filter((b) => !!b.error).length;
    const total = queued + photos.length;
    const counts: UnsyncedCounts = { waiting: total - refused, rejected: refused, total };
    return { pending: counts.waiting, rejected, counts };
  }, []);
}

/** Ids of records with local changes not yet accepted by the server (e.g. to badge them); read from the index alone. */
export function usePendingIds(collection: Collection): Set<string> | undefined {
  return useLocal(async () => new Set(await pendingIds(collection)), [collection]);
}

async function pendingIds(collection: Collection): Promise<string[]> {
  const keys = await db.queue.where('[collection+id]').between([collection, Dexie.minKey], [collection, Dexie.maxKey]).keys();
  return keys.map((k) => String((k as unknown as [string, string])[1]));
}

/** The fields the server refused in this record's rejected changes, with its messages (live). */
export function useRefusedFields(collection: Collection, id: string | null | undefined): Record<string, string> | undefined {
  return useLocal(async () => {
    if (!id) return undefined;
    const rejected = await db.queue
      .where('[collection+id]')
      .equals([collection, id])
      .filter((m) => m.status === 'rejected' && !!m.error_fields)
      .toArray();
    return rejected.length ? Object.assign({}, ...rejected.map((m) => m.error_fields)) : undefined;
  }, [collection, id]);
}

/**
 * On an edit form: marks the fields the server refused (the rejected change's 'Fix'), keeping any error
 * the form found itself. The marks go when the user edits the field, like the form's own errors.
 */
export function useShowRefusedFields(collection: Collection, id: string | null | undefined, setErrors: Dispatch<SetStateAction<Record<string, string>>>): void {
  const refused = useRefusedFields(collection, id);
  const key = refused ? JSON.stringify(refused) : '';
  useEffect(() => {
    if (!key) return;
    const fields = JSON.parse(key) as Record<string, string>;
    setErrors((own) => {
      const kept = Object.fromEntries(Object.entries(own).filter(([, v]) => v));
      return { ...fields, ...kept };
    });
  }, [key, setErrors]);
}
