import { randomBytes } from 'node:crypto';
import { apiPath, formatMoney, isBilledKind, MPESA_UNIT, mpesaPhone, mpesaShillings, payableAmount, PROVIDER_CALLBACKS } from '@duka/core';
import { and, eq } from 'drizzle-orm';
import { paymentIntents } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { findByPublicId, toApi } from '../invoices';
import { chargePrompt, givePromptBack } from './prompt-limits';
import { getDaraja, type StkOutcome, stkOutcome, type StkCallback } from './mpesa';
import { applyEvent } from './service';
import { amountToTake, assertWalletTakes, partPayRuleOf } from './part-payments';
import { assertNoPromptWaiting } from './rails/pending-prompt';

export const MPESA = 'mpesa';
export type MpesaStatus = 'pending' | 'paid' | 'cancelled' | 'timed_out' | 'failed';

/** Why an invoice cannot be paid by M-Pesa now (null: it can), by the same rules as card payments. */
function refusal(inv: ReturnType<typeof toApi>, cents = true): string | null {
  if (inv.currency.toUpperCase() !== 'KES') return 'M-Pesa takes payments in Kenyan shillings (KES) only';
  if (!isBilledKind(inv.kind)) return 'A quote cannot be paid';
  if (inv.status === 'void') return 'This invoice was cancelled';
  if (inv.status === 'draft') return 'This invoice has not been sent yet, so it cannot be paid';
  const amount = payableAmount(inv);
  if (amount <= 0) return 'Nothing is owed on this invoice';
  if (cents && mpesaShillings(amount) === null)
    return `M-Pesa takes whole shillings and the balance, ${formatMoney(amount, 'KES')}, has cents: pay another way, or ask the business to round the invoice to whole shillings`;
  return null;
}

/** GET /invoices/link/{public_id}/mpesa: whether the pay page offers "Pay with M-Pesa". */
export async function mpesaAvailability(ctx: AppContext, publicId: string) {
  const row = await findByPublicId(ctx.db, publicId);
  const inv = toApi(row);
  if (!getDaraja(ctx)) return { available: false, reason: 'M-Pesa payments are not set up for this business' };
  // A balance with cents can still be paid in whole-shilling parts when the owner allows part payments.
  const why = refusal(inv, !(await partPayRuleOf(ctx.db, String(row.userId), inv)).allowed);
  return why ? { available: false, reason: why } : { available: true, reason: null };
}

/** POST /invoices/link/{public_id}/mpesa: sends the STK Push prompt to the customer's phone. */
export async function startStkPush(ctx: AppContext, publicId: string, phoneInput: string, now = new Date(), asked?: number) {
  const daraja = getDaraja(ctx);
  if (!daraja) throw new AppError('not_found', 'M-Pesa payments are not set up for this business');
  const row = await findByPublicId(ctx.db, publicId);
  const inv = toApi(row);
  const why = refusal(inv, asked === undefined);
  if (why) throw new AppError('conflict', why);
  const phone = mpesaPhone(phoneInput);
  if (!phone)
    throw new AppError('validation_failed', 'Enter a Kenyan M-Pesa number, for example 0712 345 678', {
      phone: 'Enter a Kenyan M-Pesa number, for example 0712 345 678',
    });
  // Part of the balance when the owner allows it, in whole shillings (M-Pesa takes no cents).
  const amount = await amountToTake(ctx.db, inv, String(row.userId), payableAmount(inv), asked, MPESA_UNIT);
  await assertWalletTakes(ctx.db, inv, String(row.userId), 'mpesa', 'M-Pesa', amount);
  // One prompt waiting per invoice, across all rails (issue 25).
  await assertNoPromptWaiting(ctx.db, inv.id, 'KE', phone);
  await chargePrompt(ctx, { userId: String(row.userId), invoiceId: inv.id, phone, rail: MPESA });
  const token = randomBytes(24).toString('base64url');
  const started = await daraja.stkPush(
    {
      phone,
      amount: mpesaShillings(amount) as number,
      accountReference: inv.number,
      description: `Invoice ${inv.number}`,
      callbackUrl: `${ctx.config.publicUrl}${apiPath(PROVIDER_CALLBACKS.mpesa, { token })}`,
    },
    now,
  );
  await ctx.db.insert(paymentIntents).values({
    id: started.checkoutRequestId,
    provider: MPESA,
    clientSecret: token,
    userId: String(row.userId),
    invoiceId: inv.id,
    amount,
    currency: 'KES',
    status: 'pending',
    phone,
  });
  return { checkout_request_id: started.checkoutRequestId, amount, currency: 'KES' };
}

const STATUS: Record<string, MpesaStatus> = { pending: 'pending', succeeded: 'paid', cancelled: 'cancelled', timed_out: 'timed_out' };

/** A prompt whose callback has not come after this long is asked about (the callback URL may be unreachable). */
export const QUERY_AFTER_MS = 30_000;
/** …at most this often per prompt, whoever polls. */
const QUERY_EVERY_MS = 15_000;
const lastQueried = new Map<string, number>();

type Intent = typeof paymentIntents.$inferSelect;

/** Asks Daraja about a pending prompt when its callback is late, and settles it as a callback would. */
type Warn = (detail: Record<string, unknown>, message: string) => void;

async function queryLatePrompt(ctx: AppContext, intent: Intent, now: Date, warn: Warn): Promise<void> {
  const daraja = getDaraja(ctx);
  if (!daraja || now.getTime() - intent.createdAt.getTime() < QUERY_AFTER_MS) return;
  if (now.getTime() - (lastQueried.get(intent.id) ?? 0) < QUERY_EVERY_MS) return;
  lastQueried.set(intent.id, now.getTime());
  let result;
  try {
    result = await daraja.stkQuery(intent.id, now);
  } catch (e) {
    warn({ err: e, intent: intent.id }, 'M-Pesa STK query failed');
    return; // the page keeps waiting; a later poll asks again
  }
  if (result.kind === 'pending') return;
  lastQueried.delete(intent.id);
  // The query carries no M-Pesa receipt number: the payment's reference is the CheckoutRequestID.
  await settle(ctx, intent, result.kind === 'paid' ? { kind: 'paid', amountMinor: intent.amount, receipt: '', phone: null } : result, now);
}

/** GET /invoices/link/{public_id}/mpesa/{checkout_request_id}: what happened to the prompt (polled by the pay page). */
export async function stkStatus(ctx: AppContext, publicId: string, checkoutRequestId: string, now = new Date(), warn: Warn = () => undefined) {
  const inv = toApi(await findByPublicId(ctx.db, publicId));
  const find = async () =>
    (
      await ctx.db
        .select()
        .from(paymentIntents)
        .where(and(eq(paymentIntents.id, checkoutRequestId), eq(paymentIntents.provider, MPESA), eq(paymentIntents.invoiceId, inv.id)))
    )[0];
  let intent = await find();
  if (!intent) throw new AppError('not_found', 'This M-Pesa payment was not found');
  let balance = inv.balance;
  if (intent.status === 'pending') {
    await queryLatePrompt(ctx, intent, now, warn);
    const after = await find();
    if (after && after.status !== intent.status) {
      intent = after;
      balance = toApi(await findByPublicId(ctx.db, publicId)).balance;
    }
  }
  const status = STATUS[intent.status] ?? 'failed';
  // The M-Pesa receipt number of the payment this prompt made (its CheckoutRequestID when a query settled it).
  const paid = status === 'paid' ? toApi(await findByPublicId(ctx.db, publicId)).payments.find((p) => p.provider_ref === intent.id) : undefined;
  return {
    status,
    message: status === 'pending' || status === 'paid' ? null : (intent.lastError ?? 'M-Pesa could not take the payment'),
    balance,
    operator_id: paid?.reference ?? null,
    amount: intent.amount,
    currency: intent.currency,
  };
}

/** Records what became of a prompt once (from its callback or a query): a payment, or why there is none. */
async function settle(ctx: AppContext, intent: Intent, outcome: StkOutcome, now: Date): Promise<{ duplicate: boolean }> {
  if (outcome.kind !== 'paid') {
    if (intent.status === 'pending')
      await ctx.db
        .update(paymentIntents)
        .set({ status: outcome.kind, lastError: outcome.message })
        .where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, 'pending')));
    return { duplicate: intent.status !== 'pending' };
  }
  const applied = await applyEvent(
    ctx,
    // Daraja's sandbox moves no money: its payments are stamped TEST.
    { name: MPESA, testMode: ctx.config.mpesaApiBase.includes('sandbox.safaricom') },
    {
      id: intent.id,
      kind: 'succeeded',
      intentId: intent.id,
      amount: outcome.amountMinor,
      currency: 'KES',
      invoiceId: intent.invoiceId,
      userId: intent.userId,
      method: 'mobile_money',
      reference: outcome.receipt || intent.id,
      wallet: 'M-Pesa',
    },
    now,
  );
  // Approved, so wanted: the phone's prompt count is given back once, as the other rails do (t18 U1).
  if (!applied.duplicate && !applied.ignored) await givePromptBack(ctx, intent.phone, intent.createdAt);
  return { duplicate: !!applied.duplicate };
}

/**
 * POST /webhooks/mpesa/{token}: Daraja's callback. The token (made for this push only) must match the
 * CheckoutRequestID; a success is recorded once through the card payments' path (payment id from the
 * CheckoutRequestID, payment_events), so receipts and e-mails follow — also when a query settled it first.
 */
export async function mpesaCallback(ctx: AppContext, token: string, callback: StkCallback, now = new Date()) {
  const [intent] = await ctx.db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.clientSecret, token), eq(paymentIntents.provider, MPESA)));
  if (!intent || intent.id !== callback.CheckoutRequestID) throw new AppError('not_found', 'Unknown M-Pesa payment');
  return settle(ctx, intent, stkOutcome(callback), now);
}
