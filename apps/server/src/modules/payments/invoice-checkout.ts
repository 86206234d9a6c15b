/**
 * Hosted checkout for an invoice's balance (issue 18, Paystack): naira invoices go to Paystack's checkout
 * (or the test provider's Paystack-like page) with the channels the owner allows; when the owner chose it,
 * the customer bears Paystack's fee, shown as its own line first. The payment is recorded by the signed
 * webhook or by Transaction Verify when the customer comes back, whichever is first, once.
 */
import { randomBytes } from 'node:crypto';
import { checkoutChannels, type CheckoutQuote, onlinePaySettings, parseInvoiceSettingsString, paystackFeeForCustomer, type VerifyAnswer } from '@duka/core';
import { and, eq } from 'drizzle-orm';
import { invoices, paymentIntents, users } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { findByPublicId, loadParties, toApi } from '../invoices';
import { getPayments, invoiceProvider, type PaymentProvider } from './providers';
import { applyEvent, assertPayable } from './service';
import { amountToTake } from './part-payments';

/** What the pay page shows before the customer pays: core's checkoutQuoteSchema. */
export type { CheckoutQuote };

async function payable(ctx: AppContext, publicId: string, asked?: number) {
  const row = await findByPublicId(ctx.db, publicId);
  const inv = toApi(row);
  const pay = invoiceProvider(ctx, inv.currency);
  if (!pay) throw new AppError('conflict', `This invoice cannot be paid online in ${inv.currency} yet`);
  const { provider, hosted } = pay;
  if (!hosted || !provider.startInvoiceCheckout) throw new AppError('conflict', 'This invoice is paid by card on this page, not through a checkout');
  const balance = assertPayable(inv, provider.testMode);
  const amount = await amountToTake(ctx.db, inv, String(row.userId), balance, asked);
  const [owner] = await ctx.db
    .select({ settings: users.invoiceSettings, country: users.country, email: users.email })
    .from(users)
    .where(eq(users.id, String(row.userId)));
  const settings = onlinePaySettings(parseInvoiceSettingsString(owner?.settings, owner?.country ?? undefined));
  const fee = settings.customer_pays_fee ? paystackFeeForCustomer(amount) : 0;
  const quote: CheckoutQuote = {
    provider: provider.name,
    public_id: inv.public_id,
    number: inv.number,
    currency: inv.currency,
    amount,
    fee,
    total: amount + fee,
    channels: checkoutChannels(settings.pay_channels, inv.currency),
    customer_pays_fee: settings.customer_pays_fee,
    test_mode: provider.testMode,
  };
  return { row, inv, provider, quote };
}

/** GET /pay/{public_id}/checkout: what the customer will be charged, before paying. */
export async function checkoutQuote(ctx: AppContext, publicId: string, amount?: number): Promise<CheckoutQuote> {
  return (await payable(ctx, publicId, amount)).quote;
}

/** POST /pay/{public_id}/checkout: a hosted checkout for the amount (an open one is reused). */
export async function startCheckout(
  ctx: AppContext,
  publicId: string,
  body: { amount?: number; email?: string },
): Promise<CheckoutQuote & { authorization_url: string; reference: string }> {
  const { row, inv, provider, quote } = await payable(ctx, publicId, body.amount);
  const [open] = await ctx.db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.invoiceId, inv.id),
        eq(paymentIntents.provider, provider.name),
        eq(paymentIntents.amount, quote.amount),
        eq(paymentIntents.fee, quote.fee),
        eq(paymentIntents.status, 'requires_payment_method'),
      ),
    )
    .limit(1);
  if (open?.checkoutUrl && !body.email) return { ...quote, authorization_url: open.checkoutUrl, reference: open.id };

  const reference = `duka_${inv.public_id.replace(/[^A-Za-z0-9]/g, '').slice(0, 24)}_${randomBytes(6).toString('hex')}`;
  const callbackUrl = `${ctx.config.publicUrl}/thank-you?invoice=${encodeURIComponent(inv.public_id)}&reference=${encodeURIComponent(reference)}`;
  const email = body.email ?? (await clientEmail(ctx, inv.contact_id ?? null, String(row.userId))) ?? `invoice-${inv.public_id}@duka.invalid`;
  const started = await (provider.startInvoiceCheckout as NonNullable<PaymentProvider['startInvoiceCheckout']>)({
    reference,
    invoice: { id: inv.id, userId: String(row.userId), publicId: inv.public_id, number: inv.number, currency: inv.currency },
    charge: quote.total,
    fee: quote.fee,
    email,
    channels: quote.channels,
    callbackUrl,
  });
  await ctx.db.insert(paymentIntents).values({
    id: reference,
    provider: provider.name,
    clientSecret: started.providerRef,
    checkoutUrl: started.url,
    userId: String(row.userId),
    invoiceId: inv.id,
    amount: quote.amount,
    fee: quote.fee,
    currency: inv.currency,
  });
  return { ...quote, authorization_url: started.url, reference };
}

async function clientEmail(ctx: AppContext, contactId: string | null, userId: string): Promise<string | null> {
  if (!contactId) return null;
  const parties = await loadParties(ctx.db, userId, contactId);
  const email = parties.client?.email;
  return email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null;
}

/** GET /pay/verify/{reference}'s answer: core's verifyCheckoutResponse. */
export type { VerifyAnswer };

/**
 * GET /pay/verify/{reference}: asks the provider (Paystack's Transaction Verify) before anyone says "paid";
 * a successful charge is recorded here if its webhook has not come yet (same event id, so once).
 */
export async function verifyCheckout(ctx: AppContext, reference: string): Promise<VerifyAnswer> {
  const [intent] = await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.id, reference));
  if (!intent || !intent.checkoutUrl) throw new AppError('not_found', 'This payment was not found. Open the invoice link again.');
  const [inv] = await ctx.db.select({ publicId: invoices.publicId }).from(invoices).where(eq(invoices.id, intent.invoiceId));
  const publicId = inv?.publicId ?? '';
  const { providers } = getPayments(ctx);
  const provider = [...providers.values()].find((p) => p.name === intent.provider);
  if (!provider) throw new AppError('not_found', 'This payment was not found. Open the invoice link again.');
  const balance = async () => {
    const row = await findByPublicId(ctx.db, publicId);
    return toApi(row).balance;
  };
  const answer = async (status: VerifyAnswer['status'], message: string | null = null): Promise<VerifyAnswer> => ({
    status,
    public_id: publicId,
    balance: await balance(),
    message,
  });

  if (intent.status === 'succeeded') return answer('paid');
  if (intent.status === 'needs_refund') return answer('failed', 'The payment came after the invoice could take it; the business will refund it.');
  // The test provider is Duka itself: its record is the intent, settled by its signed webhook.
  if (!provider.verifyCharge) return answer(intent.lastError ? 'failed' : 'pending', intent.lastError);

  const charge = await provider.verifyCharge(reference);
  if (charge.status === 'failed' || charge.status === 'abandoned') return answer(charge.status === 'failed' ? 'failed' : 'pending', charge.message);
  if (charge.status !== 'success') return answer('pending');
  await applyEvent(ctx, provider, {
    id: charge.eventId,
    kind: 'succeeded',
    intentId: intent.id,
    amount: charge.amount,
    currency: charge.currency,
    invoiceId: intent.invoiceId,
    userId: intent.userId,
    method: charge.method,
  });
  const [after] = await ctx.db
    .select({ status: paymentIntents.status, lastError: paymentIntents.lastError })
    .from(paymentIntents)
    .where(eq(paymentIntents.id, reference));
  if (after?.status === 'succeeded') return answer('paid');
  return answer('failed', after?.lastError ?? null);
}
