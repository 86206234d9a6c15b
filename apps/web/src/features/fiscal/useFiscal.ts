import type { FiscalView } from '@duka/core';
import type { PdfFiscal } from '@duka/pdf';
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { api } from '../../data/api';
import { db, type DukaDb } from '../../data/db';
import { useSyncState } from '../../data/sync/hooks';

export const fiscalKey = (invoiceId: string) => ['fiscal', invoiceId] as const;
const deviceKey = (invoiceId: string) => `fiscal:${invoiceId}`;

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
export function pdfFiscal(view: FiscalView | null, buyerPin: string | null | undefined, creditNote = false): PdfFiscal | null {
  if (!view?.state) return null;
  if (view.state !== 'fiscalised') return { state: 'provisional', test: view.test };
  return { ...view, state: 'fiscalised', buyer_pin: buyerPin || null, credit_note: creditNote };
}

/**
 * Where an invoice stands with KRA (issue 26): asked of the server when online (the state changes on the server's
 * job queue), kept on the device for offline. Polls while it waits for the authority.
 */
export function useFiscal(invoiceId: string | null, onServer: boolean, d: DukaDb = db): { view: FiscalView | null; refetch: () => void } {
  const { online } = useSyncState();
  const kept = useLiveQuery(() => (invoiceId ? fiscalOnDevice(invoiceId, d) : null), [invoiceId]);
  const q = useQuery({
    queryKey: fiscalKey(invoiceId ?? ''),
    queryFn: async () => {
      const view = await api('GET /invoices/:id/fiscal', { params: { id: invoiceId! } });
      if (view.state) await d.meta.put({ key: deviceKey(invoiceId!), value: JSON.stringify(view) });
      return view;
    },
    enabled: !!invoiceId && online && onServer,
    refetchInterval: (query) => (query.state.data?.state === 'provisional' ? 5_000 : false),
  });
  return { view: q.data ?? kept ?? null, refetch: () => void q.refetch() };
}
