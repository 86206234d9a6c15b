import { useEffect, useMemo } from 'react';
import { ApiError, api } from '../../../data/api';
import { db, type QueuedMutation, type RecordMap } from '../../../data/db';
import { useLocal, useRecords } from '../../../data/sync/hooks';

/**
 * An invoice change the server refused (t19 N6): the refused change stays on the device (the owner reviews or
 * discards it), while the invoice's page shows the server's copy, never the refused figures as the invoice's. The
 * server's copy is asked for when the page opens and kept with the refused change, so it is shown offline too.
 */
export interface RefusedChange {
  mutation: QueuedMutation;
  /** The server's copy: undefined while not known yet (offline), null when the server has none (a new invoice). */
  server: Record<string, unknown> | null | undefined;
}

export function useRefusedChange(id: string): RefusedChange | null | undefined {
  const mutation = useLocal(
    async () =>
      (await db.queue
        .where('[collection+id]')
        .equals(['invoices', id])
        .filter((m) => m.status === 'rejected')
        .first()) ?? null,
    [id],
  );
  const seq = mutation?.seq;
  // Asked each time the page opens (a payment may have reached the server since); the kept copy is shown meanwhile.
  useEffect(() => {
    if (seq === undefined) return;
    let live = true;
    api('GET /invoices/:id', { params: { id } })
      .then((copy) => {
        if (live) void db.queue.update(seq, { server_copy: copy as unknown as Record<string, unknown> });
      })
      .catch((e: unknown) => {
        if (live && e instanceof ApiError && e.status === 404) void db.queue.update(seq, { server_copy: null });
        // offline or a server error: asked again the next time the page opens
      });
    return () => {
      live = false;
    };
  }, [id, seq]);
  if (mutation === undefined) return undefined;
  return mutation ? { mutation, server: mutation.server_copy } : null;
}

type Saved = Map<string, Record<string, unknown>>;

/** The server's copies kept with refused invoice changes, by invoice id (live); empty when none was refused. */
export function useSavedCopies(): Saved | undefined {
  return useLocal(async () => {
    const refused = await db.queue.where('status').equals('rejected').toArray();
    return new Map(refused.filter((m) => m.collection === 'invoices' && m.server_copy).map((m) => [m.id, m.server_copy!]));
  }, []);
}

/** `invoices` with each one whose change the server refused as the server has it (its kept copy), the rest as they are. */
export function withSavedCopies<T extends { id: string }>(invoices: T[], saved: Saved | undefined): T[] {
  return saved?.size ? invoices.map((r) => (saved.get(r.id) as T | undefined) ?? r) : invoices;
}

/**
 * Every invoice on this device, an invoice whose change the server refused as the server has it (t19 N6): what the
 * lists, the debtors, statements and reminder messages and a client's page show, as the invoice's own page does.
 * Undefined while the device's data loads.
 */
export function useSavedInvoices(): RecordMap['invoices'][] | undefined {
  const local = useRecords('invoices');
  const saved = useSavedCopies();
  return useMemo(() => (local && saved ? withSavedCopies(local, saved) : undefined), [local, saved]);
}
