/**
 * Paystack (naira): Transaction Initialize for checkouts (with the plan code for subscriptions), the
 * manage-subscription link as the portal, Create/Disable Subscription for plan changes and cancels, and
 * webhooks signed with x-paystack-signature = HMAC-SHA512(secret key, raw body). PAYSTACK_API_BASE points
 * the client elsewhere (tests run a local server speaking Paystack's API).
 * Paystack events carry no id of their own: the event id is `${event}:${data.id}`, stable across redeliveries.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import type { BillingEvent, BillingKind, PaymentEvent, PaymentProvider } from './provider-types';
import { PAYSTACK_RAIL_META } from './rails/paystack-eft';

export const PAYSTACK_SIGNATURE_HEADER = 'x-paystack-signature';

export function paystackSignature(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secret).update(rawBody).digest('hex');
}

interface PaystackAnswer<T> {
  status: boolean;
  message: string;
  data: T;
}

type Obj = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null);
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const date = (v: unknown): Date | null => {
  const d = typeof v === 'string' ? new Date(v) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
};

function metadataOf(data: Obj): Obj {
  const m = data.metadata;
  if (typeof m === 'string') {
    try {
      return obj(JSON.parse(m));
    } catch {
      return {};
    }
  }
  return obj(m);
}

/** Paystack's channel as Duka's payment method. */
export function methodOf(channel: unknown): PaymentEvent['method'] {
  if (channel === 'card') return 'card';
  if (channel === 'bank' || channel === 'bank_transfer') return 'bank_transfer';
  if (channel === 'mobile_money') return 'mobile_money';
  return 'other';
}

export function createPaystackProvider(config: Pick<Config, 'paystackSecretKey' | 'paystackApiBase' | 'paystackPlanCodes'>): PaymentProvider {
  const secret = config.paystackSecretKey as string;
  const base = config.paystackApiBase;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
    } catch {
      throw new AppError('bad_gateway', 'Paystack could not be reached. Please try again.');
    }
    let answer: PaystackAnswer<T> | undefined;
    try {
      answer = (await res.json()) as PaystackAnswer<T>;
    } catch {
      answer = undefined;
    }
    if (!res.ok || !answer?.status) throw new AppError('bad_gateway', `Paystack: ${answer?.message ?? `request failed (${res.status})`}`);
    return answer.data;
  }

  const planCode = (intent: string): string | null => config.paystackPlanCodes[intent] ?? null;

  function billingEvent(type: BillingEvent['type'], data: Obj, created: Date, extra: Partial<BillingEvent> = {}): BillingEvent {
    const meta = metadataOf(data);
    const kind = str(meta.kind);
    const customer = obj(data.customer);
    const subscription = obj(data.subscription);
    return {
      type,
      reference: str(meta.reference) ?? str(data.reference),
      userId: str(meta.user_id),
      kind: kind === 'plan' || kind === 'credit_pack' ? (kind as BillingKind) : null,
      item: str(meta.item),
      amount: Number(data.amount ?? 0) || 0,
      currency: str(data.currency)?.toUpperCase() ?? 'NGN',
      subscriptionId: str(data.subscription_code) ?? str(subscription.subscription_code),
      customerId: str(customer.customer_code),
      token: str(data.email_token) ?? str(subscription.email_token),
      periodEnd: date(data.next_payment_date) ?? date(subscription.next_payment_date),
      occurredAt: created,
      ...extra,
    };
  }

  return {
    name: 'paystack',
    segment: 'paystack',
    publishableKey: null,
    testMode: secret.startsWith('sk_test_'),
    billingCurrencies: ['NGN'],

    async createIntent(invoice, amount) {
      if (invoice.currency !== 'NGN') throw new AppError('unprocessable', 'Paystack takes card payments in naira only');
      const reference = `inv_${invoice.publicId}_${Date.now().toString(36)}`;
      const data = await call<{ access_code: string; reference: string }>('POST', '/transaction/initialize', {
        email: `invoice-${invoice.publicId}@duka.invalid`,
        amount,
        currency: 'NGN',
        reference,
        metadata: { invoice_id: invoice.id, user_id: invoice.userId, public_id: invoice.publicId, invoice_number: invoice.number },
      });
      return { intentId: data.reference, clientSecret: data.access_code };
    },

    async startInvoiceCheckout(req) {
      if (req.invoice.currency !== 'NGN') throw new AppError('unprocessable', 'Paystack takes payments in naira only');
      const data = await call<{ authorization_url: string; access_code: string; reference: string }>('POST', '/transaction/initialize', {
        email: req.email,
        amount: req.charge,
        currency: 'NGN',
        reference: req.reference,
        channels: req.channels,
        callback_url: req.callbackUrl,
        metadata: {
          invoice_id: req.invoice.id,
          user_id: req.invoice.userId,
          public_id: req.invoice.publicId,
          invoice_number: req.invoice.number,
          fee: req.fee,
          custom_fields: [{ display_name: 'Invoice', variable_name: 'invoice_number', value: req.invoice.number }],
        },
      });
      return { url: data.authorization_url, providerRef: data.access_code };
    },

    async verifyCharge(reference) {
      const data = await call<Obj>('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      const status = str(data.status);
      const id = str(data.id) ?? reference;
      return {
        status: status === 'success' || status === 'failed' || status === 'abandoned' ? status : 'pending',
        amount: Number(data.amount ?? 0) || 0,
        currency: str(data.currency)?.toUpperCase() ?? 'NGN',
        eventId: `charge.success:${id}`,
        message: str(data.gateway_response),
        method: methodOf(data.channel),
      };
    },

    async createCheckout(req) {
      const code = req.kind === 'plan' ? planCode(req.item) : null;
      const data = await call<{ authorization_url: string; access_code: string; reference: string }>('POST', '/transaction/initialize', {
        email: req.email,
        amount: req.amount,
        currency: req.currency,
        reference: req.reference,
        callback_url: req.successUrl,
        ...(code ? { plan: code } : {}),
        metadata: { reference: req.reference, user_id: req.userId, kind: req.kind, item: req.item, cancel_action: req.cancelUrl },
      });
      return { url: data.authorization_url, providerRef: data.access_code };
    },

    async openPortal(sub) {
      if (!sub.subscriptionId) throw new AppError('not_found', 'There is no Paystack subscription to manage yet');
      const data = await call<{ link: string }>('GET', `/subscription/${encodeURIComponent(sub.subscriptionId)}/manage/link`);
      return { url: data.link };
    },

    async changePlan(sub, change) {
      const code = planCode(change.intent);
      if (!code) throw new AppError('unprocessable', `The plan ${change.title} is not set up on Paystack yet`);
      if (!sub.customerId) throw new AppError('not_found', 'Subscription with code not found or already inactive');
      const created = await call<{ subscription_code: string; email_token: string }>('POST', '/subscription', {
        customer: sub.customerId,
        plan: code,
        ...(change.startAt ? { start_date: change.startAt.toISOString() } : {}),
      });
      if (sub.subscriptionId && sub.token) await call('POST', '/subscription/disable', { code: sub.subscriptionId, token: sub.token });
      return { subscriptionId: created.subscription_code, token: created.email_token };
    },

    async cancelSubscription(sub) {
      if (!sub.subscriptionId || !sub.token) return; // a one-time plan: nothing renews
      await call('POST', '/subscription/disable', { code: sub.subscriptionId, token: sub.token });
    },

    parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentEvent {
      const header = headers[PAYSTACK_SIGNATURE_HEADER];
      const given = Array.isArray(header) ? header[0] : header;
      const expected = Buffer.from(paystackSignature(secret, rawBody), 'hex');
      if (!given || !/^[0-9a-f]{128}$/i.test(given) || !timingSafeEqual(expected, Buffer.from(given, 'hex'))) {
        throw new AppError('bad_request', 'The webhook signature is not valid');
      }
      let body: { event?: unknown; data?: unknown };
      try {
        body = JSON.parse(rawBody.toString('utf8')) as typeof body;
      } catch {
        throw new AppError('bad_request', 'The webhook body is not valid JSON');
      }
      const event = str(body.event);
      const data = obj(body.data);
      const dataId = str(data.id) ?? str(data.reference) ?? str(data.subscription_code);
      if (!event || !dataId) throw new AppError('bad_request', 'The webhook event is not valid');
      // An amount no payment can have (1e308, -1, 1.5 kobo) is refused before anything reads it (issue 22).
      const amount = typeof data.amount === 'string' && data.amount.trim() ? Number(data.amount) : data.amount;
      if (typeof amount === 'number' && !(Number.isSafeInteger(amount) && amount >= 0)) throw new AppError('bad_request', 'The webhook amount is not valid');
      const id = `${event}:${dataId}`;
      const created = date(data.paid_at) ?? date(data.paidAt) ?? date(data.updatedAt) ?? date(data.createdAt) ?? date(data.created_at) ?? new Date();
      const none: PaymentEvent = { id, kind: 'other', intentId: null, amount: 0, currency: '', invoiceId: null, userId: null };
      const meta = metadataOf(data);

      // A rail's checkout (Paystack's EFT, South Africa): a hint for the rails service, which verifies it with Paystack.
      if (event === 'charge.success' && str(meta[PAYSTACK_RAIL_META])) return { ...none, railReference: str(data.reference) ?? '' };
      if (event === 'charge.success' && str(meta.invoice_id)) {
        return {
          ...none,
          kind: 'succeeded',
          intentId: str(data.reference),
          amount: Number(data.amount),
          currency: str(data.currency)?.toUpperCase() ?? 'NGN',
          invoiceId: str(meta.invoice_id),
          userId: str(meta.user_id),
          method: methodOf(data.channel),
        };
      }
      switch (event) {
        case 'charge.success':
          return { ...none, billing: billingEvent('paid', data, created) };
        case 'subscription.create':
          return { ...none, billing: billingEvent('linked', data, created, { amount: 0 }) };
        case 'invoice.payment_failed':
        case 'invoice.update':
          if (event === 'invoice.update' && str(data.status) !== 'failed') return none;
          return { ...none, billing: billingEvent('past_due', data, created, { amount: 0, periodEnd: null }) };
        case 'subscription.not_renew':
        case 'subscription.disable':
          return { ...none, billing: billingEvent('cancelled', data, created, { amount: 0, periodEnd: null }) };
        case 'refund.processed': {
          const tx = obj(data.transaction);
          const ref = str(data.transaction_reference) ?? str(tx.reference);
          return { ...none, billing: billingEvent('refunded', data, created, { reference: ref, currency: str(data.currency) ?? 'NGN', periodEnd: null }) };
        }
        default:
          return none;
      }
    },
  };
}
