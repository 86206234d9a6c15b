/**
 * Card payment providers (DESIGN.md "Payments"). A provider makes a payment intent for an amount and
 * turns its signed webhook into a PaymentEvent; the payments service applies events idempotently.
 * Built in: the test provider (default, TEST MODE) and Stripe (STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { AppContext } from '../../lib/context';
import { createStripeProvider } from './stripe';
import { createTestProvider } from './test-provider';

export interface IntentInvoice {
  id: string;
  userId: string;
  publicId: string;
  number: string;
  currency: string;
}

export interface CreatedIntent {
  intentId: string;
  clientSecret: string;
}

/** A verified webhook, in provider-neutral terms. Amounts are minor units of `currency` (Duka's code). */
export interface PaymentEvent {
  id: string;
  kind: 'succeeded' | 'failed' | 'other';
  intentId: string | null;
  amount: number;
  currency: string;
  invoiceId: string | null;
  userId: string | null;
  message?: string;
}

export interface PaymentProvider {
  /** 'test' or 'stripe': recorded on payments. */
  name: string;
  /** Path segment of GET /api/{segment}/client-secrete/{public_id} and POST /api/webhooks/{segment}. */
  segment: string;
  publishableKey: string | null;
  testMode: boolean;
  createIntent(invoice: IntentInvoice, amount: number): Promise<CreatedIntent>;
  /** Verifies the signature over the raw body; throws AppError('bad_request') when it is wrong. */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentEvent;
}

export interface Payments {
  providers: Map<string, PaymentProvider>;
  active: PaymentProvider;
}

export const PAYMENTS_NOT_CONFIGURED =
  'NODE_ENV=production with no card payment provider: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, ' +
  'or PAYMENTS_TEST_MODE=on to run the built-in test provider (test cards, no real money) on purpose.';

/** The providers for this app (made once from the config, kept in ctx.services.payments). */
export function getPayments(ctx: AppContext): Payments {
  const existing = ctx.services.payments as Payments | undefined;
  if (existing) return existing;
  const providers = new Map<string, PaymentProvider>();
  const { stripeSecretKey, stripeWebhookSecret } = ctx.config;
  const stripe = stripeSecretKey && stripeWebhookSecret ? createStripeProvider(ctx.config) : null;
  if (stripe) providers.set(stripe.segment, stripe);
  // In production the test provider (which marks invoices paid with a test card number) needs a real
  // provider or an explicit PAYMENTS_TEST_MODE=on; the server refuses to start otherwise (main.ts).
  if (!stripe && ctx.config.nodeEnv === 'production' && !ctx.config.paymentsTestMode) throw new Error(PAYMENTS_NOT_CONFIGURED);
  // The test provider is always there except in production with a real provider configured.
  if (!stripe || ctx.config.nodeEnv !== 'production') {
    const test = createTestProvider(ctx.config);
    providers.set(test.segment, test);
  }
  const payments: Payments = { providers, active: stripe ?? (providers.get('test-pay') as PaymentProvider) };
  ctx.services.payments = payments;
  return payments;
}

export function activeProvider(ctx: AppContext): PaymentProvider {
  return getPayments(ctx).active;
}
