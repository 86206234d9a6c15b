/**
 * The payment provider interface and its provider-neutral events (docs/decisions/payments.md): what every adapter
 * (Stripe, Paystack, the test provider) implements. Kept apart from providers.ts, which picks the adapters, so an
 * adapter never imports the module that imports it.
 */
import type { IncomingHttpHeaders } from 'node:http';

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
  /** The mobile-money wallet paid with (MTN MoMo, Orange Money), when the rail knows it: receipts name it (t18 C2). */
  wallet?: string;
  /** The amount must be exactly what the intent asked (mobile-money rails, issue 25); else it is kept as refund due. */
  exact?: boolean;
  /** Set for events about plans and credit packs (then kind is 'other' for the invoice side). */
  billing?: BillingEvent;
  /**
   * A rail's checkout on this provider (Paystack's EFT in South Africa, issue 25): our reference. The event is only a
   * hint to ask the provider (rails service); it records nothing itself (kind 'other').
   */
  railReference?: string;
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
