import { type CustomerLanguage, hasPaidPlan, type InvoiceRecord, PLAN_BENEFITS, type SubscriptionStatus } from '@duka/core';
import { buildInvoicePdf } from '@duka/pdf';
import { and, eq } from 'drizzle-orm';
import { invoices, subscriptions } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { getFiles } from '../files';
import { pdfFiscalOf } from '../fiscal';
import { loadParties, publicLink } from './service';

const pngCache = new Map<string, Buffer>();

/**
 * The user's logo as PNG (stored logos are WebP, which PDFs cannot hold). The device fetches the same
 * bytes from /api/invoices/logo.png, so both sides build byte-identical PDFs.
 */
export async function logoPng(ctx: AppContext, logoLocation: string | null): Promise<Buffer | null> {
  if (!logoLocation) return null;
  const cached = pngCache.get(logoLocation);
  if (cached) return cached;
  const file = await getFiles(ctx).get(logoLocation);
  if (!file) return null;
  try {
    const { default: sharp } = await import('sharp'); // loaded on first use: keeps start-up fast
    const png = await sharp(file.buffer).png({ compressionLevel: 9 }).toBuffer();
    if (pngCache.size > 200) pngCache.delete(pngCache.keys().next().value as string);
    pngCache.set(logoLocation, png);
    return png;
  } catch {
    return null;
  }
}

/** The invoice PDF as the server makes it (e-mail, public page, owner download). */
export async function invoicePdf(ctx: AppContext, userId: string, inv: InvoiceRecord, language?: CustomerLanguage): Promise<Uint8Array> {
  const parties = await loadParties(ctx.db, userId, inv.contact_id);
  const logo = await logoPng(ctx, parties.business.logoLocation);
  const [sub] = await ctx.db
    .select({ status: subscriptions.status, end: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  const paid = !!sub && hasPaidPlan({ status: sub.status as SubscriptionStatus, current_period_end: sub.end?.toISOString() ?? null });
  // A credit note names the invoice it credits (the device fills this from its own copy; D7).
  let credited: string | null = null;
  if (inv.kind === 'credit_note' && inv.credited_invoice_id) {
    const [row] = await ctx.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.id, inv.credited_invoice_id), eq(invoices.userId, userId)));
    credited = row?.number ?? null;
  }
  return buildInvoicePdf(credited ? { ...inv, credited_invoice_number: credited } : inv, {
    branding: !(paid && PLAN_BENEFITS.removeBranding),
    business: parties.business,
    client: parties.client,
    payLink: publicLink(ctx, inv.public_id),
    logo: logo ? new Uint8Array(logo) : null,
    language: language ?? parties.language,
    fiscal: inv.kind !== 'quote' ? await pdfFiscalOf(ctx, userId, inv.id, parties.client.tax_id) : null,
  });
}
