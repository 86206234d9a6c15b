/**
 * Payment providers (DESIGN.md "Payments"), one interface for invoice card payments and for plans and
 * credit packs. A provider makes a payment intent for an invoice, starts a hosted checkout or opens a
 * billing portal for plans, changes or cancels a subscription, and turns its signed webhook into a
 * PaymentEvent; invoice events are applied by the payments service, plan events (event.billing) by the
 * billing module (ctx.services.billing), each at most once.
 * Built in: the test provider (TEST MODE: when no real provider is configured, or PAYMENTS_TEST_MODE=on), Stripe (STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET) and
 * Paystack (PAYSTACK_SECRET_KEY).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { CARD_CURRENCIES, CHECKOUT_CURRENCIES } from '@duka/core';
import type { AppContext } from '../../lib/context';
import { createPaystackProvider } from './paystack';
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
  /** How the invoice payment is recorded (card when absent) and its reference (default the intent id), e.g. M-Pesa's receipt. */
  method?: 'card' | 'bank_transfer' | 'mobile_money' | 'other';
  reference?: string;
  /** The amount must be exactly what the intent asked (mobile-money rails, issue 25); else it is kept as refund due. */
  exact?: boolean;
  /** Set for events about plans and credit packs (then kind is 'other' for the invoice side). */
  billing?: BillingEvent;
}

export type BillingKind = 'plan' | 'credit_pack';

/** What a plan or credit-pack webhook says, in provider-neutral terms. */
export interface BillingEvent {
  /**
   * paid: money received for a checkout or a subscription period (activate or renew, or grant a pack);
   * linked: the provider's subscription/customer ids became known; past_due: a renewal failed;
   * cancelled: will not renew (stays paid to the period end); ended: the subscription is over; refunded.
   */
  type: 'paid' | 'linked' | 'past_due' | 'cancelled' | 'ended' | 'refunded';
  /** Our checkout reference, when the provider echoes it. */
  reference: string | null;
  userId: string | null;
  kind: BillingKind | null;
  /** Plan intent or credit pack id. */
  item: string | null;
  /** Minor units of `currency` (Duka's code). */
  amount: number;
  currency: string;
  subscriptionId: string | null;
  customerId: string | null;
  /** Paystack email_token. */
  token: string | null;
  /** End of the paid period when the provider says it. */
  periodEnd: Date | null;
  /** When the provider created the event (orders late arrivals). */
  occurredAt: Date;
}

/** POST /transactions: a hosted checkout for a plan or a credit pack. */
export interface CheckoutRequest {
  reference: string;
  userId: string;
  email: string;
  kind: BillingKind;
  item: string;
  title: string;
  /** Minor units. */
  amount: number;
  currency: string;
  /** Plans: recurring every periodMonths; null: one-time (lifetime, credit packs). */
  periodMonths: number | null;
  /** Stripe price id from configuration, when set. */
  priceId: string | null;
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutStarted {
  url: string;
  providerRef: string;
}

/** A stored subscription as the provider knows it. */
export interface ProviderSubscription {
  userId: string;
  plan: string;
  subscriptionId: string | null;
  customerId: string | null;
  token: string | null;
  email: string;
}

export interface PlanChange {
  intent: string;
  title: string;
  amount: number;
  currency: string;
  periodMonths: number | null;
  priceId: string | null;
  /** When the new plan's first period starts (the end of the current one). */
  startAt: Date | null;
}

/** A hosted checkout (Paystack's, or the test provider's Paystack-like page) for an invoice's balance. */
export interface InvoiceCheckoutRequest {
  /** Our reference: also the provider's transaction reference and the payment intent id. */
  reference: string;
  invoice: IntentInvoice;
  /** What the customer is charged, minor units: the invoice amount plus the fee when the customer bears it. */
  charge: number;
  /** The part of `charge` that is the processing fee (0 when the owner bears it). */
  fee: number;
  email: string;
  channels: readonly string[];
  /** Absolute URL the checkout returns the customer to (our thank-you page, which verifies first). */
  callbackUrl: string;
}

/** What the provider says about a transaction when asked (Paystack's Transaction Verify). */
export interface VerifiedCharge {
  status: 'success' | 'failed' | 'abandoned' | 'pending';
  /** Minor units charged. */
  amount: number;
  currency: string;
  /** The id its charge.success webhook would carry, so verify and webhook apply the payment once. */
  eventId: string;
  message: string | null;
  method?: PaymentEvent['method'];
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
  /** Plan currencies this provider sells plans and credit packs in (empty: invoices only). */
  billingCurrencies: readonly string[];
  /** A hosted checkout page for a plan or a credit pack; paid only when its webhook says so. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutStarted>;
  /** A page where the user manages their subscription and cards. */
  openPortal(subscription: ProviderSubscription, returnUrl: string): Promise<{ url: string }>;
  /** Moves a subscription to another plan from the next period; returns the ids that changed. */
  changePlan(subscription: ProviderSubscription, change: PlanChange): Promise<Partial<Pick<ProviderSubscription, 'subscriptionId' | 'token'>>>;
  /** Stops renewal; the plan stays paid to the end of the current period. */
  cancelSubscription(subscription: ProviderSubscription): Promise<void>;
  /** Providers with a hosted checkout for invoices (Paystack, the test provider): starts one. */
  startInvoiceCheckout?(request: InvoiceCheckoutRequest): Promise<CheckoutStarted>;
  /** Asks the provider about a transaction by our reference (never trust a redirect alone). */
  verifyCharge?(reference: string): Promise<VerifiedCharge>;
  /**
   * Providers whose customers pay an intent straight from the browser (Stripe): cancels it so it can no longer
   * take money. `canceled: false` when the provider refuses (already paid or being paid), with its words;
   * throws when the provider cannot be reached.
   */
  cancelIntent?(intentId: string): Promise<{ canceled: true } | { canceled: false; message: string }>;
}

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
