/**
 * Open card payments of an invoice that was voided, paid, deleted or changed are cancelled in the database by
 * the invoices adapter (status 'canceled'). A provider whose customer pays straight from the browser (Stripe:
 * Stripe.js confirms the PaymentIntent with its client secret, Duka is not asked) is told too, so the stale
 * intent can no longer take money: its status becomes 'provider_canceled'. When the provider refuses (the
 * customer paid meanwhile) it is 'cancel_refused'; that payment's webhook then flags it needs_refund.
 * A provider that cannot be reached is asked again on the next run (after the next write or the periodic job).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { paymentIntents } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { getPayments, type PaymentProvider } from './providers';

export const CANCEL_INTENTS_JOB = 'payment-intents-cancel';

export interface CancelRun {
  canceled: number;
  refused: number;
  failed: number;
}

function cancellable(ctx: AppContext): Map<string, PaymentProvider & Required<Pick<PaymentProvider, 'cancelIntent'>>> {
  const out = new Map<string, PaymentProvider & Required<Pick<PaymentProvider, 'cancelIntent'>>>();
  for (const p of getPayments(ctx).providers.values())
    if (p.cancelIntent) out.set(p.name, p as PaymentProvider & Required<Pick<PaymentProvider, 'cancelIntent'>>);
  return out;
}

/** True when some configured provider takes payments the server must cancel at the provider (Stripe). */
export function cancelsAtProvider(ctx: AppContext): boolean {
  return cancellable(ctx).size > 0;
}

/** Tells the providers about intents cancelled in the database (one user's, or everyone's), up to `limit` a run. */
export async function cancelIntentsAtProvider(ctx: AppContext, opts: { userId?: string; limit?: number } = {}): Promise<CancelRun> {
  const providers = cancellable(ctx);
  const run: CancelRun = { canceled: 0, refused: 0, failed: 0 };
  if (!providers.size) return run;
  const rows = await ctx.db
    .select({ id: paymentIntents.id, provider: paymentIntents.provider })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.status, 'canceled'),
        inArray(paymentIntents.provider, [...providers.keys()]),
        opts.userId ? eq(paymentIntents.userId, opts.userId) : undefined,
      ),
    )
    .limit(opts.limit ?? 200);
  for (const row of rows) {
    const provider = providers.get(row.provider);
    if (!provider) continue;
    try {
      const answer = await provider.cancelIntent(row.id);
      const set = answer.canceled ? { status: 'provider_canceled' } : { status: 'cancel_refused', lastError: answer.message };
      await ctx.db
        .update(paymentIntents)
        .set(set)
        .where(and(eq(paymentIntents.id, row.id), eq(paymentIntents.status, 'canceled')));
      run[answer.canceled ? 'canceled' : 'refused'] += 1;
    } catch {
      run.failed += 1; // asked again next time
    }
  }
  return run;
}
