import { businessFiscalises, type FiscalCandidate, type FiscalMode, type FiscalView, fiscalKindOf } from '@duka/core';
import type { PdfFiscal } from '@duka/pdf';
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { api } from '../../data/api';
import { db, type DukaDb } from '../../data/db';
import { useSyncState } from '../../data/sync/hooks';
import { getCurrentUser } from '../../data/user';
import { FISCAL_MODE_KEY, fiscalModeOnDevice } from './mode';

export const fiscalKey = (invoiceId: string) => ['fiscal', invoiceId] as const;
const deviceKey = (invoiceId: string) => `fiscal:${invoiceId}`;

/**
 * A fiscal view as the device shows it: `mode_unknown` when the device made it itself before it heard the business's
 * fiscal mode from the server (TEST MODE or KRA): the words then claim neither.
 */
export type DeviceFiscalView = FiscalView & { mode_unknown?: boolean };

/** The last answer kept on the device (meta table): the fiscal block stays on the PDF offline. */
export async function fiscalOnDevice(invoiceId: string, d: DukaDb = db): Promise<FiscalView | null> {
  const row = await d.meta.get(deviceKey(invoiceId));
  if (typeof row?.value !== 'string') return null;
  try {
    return JSON.parse(row.value) as FiscalView;
  } catch {
    return null;
  }
}

/** What the PDF prints from the fiscal view: the block, "awaiting KRA", or nothing. */
export function pdfFiscal(view: DeviceFiscalView | null, buyerPin: string | null | undefined, creditNote = false): PdfFiscal | null {
  // Not known yet whether KRA or TEST MODE signs it: the PDF prints neither.
  if (!view?.state || view.mode_unknown) return null;
  if (view.state !== 'fiscalised') return { state: 'provisional', test: view.test };
  return { ...view, state: 'fiscalised', buyer_pin: buyerPin || null, credit_note: creditNote };
}

/**
 * "Awaiting KRA" for a document the server has not answered about yet (made offline, not yet synced): the server
 * will queue it by core's rule as soon as it arrives, so the device says so already. Null when it will not go.
 * `mode`: the business's fiscal mode as the server last said ('off': not fiscalised), null while unknown.
 */
export function awaitingOnDevice(doc: FiscalCandidate | null, country: string | null | undefined, mode: FiscalMode | null): DeviceFiscalView | null {
  if (!doc || mode === 'off' || !businessFiscalises(country) || !fiscalKindOf(doc)) return null;
  return {
    ...(mode === null ? { mode_unknown: true } : {}),
    state: 'provisional',
    test: mode === 'test',
    control_unit_id: null,
    fiscal_number: null,
    receipt_label: null,
    internal_data: null,
    signature: null,
    fiscal_datetime: null,
    qr_text: null,
    error: null,
    attempts: 0,
  };
}

/**
 * Where an invoice stands with KRA (issue 26): asked of the server when online (the state changes on the server's
 * job queue), kept on the device for offline. Polls while it waits for the authority. Before the server has it (made
 * or finished offline, not pushed yet), a finished invoice or a credit note of a business that fiscalises is "awaiting
 * KRA" already.
 */
export function useFiscal(
  doc: (FiscalCandidate & { id: string }) | null,
  onServer: boolean,
  d: DukaDb = db,
): { view: DeviceFiscalView | null; refetch: () => void; settled: boolean } {
  const invoiceId = doc?.id ?? null;
  const { online } = useSyncState();
  const kept = useLiveQuery(() => (invoiceId ? fiscalOnDevice(invoiceId, d) : null), [invoiceId]);
  // The business's fiscal mode: from the account state (GET /state) or the last fiscal answer; null while unknown.
  const mode = useLiveQuery(() => fiscalModeOnDevice(d), []);
  // Changes of it still waiting to be pushed: the server's answer is about an older copy (e.g. a draft finished offline).
  const unsynced = useLiveQuery(
    async () => (invoiceId ? (await d.queue.where('[collection+id]').equals(['invoices', invoiceId]).count()) > 0 : false),
    [invoiceId],
  );
  const q = useQuery({
    queryKey: fiscalKey(invoiceId ?? ''),
    queryFn: async () => {
      const view = await api('GET /invoices/:id/fiscal', { params: { id: invoiceId! } });
      if (view.state)
        await d.meta.bulkPut([
          { key: deviceKey(invoiceId!), value: JSON.stringify(view) },
          { key: FISCAL_MODE_KEY, value: view.test ? 'test' : 'etims' },
        ]);
      return view;
    },
    enabled: !!invoiceId && online && onServer,
    refetchInterval: (query) => (query.state.data?.state === 'provisional' ? 5_000 : false),
  });
  // Once its last change is pushed, ask again (the server has queued it if it goes to KRA).
  const { refetch } = q;
  const wasUnsynced = useRef(false);
  useEffect(() => {
    if (unsynced) wasUnsynced.current = true;
    else if (unsynced === false && wasUnsynced.current && online && onServer) {
      wasUnsynced.current = false;
      void refetch();
    }
  }, [unsynced, online, onServer, refetch]);
  const known = q.data?.state ? q.data : (kept ?? null);
  // Only what the server has not seen yet: a document it holds without a fiscal state (e.g. sent before the business
  // fiscalised) is left as the server says.
  const local = known || (onServer && !unsynced) ? null : awaitingOnDevice(doc, getCurrentUser()?.country, mode ?? null);
  // Settled: the device's copy is read and the server (when it is asked) has answered or failed.
  const settled = kept !== undefined && mode !== undefined && !q.isLoading;
  return { view: known ?? local ?? q.data ?? null, refetch: () => void q.refetch(), settled };
}
