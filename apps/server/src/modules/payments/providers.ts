/**
 * Payment providers (docs/decisions/payments.md), one interface for invoice card payments and for plans and
 * credit packs. A provider makes a payment intent for an invoice, starts a hosted checkout or opens a
 * billing portal for plans, changes or cancels a subscription, and turns its signed webhook into a
 * PaymentEvent; invoice events are applied by the payments service, plan events (event.billing) by the
 * billing module (ctx.services.billing), each at most once.
 * Built in: the test provider (TEST MODE: when no real provider is configured, or PAYMENTS_TEST_MODE=on), Stripe (STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET) and
 * Paystack (PAYSTACK_SECRET_KEY).
 */
import { CARD_CURRENCIES, CHECKOUT_CURRENCIES } from '@duka/core';
import type { AppContext } from '../../lib/context';
import { createPaystackProvider } from './paystack';
import type { PaymentProvider } from './provider-types';
import { createStripeProvider } from './stripe';
import { createTestProvider } from './test-provider';

export type * from './provider-types';

export interface Payments {
  providers: Map<string, PaymentProvider>;
  active: PaymentProvider;
}

export const PAYMENTS_NOT_CONFIGURED =
  'NODE_ENV=production with no payment provider: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYSTACK_SECRET_KEY, ' +
  'or PAYMENTS_TEST_MODE=on to run the built-in test provider (test cards, no real money) on purpose.';

/** The providers for this app (made once from the config, kept in ctx.services.payments). */
export function getPayments(ctx: AppContext): Payments {
  const existing = ctx.services.payments;
  if (existing) return existing;
  const providers = new Map<string, PaymentProvider>();
  const { stripeSecretKey, stripeWebhookSecret } = ctx.config;
  const stripe = stripeSecretKey && stripeWebhookSecret ? createStripeProvider(ctx.config) : null;
  if (stripe) providers.set(stripe.segment, stripe);
  const paystack = ctx.config.paystackSecretKey ? createPaystackProvider(ctx.config) : null;
  if (paystack) providers.set(paystack.segment, paystack);
  // The test provider marks invoices paid and grants plans for a test card number: it runs only when no real
  // provider is configured (a development install), or when the operator turns it on with PAYMENTS_TEST_MODE=on
  // (issue 22). A production server with neither refuses to start (main.ts).
  const real = stripe ?? paystack;
  if (!real && ctx.config.nodeEnv === 'production' && !ctx.config.paymentsTestMode) throw new Error(PAYMENTS_NOT_CONFIGURED);
  if (!real || ctx.config.paymentsTestMode) {
    const test = createTestProvider(ctx.config);
    providers.set(test.segment, test);
  }
  // With Paystack alone, Paystack's hosted checkout takes every invoice payment.
  const active = stripe ?? paystack ?? (providers.get('test-pay') as PaymentProvider);
  const payments: Payments = { providers, active };
  ctx.services.payments = payments;
  return payments;
}

/** Who sells plans and credit packs in a currency: Paystack for naira, Stripe for dollars, else the test provider. */
export function billingProvider(ctx: AppContext, currency: string): PaymentProvider | null {
  const all = [...getPayments(ctx).providers.values()];
  return all.find((p) => p.name !== 'test' && p.billingCurrencies.includes(currency)) ?? all.find((p) => p.billingCurrencies.includes(currency)) ?? null;
}

export function activeProvider(ctx: AppContext): PaymentProvider {
  return getPayments(ctx).active;
}

/**
 * Who takes an invoice's payment: naira goes to Paystack when PAYSTACK_SECRET_KEY is set, else to Stripe
 * when configured, else to the test provider; other currencies to the active card provider.
 * `hosted`: the customer pays on the provider's checkout page (Paystack, or the test provider's
 * Paystack-like page for naira) rather than in Duka's card form.
 */
export function invoiceProvider(ctx: AppContext, currency: string): { provider: PaymentProvider; hosted: boolean } | null {
  const { providers, active } = getPayments(ctx);
  if (CHECKOUT_CURRENCIES.includes(currency)) {
    const paystack = providers.get('paystack');
    if (paystack) return { provider: paystack, hosted: true };
    if (active.name === 'test') return { provider: active, hosted: true };
  }
  // Only a rail that takes the currency (issue 23): Paystack's naira checkout never takes francs or shillings.
  if (active === providers.get('paystack') || !CARD_CURRENCIES.includes(currency)) return null;
  return { provider: active, hosted: false };
}

declare module '../../lib/context' {
  interface Services {
    payments?: Payments;
  }
}
