import { type FiscalDocument, type FiscalResult, type FiscalView, fiscalErrorFix } from '@duka/core';
import type { PdfFiscal } from '@duka/pdf';
import { and, eq } from 'drizzle-orm';
import { fiscalDocuments, invoices } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { clockOf } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { unitFor } from './units';

// What the owner, the documents and the public page are shown of an invoice's fiscal document (issue 26).

/** Where an invoice stands with the authority, for its owner (and the documents). */
export async function fiscalView(ctx: AppContext, userId: string, invoiceId: string): Promise<FiscalView> {
  const [doc] = await ctx.db
    .select()
    .from(fiscalDocuments)
    .where(and(eq(fiscalDocuments.invoiceId, invoiceId), eq(fiscalDocuments.userId, userId)));
  if (!doc) {
    // No fiscal record yet is an answer only about the caller's own invoice: anyone else's id is not found.
    const [own] = await ctx.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
    if (!own) throw new AppError('not_found', 'Invoice not found.');
  }
  return viewOf(doc ?? null, (await unitFor(ctx, userId)).mode === 'test');
}

/** A credit note's reference to the sale it reverses, as sent (its fiscal number is the sale's sequence). */
function creditsOf(doc: typeof fiscalDocuments.$inferSelect | null): string | null {
  const original = doc?.kind === 'credit_note' ? (doc.payload as FiscalDocument | null)?.original_sequence : null;
  return original == null ? null : String(original);
}

export function viewOf(doc: typeof fiscalDocuments.$inferSelect | null, testMode: boolean): FiscalView {
  const r = (doc?.state === 'fiscalised' ? doc.result : null) as FiscalResult | null;
  const state = !doc ? null : doc.state === 'submitting' ? 'provisional' : (doc.state as FiscalView['state']);
  const test = r ? r.test : testMode;
  return {
    state,
    test,
    control_unit_id: r?.control_unit_id ?? null,
    fiscal_number: r?.fiscal_number ?? null,
    receipt_label: r?.receipt_label ?? null,
    internal_data: r?.internal_data ?? null,
    signature: r?.signature ?? null,
    fiscal_datetime: r?.fiscal_datetime ?? null,
    qr_text: r?.qr_text ?? null,
    credits_fiscal_number: creditsOf(doc),
    error:
      doc && doc.lastError && doc.state !== 'fiscalised' ? { code: doc.errorCode, message: doc.lastError, fix: fiscalErrorFix(doc.errorCode, test) } : null,
    attempts: doc?.attempts ?? 0,
  };
}

/** The fiscal block of a fiscalised document (PDF, public page), by invoice id; null when not fiscalised. */
export async function fiscalResultOf(db: AppContext['db'], invoiceId: string): Promise<FiscalResult | null> {
  const [doc] = await db
    .select({ state: fiscalDocuments.state, result: fiscalDocuments.result })
    .from(fiscalDocuments)
    .where(eq(fiscalDocuments.invoiceId, invoiceId));
  return doc?.state === 'fiscalised' ? (doc.result as FiscalResult) : null;
}

/** After the owner fixed what the authority refused: queue the invoice again (same fiscal number, if it had one). */
export async function retryFiscal(ctx: AppContext, userId: string, invoiceId: string): Promise<FiscalView> {
  const [doc] = await ctx.db
    .select({ state: fiscalDocuments.state })
    .from(fiscalDocuments)
    .where(and(eq(fiscalDocuments.invoiceId, invoiceId), eq(fiscalDocuments.userId, userId)));
  if (!doc) {
    const test = (await unitFor(ctx, userId)).mode === 'test';
    throw new AppError('not_found', `This invoice is not waiting for ${test ? 'its TEST MODE signature' : 'KRA'}: finish or send it first.`);
  }
  if (doc.state === 'fiscalised') throw new AppError('conflict', 'This invoice is already fiscalised.');
  await ctx.db
    .update(fiscalDocuments)
    .set({ state: 'provisional', nextAttemptAt: clockOf(ctx).now(), updatedAt: new Date() })
    .where(and(eq(fiscalDocuments.invoiceId, invoiceId), eq(fiscalDocuments.state, 'fiscal_error')));
  return fiscalView(ctx, userId, invoiceId);
}

/**
 * What the invoice and receipt PDFs (and the public page) print about the authority: the fiscal block of a
 * fiscalised invoice, "awaiting KRA" before, nothing for a business that does not fiscalise.
 */
export async function pdfFiscalOf(ctx: AppContext, userId: string, invoiceId: string, buyerPin?: string | null): Promise<PdfFiscal | null> {
  const [doc] = await ctx.db
    .select()
    .from(fiscalDocuments)
    .where(and(eq(fiscalDocuments.invoiceId, invoiceId), eq(fiscalDocuments.userId, userId)));
  if (!doc) return null;
  const v = viewOf(doc, (await unitFor(ctx, userId)).mode === 'test');
  if (!v.state || v.state === 'fiscal_error') return v.state ? { state: 'provisional', test: v.test } : null;
  return {
    ...v,
    state: v.state,
    buyer_pin: v.state === 'fiscalised' ? ((doc.payload as FiscalDocument | null)?.buyer.pin ?? buyerPin ?? null) : null,
    credit_note: doc.kind === 'credit_note',
  };
}

/** The public page's fiscal block (no owner session: the unit's mode is read from what was signed). */
export async function publicFiscalOf(db: AppContext['db'], invoiceId: string): Promise<PdfFiscal | null> {
  const [doc] = await db.select().from(fiscalDocuments).where(eq(fiscalDocuments.invoiceId, invoiceId));
  if (!doc) return null;
  const v = viewOf(doc, false);
  if (v.state !== 'fiscalised') return { state: 'provisional', test: v.test };
  return { ...v, state: 'fiscalised', buyer_pin: (doc.payload as FiscalDocument | null)?.buyer.pin ?? null, credit_note: doc.kind === 'credit_note' };
}
