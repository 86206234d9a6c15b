/**
 * Mobile-money and hosted rails on the public invoice page (issue 25): which rails an invoice offers, starting
 * a payment (a prompt on the customer's phone or a hosted checkout), its status (polled by the page), and the
 * provider's callback — a hint only: each asks the provider (`check`) and records a payment once it confirms,
 * at most once per provider transaction id (payment_events), through applyEvent, which records it on the
 * invoice; an amount or currency other than what was asked is kept as refund due.
 */
import { randomUUID, randomBytes } from 'node:crypto';
import {
  apiPath,
  findCountry,
  MOBILE_MONEY_NUMBERS,
  mobileMoneyPhone,
  PROVIDER_CALLBACKS,
  RAILS,
  type RailId,
  type RailStatusAnswer,
  testModeBalance,
  walletUnit,
} from '@duka/core';
import { and, eq, isNull } from 'drizzle-orm';
import { paymentIntents } from '../../../db/schema';
import type { AppContext } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { findByPublicId, loadParties, toApi } from '../../invoices';
import { startStkPush, stkStatus } from '../mpesa-service';
import { amountToTake, assertWalletTakes } from '../part-payments';
import { chargePrompt, givePromptBack } from '../prompt-limits';
import { applyEvent, assertPayable } from '../service';
import { adapterOf, type RailAdapter, railAdapter, type RailState } from './adapter';
import { referenceOfAirtelId } from './airtel';
import { chapaSignatureOk } from './chapa';
import { readPaynow } from './paynow';
import { readOzowNotify } from './ozow';
import { flutterwaveHashOk } from './flutterwave';
import { PAYSTACK_EFT } from './paystack-eft';
import { PAYSTACK_MOMO } from './paystack-momo';
import { assertNoPromptWaiting, recordIntentAlone } from './pending-prompt';
import { offered } from './offered';

export { offeredRails } from './offered';

/** POST /invoices/link/{public_id}/rails/{rail}: sends the prompt (or opens the hosted checkout). */
export async function startRail(
  ctx: AppContext,
  publicId: string,
  rail: RailId,
  body: { phone?: string; network?: string; amount?: number },
): Promise<{
  reference: string;
  amount: number;
  currency: string;
  redirect_url: string | null;
  test_phone_url: string | null;
  otp_prompt?: string | null;
}> {
  const row = await findByPublicId(ctx.db, publicId);
  const inv = toApi(row);
  const offer = await offered(ctx, row, rail, body.network);
  const adapter = railAdapter(ctx, rail) as RailAdapter | 'daraja';
  if (adapter === 'daraja') {
    const r = await startStkPush(ctx, publicId, body.phone ?? '', undefined, body.amount);
    return { reference: r.checkout_request_id, amount: r.amount, currency: r.currency, redirect_url: null, test_phone_url: null };
  }
  const balance = assertPayable(inv, adapter.testMode);
  // Kenyan and Tanzanian wallets take whole shillings (core's walletUnit; t20 T1); a KES checkout keeps that rule too.
  const unit = offer.kind === 'phone' || inv.currency === 'KES' ? walletUnit(inv.currency) : 1;
  const amount = await amountToTake(ctx.db, inv, String(row.userId), balance, body.amount, unit, offer.name);
  await assertWalletTakes(ctx.db, inv, String(row.userId), rail, offer.name, amount);
  const country = offer.country ?? '';
  let phone: string | null = null;
  if (offer.kind === 'phone') {
    phone = mobileMoneyPhone(body.phone ?? '', country);
    if (!phone) {
      const example = MOBILE_MONEY_NUMBERS[country]?.example ?? '';
      const where = findCountry(country)?.name ?? country;
      const message = `Enter a ${where} ${offer.name} number, for example ${example}`;
      throw new AppError('validation_failed', message, { phone: message });
    }
  }
  if (offer.networks.length && !offer.networks.some((n) => n.code === body.network))
    throw new AppError('validation_failed', 'Choose your mobile-money network', { network: 'Choose your mobile-money network' });

  // One prompt waiting per invoice (a second tap or another rail would charge twice): refused before it is counted…
  await assertNoPromptWaiting(ctx.db, inv.id, country, phone);
  // Per invoice and per phone number, shared with M-Pesa (a stranger holding the link cannot flood a phone).
  await chargePrompt(ctx, { userId: String(row.userId), invoiceId: inv.id, phone, rail });
  const reference = randomUUID();
  const token = randomBytes(24).toString('base64url');
  // Recorded first: a prompt the provider took is never without its intent, even if we crash while it answers.
  // …and again under the invoice's lock with the new intent, so two starts at once send one request.
  await recordIntentAlone(
    ctx.db,
    {
      id: reference,
      provider: adapter.provider,
      clientSecret: token,
      userId: String(row.userId),
      invoiceId: inv.id,
      amount,
      currency: inv.currency,
      status: 'pending',
      phone,
    },
    country,
  );
  const parties = await loadParties(ctx.db, String(row.userId), inv.contact_id ?? null).catch(() => null);
  let started;
  try {
    started = await adapter.start({
      reference,
      rail,
      phone,
      country,
      network: offer.network ?? body.network,
      amount,
      currency: inv.currency,
      invoiceNumber: inv.number,
      publicId: inv.public_id,
      callbackUrl: `${ctx.config.publicUrl}${apiPath(PROVIDER_CALLBACKS.rail, { provider: adapter.provider, token })}`,
      returnUrl: `${ctx.config.publicUrl}/invoice/link/${encodeURIComponent(inv.public_id)}?rail=${rail}&reference=${reference}${offer.network ? `&network=${encodeURIComponent(offer.network)}` : ''}`,
      email: parties?.client?.email ?? null,
    });
  } catch (err) {
    await ctx.db
      .update(paymentIntents)
      .set({ status: 'failed', lastError: err instanceof Error ? err.message : 'not sent' })
      .where(eq(paymentIntents.id, reference));
    throw err;
  }
  if (started.providerRef) await ctx.db.update(paymentIntents).set({ providerRef: started.providerRef }).where(eq(paymentIntents.id, reference));
  return {
    reference,
    amount,
    currency: inv.currency,
    redirect_url: started.redirectUrl,
    test_phone_url: adapter.testMode && adapter.provider === 'test-rail' && phone ? `/test-phone/${reference}` : null,
    otp_prompt: started.otpPrompt ?? null,
  };
}

type Intent = typeof paymentIntents.$inferSelect;

/** Records what the provider says about an intent, once: a payment (applyEvent) or why there is none. */
export async function settleRail(ctx: AppContext, adapter: RailAdapter, intent: Intent, state: RailState): Promise<void> {
  if (state.kind === 'pending') return;
  if (state.kind !== 'paid') {
    await ctx.db
      .update(paymentIntents)
      .set({ status: state.kind, lastError: state.message })
      .where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, 'pending')));
    return;
  }
  const applied = await applyEvent(
    ctx,
    { name: adapter.provider, testMode: adapter.testMode },
    {
      // The operator's transaction id: a payment is recorded at most once per id (payment_events' key).
      id: state.operatorId || intent.id,
      kind: 'succeeded',
      intentId: intent.id,
      amount: state.asked ? Number(intent.amount) : state.amount,
      currency: state.currency,
      invoiceId: intent.invoiceId,
      userId: intent.userId,
      method: state.method ?? 'mobile_money',
      reference: state.operatorId || intent.id,
      ...(state.wallet ? { wallet: state.wallet } : {}),
      exact: true,
    },
  );
  // Approved, so wanted: the phone's prompt count is given back once (t18 U1).
  if (!applied.duplicate && !applied.ignored) await givePromptBack(ctx, intent.phone, intent.createdAt);
}

/** A provider is asked about one intent at most this often, whoever polls. */
const CHECK_EVERY_MS = 1_500;
const lastChecked = new Map<string, number>();

async function checkNow(ctx: AppContext, adapter: RailAdapter, intent: Intent, warn: Warn): Promise<void> {
  const now = Date.now();
  if (!adapter.testMode || adapter.provider !== 'test-rail') {
    if (now - (lastChecked.get(intent.id) ?? 0) < CHECK_EVERY_MS) return;
    lastChecked.set(intent.id, now);
  }
  let state: RailState;
  try {
    state = await adapter.check({ reference: intent.id, providerRef: intent.providerRef, currency: intent.currency });
  } catch (err) {
    warn({ err, intent: intent.id }, `${adapter.label} status check failed`);
    return; // the page keeps waiting; a later poll asks again
  }
  if (state.kind !== 'pending') lastChecked.delete(intent.id);
  await settleRail(ctx, adapter, intent, state);
}

/**
 * Back from a hosted checkout with the provider's transaction id on the URL (Flutterwave's transaction_id): that
 * transaction is verified with the provider at once, without waiting for the webhook or the usual pace, the first time
 * this id is named for this payment. The provider must say it is this payment's (checkReturned throws otherwise);
 * once it has an outcome its id is kept, as a webhook's would be. Anything else: the usual check.
 */
async function checkReturned(ctx: AppContext, adapter: RailAdapter, intent: Intent, transactionId: string, warn: Warn): Promise<void> {
  const key = `${intent.id}:${transactionId}`;
  // (Also when the id is the one the provider answered at the start, as Flutterwave's bank payment does: the customer is back.)
  if (!adapter.checkReturned || lastChecked.has(key)) return checkNow(ctx, adapter, intent, warn);
  lastChecked.set(key, Date.now());
  setTimeout(() => lastChecked.delete(key), 10 * 60_000).unref();
  let state: RailState;
  try {
    state = await adapter.checkReturned({ reference: intent.id, currency: intent.currency }, transactionId);
  } catch (err) {
    warn({ err, intent: intent.id, transactionId }, `${adapter.label}: the transaction on the return address was not verified`);
    return checkNow(ctx, adapter, intent, warn);
  }
  if (state.kind === 'pending') return;
  lastChecked.delete(intent.id);
  if (!intent.providerRef)
    await ctx.db
      .update(paymentIntents)
      .set({ providerRef: transactionId })
      .where(and(eq(paymentIntents.id, intent.id), isNull(paymentIntents.providerRef)));
  await settleRail(ctx, adapter, intent, state);
}

type Warn = (detail: Record<string, unknown>, message: string) => void;
const STATUS: Record<string, RailStatusAnswer['status']> = {
  pending: 'pending',
  succeeded: 'paid',
  cancelled: 'cancelled',
  timed_out: 'timed_out',
  failed: 'failed',
  needs_refund: 'failed',
};

/** GET /invoices/link/{public_id}/rails/{rail}/{reference}: what became of the payment (asks the provider while pending). */
export async function railStatus(
  ctx: AppContext,
  publicId: string,
  rail: RailId,
  reference: string,
  warn: Warn = () => undefined,
  returned: { transaction_id?: string } = {},
): Promise<RailStatusAnswer> {
  const row = await findByPublicId(ctx.db, publicId);
  if (rail === 'mpesa' && railAdapter(ctx, 'mpesa') === 'daraja') {
    return stkStatus(ctx, publicId, reference, undefined, warn);
  }
  const find = async () =>
    (
      await ctx.db
        .select()
        .from(paymentIntents)
        .where(and(eq(paymentIntents.id, reference), eq(paymentIntents.invoiceId, String(row.id))))
    )[0];
  let intent = await find();
  const adapter = intent ? adapterOf(ctx, intent.provider) : null;
  if (!intent || !adapter) throw new AppError('not_found', 'This payment was not found');
  if (intent.status === 'pending') {
    if (returned.transaction_id) await checkReturned(ctx, adapter, intent, returned.transaction_id, warn);
    else await checkNow(ctx, adapter, intent, warn);
    intent = (await find()) ?? intent;
  }
  const inv = toApi(await findByPublicId(ctx.db, publicId));
  const status = STATUS[intent.status] ?? 'failed';
  const paid = inv.payments.find((p) => p.provider_ref === intent.id);
  return {
    status,
    message: status === 'pending' || status === 'paid' ? null : (intent.lastError ?? `${adapter.label} could not take the payment`),
    // A TEST MODE rail's journey counts its test payments (issue 25): "paid" leaves nothing, as the pay page says.
    balance: adapter.testMode ? testModeBalance(inv) : inv.balance,
    operator_id: status === 'paid' ? (paid?.reference ?? null) : null,
    // This request's own amount (a part, not the balance): the page states it after a reload (t16 F1).
    amount: intent.amount,
    currency: intent.currency,
  };
}

/**
 * POST /invoices/link/{public_id}/rails/{rail}/{reference}/otp: the code the provider asked the customer for (Paystack's
 * `send_otp`), sent on for that payment only while it waits. What the provider answers is a hint too: a failure is
 * recorded, and only its verify says paid (the page goes on polling).
 */
export async function submitRailOtp(
  ctx: AppContext,
  publicId: string,
  rail: RailId,
  reference: string,
  otp: string,
): Promise<{ status: RailStatusAnswer['status']; message: string | null; otp_prompt: string | null }> {
  const row = await findByPublicId(ctx.db, publicId);
  const [intent] = await ctx.db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.id, reference), eq(paymentIntents.invoiceId, String(row.id))));
  const adapter = intent ? adapterOf(ctx, intent.provider) : null;
  if (!intent || !adapter) throw new AppError('not_found', 'This payment was not found');
  if (!adapter.submitOtp) throw new AppError('conflict', `${RAILS[rail].name} asks for no code`);
  if (intent.status !== 'pending') throw new AppError('conflict', 'This payment is no longer waiting for a code');
  const answer = await adapter.submitOtp({ reference: intent.id }, otp);
  if (answer.kind === 'otp') return { status: 'pending', message: null, otp_prompt: answer.prompt };
  await settleRail(ctx, adapter, intent, answer.kind === 'paid' ? { kind: 'pending' } : answer);
  const [after] = await ctx.db
    .select({ status: paymentIntents.status, lastError: paymentIntents.lastError })
    .from(paymentIntents)
    .where(eq(paymentIntents.id, intent.id));
  const status = STATUS[after?.status ?? 'pending'] ?? 'failed';
  return { status, message: status === 'pending' ? null : (after?.lastError ?? null), otp_prompt: null };
}

/** The payment request a provider's call names: by our reference (its id) or by the one-time callback token. */
async function intentOf(ctx: AppContext, provider: string, by: { id: string } | { token: string }): Promise<Intent | undefined> {
  if ('id' in by && !by.id) return undefined;
  const match = 'id' in by ? eq(paymentIntents.id, by.id) : eq(paymentIntents.clientSecret, by.token);
  const [intent] = await ctx.db
    .select()
    .from(paymentIntents)
    .where(and(match, eq(paymentIntents.provider, provider)));
  return intent;
}

/** A provider's call is a hint only: a pending request is asked about at once, and its status answered. */
async function askAfterHint(ctx: AppContext, adapter: RailAdapter, intent: Intent, warn: Warn): Promise<{ status: string }> {
  if (intent.status === 'pending') {
    lastChecked.delete(intent.id);
    await checkNow(ctx, adapter, intent, warn);
  }
  const [after] = await ctx.db.select({ status: paymentIntents.status }).from(paymentIntents).where(eq(paymentIntents.id, intent.id));
  return { status: after?.status ?? intent.status };
}

/**
 * POST|PUT /webhooks/rails/{provider}/{token}: the provider's callback. The token was made for this request only;
 * a reference in the body must be the same request's. Then the provider is asked, as when the page polls.
 */
export async function railCallback(ctx: AppContext, provider: string, token: string, body: Record<string, unknown>, warn: Warn): Promise<{ status: string }> {
  const intent = await intentOf(ctx, provider, { token });
  const adapter = adapterOf(ctx, provider);
  if (!intent || !adapter) throw new AppError('not_found', 'Unknown payment');
  const said = body.externalId ?? body.referenceId ?? body.tx_ref ?? body.reference;
  if (said !== undefined && said !== intent.id) throw new AppError('not_found', 'Unknown payment');
  return askAfterHint(ctx, adapter, intent, warn);
}

/**
 * POST /webhooks/flutterwave: Flutterwave's webhook (one URL for the account), checked by its verif-hash header;
 * data.tx_ref is our reference. A hint too: the transaction is verified by its id before anything is recorded.
 */
export async function flutterwaveWebhook(
  ctx: AppContext,
  hashHeader: string | string[] | undefined,
  body: Record<string, unknown>,
  warn: Warn,
): Promise<{ status: string }> {
  const settings = ctx.config.flutterwave;
  if (!settings || !flutterwaveHashOk(settings, hashHeader)) throw new AppError('unauthorized', 'The webhook signature is not valid');
  const data = (body.data ?? {}) as { id?: unknown; tx_ref?: unknown };
  const ref = typeof data.tx_ref === 'string' ? data.tx_ref : '';
  const intent = await intentOf(ctx, 'flutterwave', { id: ref });
  const adapter = adapterOf(ctx, 'flutterwave');
  if (!intent || !adapter) throw new AppError('not_found', 'Unknown payment');
  if (!intent.providerRef && (typeof data.id === 'number' || typeof data.id === 'string')) {
    await ctx.db
      .update(paymentIntents)
      .set({ providerRef: String(data.id) })
      .where(eq(paymentIntents.id, intent.id));
    intent.providerRef = String(data.id);
  }
  return askAfterHint(ctx, adapter, intent, warn);
}

/** POST /webhooks/airtel: Airtel's callback ({ transaction: { id, status_code, airtel_money_id } }), a hint to ask the status. */
export async function airtelCallback(ctx: AppContext, body: Record<string, unknown>, warn: Warn): Promise<{ status: string }> {
  const tx = (body.transaction ?? {}) as { id?: unknown };
  const ref = typeof tx.id === 'string' ? referenceOfAirtelId(tx.id) : null;
  const intent = await intentOf(ctx, 'airtel', { id: ref ?? '' });
  const adapter = adapterOf(ctx, 'airtel');
  if (!intent || !adapter) throw new AppError('not_found', 'Unknown payment');
  return askAfterHint(ctx, adapter, intent, warn);
}

/** POST /webhooks/chapa: Chapa's webhook, signed over the raw body (x-chapa-signature); tx_ref is our reference. */
export async function chapaWebhook(ctx: AppContext, rawBody: Buffer, signature: string | string[] | undefined, warn: Warn): Promise<{ status: string }> {
  const settings = ctx.config.chapa;
  if (!settings || !chapaSignatureOk(settings, rawBody, signature)) throw new AppError('unauthorized', 'The webhook signature is not valid');
  let body: { tx_ref?: unknown };
  try {
    body = JSON.parse(rawBody.toString('utf8')) as { tx_ref?: unknown };
  } catch {
    throw new AppError('bad_request', 'The webhook body is not valid JSON');
  }
  const ref = typeof body.tx_ref === 'string' ? body.tx_ref : '';
  const intent = await intentOf(ctx, 'chapa', { id: ref });
  const adapter = adapterOf(ctx, 'chapa');
  if (!intent || !adapter) throw new AppError('not_found', 'Unknown payment');
  return askAfterHint(ctx, adapter, intent, warn);
}

/** POST /webhooks/rails/paynow/{token}: Paynow's result URL call (url-encoded, hashed); a hint to poll. */
export async function paynowResult(ctx: AppContext, token: string, text: string, warn: Warn): Promise<{ status: string }> {
  const settings = ctx.config.paynow;
  const fields = settings ? readPaynow(text, settings.integrationKey) : null;
  if (!settings || !fields) throw new AppError('unauthorized', 'The Paynow hash is not valid');
  const intent = await intentOf(ctx, 'paynow', { token });
  const adapter = adapterOf(ctx, 'paynow');
  if (!intent || !adapter || fields.reference !== intent.id) throw new AppError('not_found', 'Unknown payment');
  return askAfterHint(ctx, adapter, intent, warn);
}

/** POST /webhooks/rails/ozow/{token}: Ozow's notify call (url-encoded, hashed with the private key); a hint to ask Ozow. */
export async function ozowNotify(ctx: AppContext, token: string, text: string, warn: Warn): Promise<{ status: string }> {
  const settings = ctx.config.ozow;
  const fields = settings ? readOzowNotify(settings, text) : null;
  if (!settings || !fields) throw new AppError('unauthorized', 'The Ozow hash is not valid');
  const intent = await intentOf(ctx, 'ozow', { token });
  const adapter = adapterOf(ctx, 'ozow');
  if (!intent || !adapter || fields.TransactionReference !== intent.id) throw new AppError('not_found', 'Unknown payment');
  return askAfterHint(ctx, adapter, intent, warn);
}

/** The rail provider whose checkouts a signed provider webhook (POST /webhooks/{provider}) may name. */
const RAIL_OF_WEBHOOK: Record<string, readonly string[]> = { paystack: [PAYSTACK_EFT, PAYSTACK_MOMO] };

/**
 * POST /webhooks/paystack's charge.success for a rail's payment (Paystack's EFT in South Africa, its mobile money in Ghana): the signature was
 * checked by the provider's parser; `reference` is ours. A hint too: Paystack is asked (verify) before anything is
 * recorded. Null when no payment of this server has that reference (the account's webhook is shared with its other
 * uses, so the provider is answered, not made to send it again).
 */
export async function railWebhookHint(ctx: AppContext, webhookProvider: string, reference: string, warn: Warn): Promise<{ status: string } | null> {
  let intent: Intent | undefined;
  for (const provider of RAIL_OF_WEBHOOK[webhookProvider] ?? []) intent ??= await intentOf(ctx, provider, { id: reference });
  const adapter = intent ? adapterOf(ctx, intent.provider) : null;
  if (!intent || !adapter) return null;
  return askAfterHint(ctx, adapter, intent, warn);
}
