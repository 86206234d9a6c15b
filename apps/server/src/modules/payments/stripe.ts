/**
 * Stripe: PaymentIntents through the official `stripe` package; webhooks verified with
 * stripe.webhooks.constructEvent on the raw body. STRIPE_API_BASE points the client elsewhere (tests run a
 * local server speaking Stripe's REST API).
 */
import { createRequire } from 'node:module';
import { CURRENCIES, minorDigits } from '@duka/core';
import type Stripe from 'stripe';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import type { PaymentEvent, PaymentProvider } from './provider-types';
import { stripeBilling, stripeBillingEvent } from './stripe-billing';

/** Stripe's zero-decimal currencies (amounts in whole units); every other currency Duka has takes 2 decimals at Stripe. */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);
const stripeDigits = (iso: string) => (ZERO_DECIMAL.has(iso.toLowerCase()) ? 0 : 2);

export function stripeCurrency(code: string): string {
  return (CURRENCIES.find((c) => c.code === code)?.iso ?? code).toLowerCase();
}
function dukaCurrency(iso: string): string {
  return CURRENCIES.find((c) => c.iso.toLowerCase() === iso.toLowerCase())?.code ?? iso.toUpperCase();
}
/**
 * Duka's minor units (the currency's ISO digits: none for XAF, UGX) → Stripe's: the same for every currency Duka
 * lists; a currency Duka keeps with more digits than Stripe is rounded up to Stripe's unit.
 */
export function toStripeAmount(minor: number, code: string): number {
  const diff = stripeDigits(stripeCurrency(code)) - minorDigits(code);
  return diff >= 0 ? minor * 10 ** diff : Math.ceil(minor / 10 ** -diff);
}
function fromStripeAmount(amount: number, iso: string): number {
  const diff = minorDigits(dukaCurrency(iso)) - stripeDigits(iso);
  return diff >= 0 ? amount * 10 ** diff : Math.round(amount / 10 ** -diff);
}

/**
 * The `stripe` package, loaded when a Stripe provider is made (issue 27): a server without STRIPE_SECRET_KEY never
 * loads it (≈4 MB of heap and ≈0.2 s of start-up). Its CommonJS build, so the provider stays synchronous.
 */
let loaded: typeof Stripe | undefined;
function stripePackage(): typeof Stripe {
  return (loaded ??= createRequire(import.meta.url)('stripe') as typeof Stripe);
}

export function createStripeClient(config: Pick<Config, 'stripeSecretKey' | 'stripeApiBase'>): Stripe {
  const Stripe = stripePackage();
  const opts: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 1, telemetry: false, timeout: 20_000 };
  if (config.stripeApiBase) {
    const u = new URL(config.stripeApiBase);
    opts.host = u.hostname;
    opts.port = u.port || (u.protocol === 'http:' ? 80 : 443);
    opts.protocol = u.protocol === 'http:' ? 'http' : 'https';
  }
  return new Stripe(config.stripeSecretKey as string, opts);
}

export function createStripeProvider(config: Config): PaymentProvider {
  const Stripe = stripePackage();
  const stripe = createStripeClient(config);
  const secret = config.stripeWebhookSecret as string;
  return {
    name: 'stripe',
    segment: 'stripe',
    publishableKey: config.stripePublishableKey ?? null,
    testMode: (config.stripeSecretKey ?? '').startsWith('sk_test_'),
    ...stripeBilling(stripe),
    async createIntent(invoice, amount) {
      try {
        const pi = await stripe.paymentIntents.create({
          amount: toStripeAmount(amount, invoice.currency),
          currency: stripeCurrency(invoice.currency),
          automatic_payment_methods: { enabled: true },
          description: `Invoice ${invoice.number}`,
          metadata: { invoice_id: invoice.id, user_id: invoice.userId, public_id: invoice.publicId, invoice_number: invoice.number },
        });
        if (!pi.client_secret) throw new Error('no client secret');
        return { intentId: pi.id, clientSecret: pi.client_secret };
      } catch (err) {
        const message = err instanceof Stripe.errors.StripeError ? err.message : 'Stripe could not be reached';
        throw new AppError('bad_gateway', `Card payment could not start: ${message}`);
      }
    },
    async cancelIntent(intentId) {
      try {
        await stripe.paymentIntents.cancel(intentId, { cancellation_reason: 'abandoned' });
        return { canceled: true };
      } catch (err) {
        // Already cancelled counts as done; succeeded or processing cannot be cancelled (its webhook follows).
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state') {
          return err.payment_intent?.status === 'canceled' ? { canceled: true } : { canceled: false, message: err.message };
        }
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return { canceled: false, message: err.message };
        throw err;
      }
    },
    parseWebhook(rawBody, headers): PaymentEvent {
      const header = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, Array.isArray(header) ? header[0] : (header ?? ''), secret);
      } catch {
        throw new AppError('bad_request', 'The webhook signature is not valid');
      }
      const pi = event.data.object as Stripe.PaymentIntent;
      const billing = stripeBillingEvent(event, dukaCurrency);
      if (billing || (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') || !pi.metadata?.invoice_id) {
        return { id: event.id, kind: 'other', intentId: null, amount: 0, currency: '', invoiceId: null, userId: null, ...(billing ? { billing } : {}) };
      }
      const received = event.type === 'payment_intent.succeeded' ? pi.amount_received || pi.amount : pi.amount;
      return {
        id: event.id,
        kind: event.type === 'payment_intent.succeeded' ? 'succeeded' : 'failed',
        intentId: pi.id,
        amount: fromStripeAmount(received, pi.currency),
        currency: dukaCurrency(pi.currency),
        invoiceId: pi.metadata?.invoice_id ?? null,
        userId: pi.metadata?.user_id ?? null,
        message: pi.last_payment_error?.message,
      };
    },
  };
}
