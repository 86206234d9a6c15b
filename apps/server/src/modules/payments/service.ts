import { createHash } from 'node:crypto';
import {
  businessToday,
  CARD_CURRENCIES,
  type ClientSecret,
  type InvoicePayment,
  isBilledKind,
  payableAmount,
  realBalanceOf,
  testModeBalance,
  userTimeZone,
} from '@duka/core';
import { and, eq } from 'drizzle-orm';
import { invoices, paymentEvents, paymentIntents, users } from '../../db/schema';
import { clockOf } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { findByPublicId, toApi, writeInvoice } from '../invoices';
import { getPayments, type PaymentEvent, type PaymentProvider } from './providers';
import { amountToTake } from './part-payments';

export function providerFor(ctx: AppContext, segment: string): PaymentProvider {
  // The path segment ('test-pay', 'stripe'), or the provider's name ('test') as GET /payments/config gives it.
  const { providers } = getPayments(ctx);
  const p = providers.get(segment) ?? [...providers.values()].find((x) => x.name === segment);
  if (!p) throw new AppError('not_found', `Unknown payment provider '${segment}'`);
  return p;
}

/** GET /{provider}/client-secrete/{public_id}'s answer: core's clientSecretResponse. */
export type { ClientSecret };

/** What can be paid online on an invoice (its balance); refuses void, draft and settled invoices. */
export function assertPayable(inv: ReturnType<typeof toApi>, test = false): number {
  const amount = payableAmount(inv);
  if (inv.status === 'void') throw new AppError('conflict', 'This invoice was cancelled');
  if (inv.kind === 'invoice' && inv.status === 'draft') throw new AppError('conflict', 'This invoice has not been sent yet, so it cannot be paid');
  if (amount <= 0) throw new AppError('conflict', 'Nothing is owed on this invoice');
  if (!test) return amount;
  // A TEST MODE payment takes what earlier TEST payments left (issue 25): its journey ends paid, as a real one does.
  const left = testModeBalance(inv);
  if (left <= 0) throw new AppError('conflict', 'This invoice was already paid in TEST MODE: nothing is left to pay');
  return left;
}

/** GET /{provider}/client-secrete/{public_id}: an intent for the invoice's balance, or part of it (reused while open). */
export async function clientSecret(ctx: AppContext, segment: string, publicId: string, asked?: number): Promise<ClientSecret> {
  const provider = providerFor(ctx, segment);
  const row = await findByPublicId(ctx.db, publicId);
  const inv = toApi(row);
  const amount = await amountToTake(ctx.db, inv, String(row.userId), assertPayable(inv, provider.testMode), asked);
  // Only a rail that takes the invoice's currency (issue 23).
  if (!CARD_CURRENCIES.includes(inv.currency)) throw new AppError('conflict', `This invoice cannot be paid online in ${inv.currency} yet`);
  const answer = (secret: string): ClientSecret => ({
    client_secret: secret,
    provider: provider.name,
    amount,
    currency: inv.currency,
    publishable_key: provider.publishableKey,
    test_mode: provider.testMode,
  });
  const [open] = await ctx.db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.invoiceId, inv.id),
        eq(paymentIntents.provider, provider.name),
        eq(paymentIntents.amount, amount),
        eq(paymentIntents.status, 'requires_payment_method'),
      ),
    )
    .limit(1);
  if (open && open.currency === inv.currency && !open.checkoutUrl) return answer(open.clientSecret);
  const created = await provider.createIntent(
    { id: inv.id, userId: String(row.userId), publicId: inv.public_id, number: inv.number, currency: inv.currency },
    amount,
  );
  await ctx.db.insert(paymentIntents).values({
    id: created.intentId,
    provider: provider.name,
    clientSecret: created.clientSecret,
    userId: String(row.userId),
    invoiceId: inv.id,
    amount,
    currency: inv.currency,
  });
  return answer(created.clientSecret);
}

/** A stable payment id per provider intent: applying the same payment twice changes nothing. */
export function paymentIdFor(provider: string, intentId: string): string {
  const h = createHash('sha256').update(`${provider}:${intentId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface Applied {
  received: true;
  duplicate?: boolean;
  ignored?: string;
}

/** The business's calendar day at `now` (its settings' time zone, else its country's): an online payment's date. */
async function ownerToday(ctx: AppContext, userId: string, now: Date): Promise<string> {
  const [u] = await ctx.db.select({ country: users.country, s: users.invoiceSettings }).from(users).where(eq(users.id, userId));
  return businessToday(now, userTimeZone({ country: u?.country, invoice_settings: u?.s }));
}

/**
 * Applies a verified webhook event at most once (payment_events), recording a card payment on the
 * invoice for a success. The payment id comes from the intent, so even a crash between the two writes
 * cannot record it twice. The payment is dated on the business's day (a 23:30 UTC payment in Nairobi is
 * the next day's), as a payment recorded by hand would be.
 */
export async function applyEvent(
  ctx: AppContext,
  provider: Pick<PaymentProvider, 'name'> & { testMode?: boolean },
  event: PaymentEvent,
  now = clockOf(ctx).now(),
): Promise<Applied> {
  const [seen] = await ctx.db
    .select({ id: paymentEvents.eventId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider.name), eq(paymentEvents.eventId, event.id)));
  if (seen) return { received: true, duplicate: true };

  const [intent] = event.intentId ? await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.id, event.intentId)) : [];
  const invoiceId = intent?.invoiceId ?? event.invoiceId;
  const userId = intent?.userId ?? event.userId;
  const uuid = (v: string | null | undefined) => (v && /^[0-9a-f-]{36}$/i.test(v) ? v : null);
  /** Remembers the event; the owner is linked only once the invoice is known to be theirs (foreign key). */
  const mark = async (owned = false) => {
    await ctx.db
      .insert(paymentEvents)
      .values({ provider: provider.name, eventId: event.id, userId: owned ? uuid(userId) : null, invoiceId: uuid(invoiceId), processedAt: now })
      .onConflictDoNothing();
  };
  if (event.kind === 'other' || !event.intentId || !uuid(invoiceId) || !uuid(userId) || !invoiceId || !userId) {
    await mark();
    return { received: true, ignored: 'not a payment of an invoice' };
  }
  if (event.kind === 'failed') {
    if (intent)
      await ctx.db
        .update(paymentIntents)
        .set({ lastError: event.message ?? 'declined' })
        .where(eq(paymentIntents.id, intent.id));
    await mark(!!intent);
    return { received: true };
  }

  const [row] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
  if (!row) {
    await mark();
    return { received: true, ignored: 'invoice not found' };
  }
  /** A payment the invoice can no longer take is not recorded on it: the intent is flagged for a refund. */
  const flag = async (why: string, reason: 'voided' | 'overpaid' | 'other' = 'other') => {
    // What was taken is kept, so the owner's invoice view can say what to refund (GET /invoices/:id/refunds-due).
    const received = {
      amount: Number.isSafeInteger(event.amount) ? event.amount : 0,
      currency: event.currency.toUpperCase(),
      method: event.method ?? 'card',
      reference: event.reference ?? event.intentId ?? '',
      reason,
      at: now.toISOString(),
    };
    if (intent) await ctx.db.update(paymentIntents).set({ status: 'needs_refund', lastError: why, received }).where(eq(paymentIntents.id, intent.id));
    await mark(true);
    return { received: true as const, ignored: `not applied, refund due: ${why}` };
  };
  const paymentId = paymentIdFor(provider.name, event.intentId);
  const inv = toApi(row);
  const already = inv.payments.some((p) => p.id === paymentId);
  // A hosted checkout where the customer bore the fee charged amount + fee: the invoice gets the amount,
  // the fee stays recorded on the intent.
  const fee = intent ? Number(intent.fee) : 0;
  const amount = event.amount - fee;
  if (!already) {
    if (!isBilledKind(inv.kind)) return flag('the invoice is a quote');
    if (inv.status === 'void') return flag('the invoice was voided', 'voided');
    if (!Number.isSafeInteger(event.amount) || amount <= 0) return flag('the amount is not a positive whole number of minor units');
    if (intent && fee > 0 && event.amount !== Number(intent.amount) + fee)
      return flag(`the payment (${event.amount}) is not the amount asked (${Number(intent.amount) + fee})`);
    if (intent && event.exact && fee === 0 && event.amount !== Number(intent.amount))
      return flag(`the payment (${event.amount}) is not the amount asked (${Number(intent.amount)})`);
    if (event.currency.toUpperCase() !== inv.currency.toUpperCase()) return flag(`the payment is in ${event.currency}, the invoice in ${inv.currency}`);
    // The real balance (issue 22): a test payment before it never turns a real payment away as an overpayment. A TEST
    // payment takes what earlier TEST payments left (t19 A1: a checkout opened before the invoice was paid in TEST MODE
    // paid it a second time).
    const owed = provider.testMode ? testModeBalance(inv) : realBalanceOf(inv);
    if (amount > owed) return flag(owed === 0 ? 'the invoice was already paid' : `the payment (${amount}) is more than the balance (${owed})`, 'overpaid');
  }
  const payment: InvoicePayment = {
    id: paymentId,
    amount,
    method: event.method ?? 'card',
    date: await ownerToday(ctx, userId, now),
    reference: event.reference ?? event.intentId,
    provider: provider.name,
    provider_ref: event.intentId,
    // The wallet, or the checkout's provider when it did not say how the customer paid (t19 N2): receipts name it.
    ...(event.wallet && ['mobile_money', 'other'].includes(event.method ?? 'card') ? { wallet: event.wallet.slice(0, 60) } : {}),
    // Stamped TEST (the built-in test provider, a provider's test keys): shown on the invoice, receipts and reports.
    ...(provider.testMode ? { test: true } : {}),
  };
  try {
    await writeInvoice(ctx, userId, invoiceId, {}, { addPayments: [payment] }, now);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return flag(err.message);
    throw err;
  }
  if (intent) await ctx.db.update(paymentIntents).set({ status: 'succeeded', lastError: null }).where(eq(paymentIntents.id, intent.id));
  await mark(true);
  await paymentRecorded(ctx, { userId, invoiceId, paymentId: payment.id });
  return { received: true };
}

/** Runs the registry's after-payment hooks (receipt e-mail…); a failing hook never undoes the payment. */
export async function paymentRecorded(ctx: AppContext, info: { userId: string; invoiceId: string; paymentId: string }): Promise<void> {
  for (const hook of ctx.registry.onPaymentRecorded) {
    try {
      await hook(info);
    } catch {
      // the hook logs its own failure (e.g. the mail server is down); the payment stays recorded
    }
  }
}

/** The intent behind a client secret; one cancelled (invoice voided or paid meanwhile) is refused. */
export async function findIntentBySecret(ctx: AppContext, secret: string) {
  const [intent] = await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.clientSecret, secret));
  if (intent?.status === 'canceled')
    throw new AppError('conflict', 'This invoice can no longer be paid by card: it was cancelled or already paid. Reload the page.');
  return intent ?? null;
}
