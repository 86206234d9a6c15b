/**
 * Payments the business must give back (issue 18): a provider took the money but the invoice could not take
 * it (paid after the invoice was voided, or more than the balance), so applyEvent stored it on the intent as
 * needs_refund with what was received. The owner's invoice view lists them until the owner marks one refunded.
 */
import { type RefundDue, REFUND_REASONS } from '@duka/core';
import { and, asc, eq } from 'drizzle-orm';
import { paymentIntents } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { getInvoice } from '../invoices';

const METHODS = ['card', 'bank_transfer', 'mobile_money', 'other'] as const;

interface Received {
  amount?: unknown;
  currency?: unknown;
  method?: unknown;
  reference?: unknown;
  reason?: unknown;
  at?: unknown;
}

function toRefund(row: typeof paymentIntents.$inferSelect): RefundDue {
  const r = (row.received ?? {}) as Received;
  const method = METHODS.find((m) => m === r.method) ?? (row.provider === 'mpesa' ? 'mobile_money' : 'card');
  const reason = REFUND_REASONS.find((x) => x === r.reason) ?? (/voided/.test(row.lastError ?? '') ? 'voided' : 'other');
  return {
    id: row.id,
    // Older rows (before `received` was kept): what was asked, fee included.
    amount: typeof r.amount === 'number' && r.amount > 0 ? r.amount : Number(row.amount) + Number(row.fee),
    currency: typeof r.currency === 'string' && r.currency ? r.currency : row.currency,
    method,
    reference: typeof r.reference === 'string' && r.reference ? r.reference : row.id,
    provider: row.provider,
    reason,
    received_at: typeof r.at === 'string' ? r.at : row.createdAt.toISOString(),
  };
}

/** The invoice's payments to refund, oldest first (404 for another owner's invoice). */
export async function refundsDue(ctx: AppContext, userId: string, invoiceId: string): Promise<{ refunds: RefundDue[] }> {
  await getInvoice(ctx.db, userId, invoiceId);
  const rows = await ctx.db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.invoiceId, invoiceId), eq(paymentIntents.userId, userId), eq(paymentIntents.status, 'needs_refund')))
    .orderBy(asc(paymentIntents.createdAt));
  return { refunds: rows.map(toRefund) };
}

/** The owner gave the money back (outside Duka): the notice goes away. */
export async function markRefunded(ctx: AppContext, userId: string, invoiceId: string, intentId: string): Promise<{ refunds: RefundDue[] }> {
  await getInvoice(ctx.db, userId, invoiceId);
  const done = await ctx.db
    .update(paymentIntents)
    .set({ status: 'refunded' })
    .where(
      and(
        eq(paymentIntents.id, intentId),
        eq(paymentIntents.invoiceId, invoiceId),
        eq(paymentIntents.userId, userId),
        eq(paymentIntents.status, 'needs_refund'),
      ),
    )
    .returning({ id: paymentIntents.id });
  if (!done.length) throw new AppError('not_found', 'This payment is not waiting for a refund');
  return refundsDue(ctx, userId, invoiceId);
}
