import { randomBytes } from 'node:crypto';
import { checkTestCard, PROVIDER_CALLBACKS } from '@duka/core';
import { eq } from 'drizzle-orm';
import { invoices } from '../../db/schema';
import type { Module } from '../../lib/context';
import { routesOf } from '../../lib/route';
import { AppError } from '../../lib/errors';
import { getPayments, invoiceProvider, type PaymentEvent, type PaymentProvider } from './providers';
import { mpesaRoutes } from './mpesa-routes';
import { railRoutes } from './rails/routes';
import { offeredRails, railWebhookHint } from './rails/service';
import { invoiceCheckoutRoutes } from './invoice-checkout-routes';
import { testCheckoutRoutes } from './test-checkout';
import { applyEvent, clientSecret, findIntentBySecret, providerFor } from './service';
import { markRefunded, refundsDue } from './refunds';
import { CANCEL_INTENTS_JOB, cancelIntentsAtProvider, cancelsAtProvider } from './cancel-intents';
import { jobsOf } from '../jobs';
import { deliverTestEvent, testCardPays, type TestEventBody } from './test-provider';

/** What the billing module registers as ctx.services.billing. */
export interface BillingEvents {
  applyEvent(provider: PaymentProvider, event: PaymentEvent): Promise<{ received: true; duplicate?: boolean; ignored?: string }>;
}

/**
 * Card payments: GET /payments/config, GET /{provider}/client-secrete/{public_id} (no token, SPEC §7),
 * the test provider's POST /test-pay/confirm, and the signed webhooks POST /webhooks/{provider}.
 */
export const paymentsRoutes: Module = async (app, ctx) => {
  const route = routesOf(app, ctx, 'payments');
  // Made now, so a production server without a real provider (and without PAYMENTS_TEST_MODE=on) never starts.
  getPayments(ctx);
  // The public invoice view asks who takes a payment in its currency (the invoices module does not import this one).
  ctx.registry.invoicePayRail = (currency) => {
    const pay = invoiceProvider(ctx, currency);
    return pay && { segment: pay.provider.segment, hosted: pay.hosted, testMode: pay.provider.testMode };
  };
  ctx.registry.offeredRails = (userId, currency) => offeredRails(ctx, userId, currency);

  // A voided (paid, changed) invoice's open intents are cancelled at a provider the customer pays directly
  // (Stripe) once the write is committed, and every 5 minutes for those the provider could not be asked about.
  if (cancelsAtProvider(ctx)) {
    jobsOf(ctx).define(CANCEL_INTENTS_JOB, async () => void (await cancelIntentsAtProvider(ctx)), { cron: '*/5 * * * *' });
    ctx.registry.afterMutations.push((userId, collections) => {
      if (!collections.includes('invoices')) return;
      cancelIntentsAtProvider(ctx, { userId }).then(
        (run) => {
          if (run.failed) app.log.warn(`${run.failed} open card payment(s) could not be cancelled at the provider yet; retried later`);
        },
        (err: unknown) => app.log.error(err, 'cancelling open card payments at the provider failed'),
      );
    });
  }

  route('GET /payments/config', async () => {
    const { active: p, providers } = getPayments(ctx);
    const testPayments = [...providers.values()].some((x) => x.testMode);
    return { provider: p.name, segment: p.segment, publishable_key: p.publishableKey, test_mode: p.testMode, test_payments: testPayments };
  });

  route('GET /:provider/client-secrete/:public_id', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return clientSecret(ctx, request.params.provider, request.params.public_id, request.query.amount);
  });

  // The test provider's card form posts here; on success it sends itself the signed webhook.
  route(
    'POST /test-pay/confirm',
    async (request, reply) => {
      const provider = providerFor(ctx, 'test-pay');
      const intent = await findIntentBySecret(ctx, request.body.client_secret);
      if (!intent || intent.provider !== provider.name) throw new AppError('not_found', 'This payment was not found. Reload the page and try again.');
      if (intent.status === 'succeeded') throw new AppError('conflict', 'This payment was already made');
      const card = checkTestCard(request.body);
      if (!card.ok) throw new AppError('validation_failed', card.message, { [card.field]: card.message });

      const succeeded = testCardPays(card.digits);
      const event: TestEventBody = {
        id: `evt_test_${randomBytes(12).toString('hex')}`,
        type: succeeded ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: intent.id,
            amount: Number(intent.amount),
            currency: intent.currency,
            metadata: { invoice_id: intent.invoiceId, user_id: intent.userId },
            last_payment_error: succeeded ? null : { message: 'Your card was declined.' },
          },
        },
      };
      await deliverTestEvent(app, ctx.config, event);
      if (!succeeded) return reply.status(402).send({ error: { code: 'card_declined', message: 'Your card was declined.' } });
      const [invoice] = await ctx.db.select({ publicId: invoices.publicId }).from(invoices).where(eq(invoices.id, intent.invoiceId));
      const publicId = invoice?.publicId ?? '';
      // The test provider's card: the thank-you page says TEST MODE (no money moved).
      return { status: 'succeeded' as const, public_id: publicId, redirect: `/thank-you?invoice=${encodeURIComponent(publicId)}&test=1` };
    },
    { config: ctx.config.rateLimits ? { rateLimit: { max: 30, timeWindow: '1 minute' } } : {}, errors: [402] },
  );

  // The owner's invoice view: payments taken that the invoice could not take (after a void, or too much).
  route('GET /invoices/:id/refunds-due', async (request) => refundsDue(ctx, request.userId, request.params.id));
  route('POST /invoices/:id/refunds-due/:intent_id/refunded', async (request) =>
    markRefunded(ctx, request.userId, request.params.id, request.params.intent_id),
  );

  await testCheckoutRoutes(app, ctx);
  await mpesaRoutes(app, ctx);
  await railRoutes(app, ctx);
  await invoiceCheckoutRoutes(app, ctx);

  // Webhooks need the raw body for the signature: the map marks them raw, so they get a buffer JSON parser.
  route(PROVIDER_CALLBACKS.signed, async (request, reply) => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    // Wall time and this process's CPU time (the latter barely moves with other processes' load).
    const timing = () => {
      const used = process.cpuUsage(cpu);
      return `apply;dur=${(performance.now() - started).toFixed(2)}, cpu;dur=${((used.user + used.system) / 1000).toFixed(2)}`;
    };
    const provider = providerFor(ctx, request.params.provider);
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from(typeof request.body === 'string' ? request.body : '');
    const event = provider.parseWebhook(raw, request.headers);
    // A rail's checkout on this provider (Paystack's EFT): the rails service asks the provider before recording anything.
    if (event.railReference !== undefined) {
      const hinted = await railWebhookHint(ctx, request.params.provider, event.railReference, (d, m) => request.log.warn(d, m));
      return hinted ? { received: true as const } : { received: true as const, ignored: 'not a payment of this server' };
    }
    if (event.billing) {
      // Plans and credit packs: the billing module applies them (registered as a service).
      const billing = ctx.services.billing;
      const applied = billing ? await billing.applyEvent(provider, event) : { received: true as const, ignored: 'plans are not enabled' };
      reply.header('server-timing', timing());
      return applied;
    }
    const applied = await applyEvent(ctx, provider, event);
    reply.header('server-timing', timing());
    return applied;
  });
};

declare module '../../lib/context' {
  interface Services {
    billing?: BillingEvents;
  }
}
