import type { PdfFiscal } from '@duka/pdf';
import { useEffect, useState } from 'react';
import { ApiError, apiBlob } from '../../../data/api';
import type { Contact } from '../../../data/db';
import { getCurrentUser } from '../../../data/user';
import { activeLanguage } from '../../../i18n';
import { knownPaidPlan } from '../../plans/paid';
import type { Invoice } from './model';
import { todayForBusiness } from '../../../data/today';

let logoCache: { url: string; bytes: Uint8Array | null } | null = null;

/** The user's logo as PNG (GET /api/invoices/logo.png converts it) for the PDF; null offline or when there is none. */
export async function logoBytes(url: string | null | undefined): Promise<Uint8Array | null> {
  if (!url) return null;
  if (logoCache?.url === url) return logoCache.bytes;
  try {
    const bytes = new Uint8Array(await (await apiBlob('GET /invoices/logo.png', { timeoutMs: 5000 })).arrayBuffer());
    logoCache = { url, bytes };
    return bytes;
  } catch (e) {
    // The server answered (no logo, or it cannot convert it): remember that; offline: try again next time.
    if (e instanceof ApiError && e.status > 0) logoCache = { url, bytes: null };
    return null;
  }
}

/** Builds the invoice PDF on the device with @duka/pdf (loaded on demand); works offline. */
export async function makeInvoicePdf(inv: Invoice, client: Contact | null, payLink: string | null, fiscal: PdfFiscal | null = null): Promise<Uint8Array> {
  const { buildInvoicePdf, pdfParties } = await import('@duka/pdf');
  const user = getCurrentUser();
  // The same parties the server prints (business details from the profile, phones in national form).
  // In the client's language, else the owner's (the app's active language on this device).
  const { business, client: billTo, language } = pdfParties({ ...user, language: activeLanguage() }, client);
  return buildInvoicePdf(inv, {
    business,
    client: billTo,
    language,
    payLink,
    logo: await logoBytes(user?.logoUrl),
    today: todayForBusiness(),
    // A paid plan leaves off "Made with Duka" (as the server does); the device keeps the last known state.
    branding: !knownPaidPlan(user?.id),
    // The fiscal block KRA signed, or "awaiting KRA" (issue 26), as last known on this device.
    fiscal,
  });
}

export interface PdfState {
  url: string | null;
  blob: Blob | null;
  error: boolean;
  ms: number | null;
  /** The fiscal state the PDF was built with (issue 26): 'fiscalised' once it carries the fiscal block. */
  fiscal?: string | null;
}

/** A blob URL of the invoice's PDF, rebuilt when the invoice changes; revoked on change/unmount. */
export function useInvoicePdf(inv: Invoice | null, client: Contact | null, payLink: string | null, fiscal: PdfFiscal | null = null): PdfState {
  const [state, setState] = useState<PdfState>({ url: null, blob: null, error: false, ms: null });
  const key = inv
    ? `${inv.id}|${inv.number}|${inv.updated_at ?? ''}|${inv.version ?? ''}|${client?.updated_at ?? ''}|${getCurrentUser()?.invoice_settings ?? ''}|${payLink ?? ''}|${fiscal?.state ?? ''}:${fiscal?.fiscal_number ?? ''}`
    : '';
  useEffect(() => {
    if (!inv) return;
    let url: string | null = null;
    let live = true;
    const t0 = performance.now();
    makeInvoicePdf(inv, client, payLink, fiscal).then(
      (bytes) => {
        if (!live) return;
        const blob = new Blob([bytes as BlobPart], { type: 'application/pdf' });
        url = URL.createObjectURL(blob);
        setState({ url, blob, error: false, ms: Math.round(performance.now() - t0), fiscal: fiscal?.state ?? null });
      },
      () => live && setState({ url: null, blob: null, error: true, ms: null }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key holds exactly what the PDF depends on (new objects each render would rebuild it)
  }, [key]);
  return state;
}
