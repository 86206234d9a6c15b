import { randomBytes } from 'node:crypto';
import { checkoutChannels, checkTestCard, onlinePaySettings, parseInvoiceSettingsString } from '@duka/core';
import { eq } from 'drizzle-orm';
import { invoices, paymentIntents, users } from '../../db/schema';
import type { AppContext, ZApp } from '../../lib/context';
import { routesOf } from '../../lib/route';
import { AppError } from '../../lib/errors';
import { checkoutQuote, startCheckout, verifyCheckout } from './invoice-checkout';
import { deliverTestEvent, testCardPays, type TestEventBody } from './test-provider';
import { providerFor } from './service';

/**
 * Hosted checkout of an invoice (no token: the customer holds the public link): GET/POST
 * /pay/{public_id}/checkout, GET /pay/verify/{reference}, and the test provider's Paystack-like
 * checkout page's calls /test-pay/invoice-checkouts/{reference}.
 */
export async function invoiceCheckoutRoutes(app: ZApp, ctx: AppContext): Promise<void> {
  const route = routesOf(app, ctx, 'payments');

  route('GET /pay/:public_id/checkout', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return checkoutQuote(ctx, request.params.public_id, request.query.amount);
  });

  route(
    'POST /pay/:public_id/checkout',
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return startCheckout(ctx, request.params.public_id, request.body ?? {});
    },
    { config: ctx.config.rateLimits ? { rateLimit: { max: 30, timeWindow: '1 minute' } } : {} },
  );

  route(
    'GET /pay/verify/:reference',
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return verifyCheckout(ctx, request.params.reference);
    },
    { config: ctx.config.rateLimits ? { rateLimit: { max: 30, timeWindow: '1 minute' } } : {} },
  );

  // ---- the test provider's Paystack-like checkout page (TEST MODE) ----
  async function openCheckout(reference: string) {
    providerFor(ctx, 'test-pay');
    const [intent] = await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.id, reference));
    if (!intent || intent.provider !== 'test' || !intent.checkoutUrl)
      throw new AppError('not_found', 'This checkout was not found. Open the invoice link again.');
    const [inv] = await ctx.db.select({ publicId: invoices.publicId, number: invoices.number }).from(invoices).where(eq(invoices.id, intent.invoiceId));
    const [owner] = await ctx.db.select({ name: users.name, company: users.companyName }).from(users).where(eq(users.id, intent.userId));
    return { intent, publicId: inv?.publicId ?? '', number: inv?.number ?? '', business: owner?.company || owner?.name || '' };
  }
  // The test provider's checkout: the thank-you page says TEST MODE (no money moved).
  const thankYou = (publicId: string, reference: string) =>
    `/thank-you?invoice=${encodeURIComponent(publicId)}&reference=${encodeURIComponent(reference)}&test=1`;

  route('GET /test-pay/invoice-checkouts/:reference', async (request) => {
    const { intent, publicId, number, business } = await openCheckout(request.params.reference);
    const [owner] = await ctx.db.select({ settings: users.invoiceSettings }).from(users).where(eq(users.id, intent.userId));
    const channels = checkoutChannels(onlinePaySettings(parseInvoiceSettingsString(owner?.settings)).pay_channels, intent.currency);
    const status = intent.status === 'succeeded' ? ('paid' as const) : intent.status === 'requires_payment_method' ? ('open' as const) : ('closed' as const);
    return {
      reference: intent.id,
      business,
      number,
      public_id: publicId,
      amount: Number(intent.amount),
      fee: Number(intent.fee),
      total: Number(intent.amount) + Number(intent.fee),
      currency: intent.currency,
      channels,
      status,
      test_mode: true as const,
    };
  });

  route(
    'POST /test-pay/invoice-checkouts/:reference/confirm',
    async (request, reply) => {
      const { intent, publicId } = await openCheckout(request.params.reference);
      if (intent.status === 'succeeded') throw new AppError('conflict', 'This invoice payment was already made');
      if (intent.status !== 'requires_payment_method') throw new AppError('conflict', 'This checkout is closed. Open the invoice link again.');
      const body = request.body;
      let succeeded = true;
      if (body.channel === 'card') {
        const card = checkTestCard({ card_number: body.card_number ?? '', exp: body.exp ?? '', cvc: body.cvc ?? '', name: body.name ?? '' });
        if (!card.ok) throw new AppError('validation_failed', card.message, { [card.field]: card.message });
        succeeded = testCardPays(card.digits);
      }
      const event: TestEventBody = {
        id: `evt_test_${randomBytes(12).toString('hex')}`,
        type: succeeded ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: intent.id,
            amount: Number(intent.amount) + Number(intent.fee),
            currency: intent.currency,
            metadata: { invoice_id: intent.invoiceId, user_id: intent.userId },
            last_payment_error: succeeded ? null : { message: 'Your card was declined.' },
            channel: body.channel,
          },
        },
      };
      await deliverTestEvent(app, ctx.config, event);
      if (!succeeded) return reply.status(402).send({ error: { code: 'card_declined', message: 'Your card was declined.' } });
      return { status: 'succeeded' as const, redirect: thankYou(publicId, intent.id) };
    },
    { config: ctx.config.rateLimits ? { rateLimit: { max: 30, timeWindow: '1 minute' } } : {}, errors: [402] },
  );
}
