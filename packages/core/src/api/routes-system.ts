import { z } from 'zod';
import { bodyOrNothing, publicIdParams } from './errors';
import { binaryResponse } from './routes-records';

/** Liveness, and the job queue as the database shows it (issue 27), whichever process runs it. */
export const healthResponse = z.object({
  status: z.literal('ok'),
  jobs: z.object({
    /** This process runs the queue (false with JOBS=off: a worker, `npm run worker`, should). */
    running_here: z.boolean(),
    /** Seconds the oldest ready job has waited; null when no process ever ran the queue on this database. */
    lag_seconds: z.number().nullable(),
    waiting: z.number(),
    since_last_completed_seconds: z.number().nullable(),
  }),
});

const outboxMessage = z.object({ to: z.string(), subject: z.string(), text: z.string(), created_at: z.string() });
/** Daraja's STK callback (Body.stkCallback). */
const mpesaCallbackItem = z.object({ Name: z.string().max(100), Value: z.union([z.string().max(200), z.number()]).optional() });
export const mpesaCallbackBody = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string().max(100),
      CheckoutRequestID: z.string().min(1).max(100),
      ResultCode: z.coerce.number().int(),
      ResultDesc: z.string().max(500),
      CallbackMetadata: z.object({ Item: z.array(mpesaCallbackItem).max(20) }).optional(),
    }),
  }),
});

/** What a mobile-money or hosted rail's callback answers (issue 25). */
const railWebhookAnswer = z.object({ status: z.string() });
/** A webhook's provider in its URL. */
const providerParams = z.object({ provider: z.string().min(1).max(40) });
/** A payment's own callback token in its URL. */
const tokenParams = z.object({ token: z.string().min(20).max(100) });
/** A rail callback's provider and the intent's own token in its URL. */
const railCallbackParams = providerParams.extend(tokenParams.shape);
/** A provider's JSON notification, read by its adapter. */
const railWebhookBody = z.record(z.string(), z.unknown());

/**
 * Routes the web app does not call but the server serves: its health and metrics, stored files, the payment
 * providers' webhooks, the reminder stop page a customer opens from an e-mail, and the development helpers
 * (DEV_MAILBOX=on, never in production, loopback clients only).
 */
export const SYSTEM_ROUTES = {
  'GET /health': { response: healthResponse, auth: false },
  /** Prometheus text; the METRICS_TOKEN bearer token, not a user's, is checked by the route itself. */
  'GET /metrics': { response: z.string(), text: 'plain', auth: false },
  'GET /files/*': { params: z.object({ '*': z.string() }), response: binaryResponse, binary: true, auth: false },

  // Signed by the provider (the raw body is checked against its signature before it is read as JSON).
  'POST /webhooks/:provider': {
    params: providerParams,
    response: z.object({ received: z.literal(true), duplicate: z.boolean().optional(), ignored: z.string().optional() }),
    raw: true,
    auth: false,
  },
  'POST /webhooks/mpesa/:token': {
    params: tokenParams,
    body: mpesaCallbackBody,
    response: z.object({ ResultCode: z.literal(0), ResultDesc: z.string(), duplicate: z.boolean() }),
    auth: false,
  },

  // Mobile-money and hosted rails (issue 25): hints only, each checked with the provider before anything is recorded.
  'POST /webhooks/rails/:provider/:token': { params: railCallbackParams, body: bodyOrNothing(railWebhookBody), response: railWebhookAnswer, auth: false },
  'PUT /webhooks/rails/:provider/:token': { params: railCallbackParams, body: bodyOrNothing(railWebhookBody), response: railWebhookAnswer, auth: false },
  /** Chapa calls its callback_url with a GET (?trx_ref=…&status=…). */
  'GET /webhooks/rails/:provider/:token': { params: railCallbackParams, response: railWebhookAnswer, auth: false },
  /** Flutterwave's webhook, with its verif-hash header. */
  'POST /webhooks/flutterwave': { body: railWebhookBody, response: railWebhookAnswer, auth: false },
  'POST /webhooks/airtel': { body: railWebhookBody, response: railWebhookAnswer, auth: false },
  /** Paynow's result URL: url-encoded fields with a hash over them (read as text; JSON as raw bytes). */
  'POST /webhooks/rails/paynow/:token': { params: tokenParams, response: railWebhookAnswer, raw: true, auth: false },
  'POST /webhooks/rails/ozow/:token': { params: tokenParams, response: railWebhookAnswer, raw: true, auth: false },
  /** Chapa signs the raw body (x-chapa-signature). */
  'POST /webhooks/chapa': { response: railWebhookAnswer, raw: true, auth: false },

  // The customer's stop link in every reminder: GET shows a page with a button, its form's POST stops them.
  'GET /invoices/public/:public_id/reminders/stop': { params: publicIdParams, response: z.string(), text: 'html', auth: false },
  'POST /invoices/public/:public_id/reminders/stop': { params: publicIdParams, response: z.string(), text: 'html', auth: false },

  'GET /dev/mailbox': {
    query: z.object({ to: z.string().trim().max(254).optional(), limit: z.coerce.number().int().min(1).max(200).optional().default(20) }),
    response: z.object({ messages: z.array(outboxMessage) }),
    auth: false,
  },
  'GET /dev/sms': {
    query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(20) }),
    response: z.object({ messages: z.array(z.object({ to: z.string(), text: z.string(), created_at: z.string() })) }),
    auth: false,
  },
  'POST /dev/clock': {
    body: z.object({ now: z.iso.datetime({ offset: true, error: 'Use an ISO date-time like 2026-12-01T08:00:00Z' }).nullable() }),
    response: z.object({ now: z.string(), ran: z.array(z.string()) }),
    auth: false,
  },
} as const;
