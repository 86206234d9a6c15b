/**
 * Stripe for plans and credit packs: Checkout Sessions (mode subscription, or payment for Lifetime and
 * credit packs), the Billing Portal, subscription changes and cancels, and the billing webhooks:
 * checkout.session.completed (paid), invoice.paid for renewals, invoice.payment_failed (past_due),
 * customer.subscription.updated/deleted (cancelled/ended) and charge.refunded.
 */
import type Stripe from 'stripe';
import { AppError } from '../../lib/errors';
import type { BillingEvent, BillingKind, PaymentProvider } from './provider-types';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const str = (v: unknown): string | null =>
  typeof v === 'string' && v ? v : v && typeof v === 'object' && typeof (v as Obj).id === 'string' ? ((v as Obj).id as string) : null;
const fromUnix = (v: unknown): Date | null => (typeof v === 'number' && v > 0 ? new Date(v * 1000) : null);

async function wrap<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const message = err && typeof err === 'object' && 'message' in err ? String((err as Error).message) : 'Stripe could not be reached';
    throw new AppError('bad_gateway', `${what}: ${message}`);
  }
}

export function stripeBilling(
  stripe: Stripe,
): Pick<PaymentProvider, 'billingCurrencies' | 'createCheckout' | 'openPortal' | 'changePlan' | 'cancelSubscription'> {
  return {
    billingCurrencies: ['USD'],
    createCheckout: (req) =>
      wrap('Checkout could not start', async () => {
        const metadata = { reference: req.reference, user_id: req.userId, kind: req.kind, item: req.item };
        const recurring = req.periodMonths ? { interval: 'month' as const, interval_count: req.periodMonths } : undefined;
        const lineItem = req.priceId
          ? { price: req.priceId, quantity: 1 }
          : {
              price_data: {
                currency: req.currency.toLowerCase(),
                unit_amount: req.amount,
                product_data: { name: req.title },
                ...(recurring ? { recurring } : {}),
              },
              quantity: 1,
            };
        const session = await stripe.checkout.sessions.create({
          mode: recurring ? 'subscription' : 'payment',
          client_reference_id: req.reference,
          ...(req.customerId ? { customer: req.customerId } : { customer_email: req.email }),
          line_items: [lineItem],
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          metadata,
          ...(recurring ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
        });
        if (!session.url) throw new AppError('bad_gateway', 'Checkout could not start: Stripe gave no checkout page');
        return { url: session.url, providerRef: session.id };
      }),
    openPortal: (sub, returnUrl) =>
      wrap('The billing portal could not open', async () => {
        if (!sub.customerId) throw new AppError('not_found', 'There is no Stripe customer to manage yet');
        const session = await stripe.billingPortal.sessions.create({ customer: sub.customerId, return_url: returnUrl });
        return { url: session.url };
      }),
    changePlan: (sub, change) =>
      wrap('The plan could not be changed', async () => {
        if (!sub.subscriptionId) throw new AppError('not_found', 'Subscription with code not found or already inactive');
        if (!change.priceId) throw new AppError('unprocessable', `The plan ${change.title} has no Stripe price id yet`);
        const current = await stripe.subscriptions.retrieve(sub.subscriptionId);
        const itemId = current.items.data[0]?.id;
        await stripe.subscriptions.update(sub.subscriptionId, {
          items: [{ ...(itemId ? { id: itemId } : {}), price: change.priceId }],
          proration_behavior: 'none',
          metadata: { user_id: sub.userId, kind: 'plan', item: change.intent },
        });
        return {};
      }),
    cancelSubscription: (sub) =>
      wrap('The plan could not be cancelled', async () => {
        if (!sub.subscriptionId) return; // Lifetime: nothing renews
        await stripe.subscriptions.update(sub.subscriptionId, { cancel_at_period_end: true });
      }),
  };
}

function fromMetadata(meta: Obj): { reference: string | null; userId: string | null; kind: BillingKind | null; item: string | null } {
  const kind = str(meta.kind);
  return { reference: str(meta.reference), userId: str(meta.user_id), kind: kind === 'plan' || kind === 'credit_pack' ? kind : null, item: str(meta.item) };
}

/** A billing event from a verified Stripe event, or null when it is not about plans or credit packs. */
export function stripeBillingEvent(event: Stripe.Event, dukaCurrency: (iso: string) => string): BillingEvent | null {
  const o = obj(event.data.object);
  const occurredAt = fromUnix(event.created) ?? new Date();
  const base = (type: BillingEvent['type'], meta: Obj, extra: Partial<BillingEvent>): BillingEvent => ({
    type,
    ...fromMetadata(meta),
    amount: 0,
    currency: dukaCurrency(String(o.currency ?? 'usd')),
    subscriptionId: null,
    customerId: str(o.customer),
    token: null,
    periodEnd: null,
    occurredAt,
    ...extra,
  });
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const meta = obj(o.metadata);
      if (!meta.kind || o.payment_status !== 'paid') return null;
      return base('paid', meta, {
        reference: str(o.client_reference_id) ?? str(meta.reference),
        amount: Number(o.amount_total ?? 0),
        subscriptionId: str(o.subscription),
      });
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const parent = obj(obj(o.parent).subscription_details);
      const subscriptionId = str(parent.subscription) ?? str(o.subscription);
      if (!subscriptionId) return null;
      const meta = { ...obj(parent.metadata), ...obj(o.subscription_details && obj(o.subscription_details).metadata) };
      if (event.type === 'invoice.payment_failed') return base('past_due', meta, { subscriptionId, reference: null });
      // The first invoice is paid through the checkout (checkout.session.completed grants it).
      if (o.billing_reason === 'subscription_create') return base('linked', meta, { subscriptionId, reference: null });
      const line = obj((obj(o.lines).data as unknown[] | undefined)?.[0]);
      return base('paid', meta, { subscriptionId, reference: null, amount: Number(o.amount_paid ?? 0), periodEnd: fromUnix(obj(line.period).end) });
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const meta = obj(o.metadata);
      const item = obj((obj(o.items).data as unknown[] | undefined)?.[0]);
      const periodEnd = fromUnix(item.current_period_end) ?? fromUnix(o.current_period_end);
      const subscriptionId = str(o.id);
      if (event.type === 'customer.subscription.deleted')
        return base('ended', meta, { subscriptionId, reference: null, periodEnd: fromUnix(o.ended_at) ?? occurredAt });
      if (o.cancel_at_period_end === true || o.cancel_at) return base('cancelled', meta, { subscriptionId, reference: null, periodEnd });
      if (o.status === 'past_due' || o.status === 'unpaid') return base('past_due', meta, { subscriptionId, reference: null, periodEnd });
      return base('linked', meta, { subscriptionId, reference: null, periodEnd });
    }
    case 'charge.refunded': {
      const meta = obj(o.metadata);
      if (!meta.kind) return null;
      return base('refunded', meta, { amount: Number(o.amount_refunded ?? 0) });
    }
    default:
      return null;
  }
}
