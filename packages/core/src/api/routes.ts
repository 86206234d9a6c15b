import { z } from 'zod';
import {
  changePasswordPayload,
  changePasswordResponse,
  forgotPasswordPayload,
  loginPayload,
  loginResponse,
  messageResponse,
  registerPayload,
  registerQuery,
  registerResponse,
  resetPasswordPayload,
  loginLinkPayload,
  redeemLoginLinkPayload,
  stateResponse,
  updateUserPayload,
  userSchema,
} from '../accounts';
import { aiGeneratePayloadSchema } from '../ai/validation';
import { fiscalCodeListsSchema, fiscalItemSchema, fiscalItemsSchema, fiscalSettingsBody, fiscalSettingsSchema, fiscalViewSchema } from '../fiscal/api';
import { invoiceRecordSchema, publicInvoiceSchema, QUOTE_DECLINE_REASON_MAX } from '../invoices/schemas';
import { creditNoteCreateBody } from '../invoices/credit-notes';
import { vatQuerySchema, vatReturnSchema } from '../reports/vat';
import { cashUpQuerySchema, cashUpSchema, tillBodySchema, tillSchema } from '../reports/cashup';
import { billingPayment, changePlanBody, checkoutStatusResponse, subscriptionResponse, transactionBody } from '../plans/schemas';
import { recurringCreateSchema, recurringOccurrenceSchema, recurringRecordSchema, recurringUpdateSchema } from '../recurring/schemas';
import {
  historyEntry,
  syncFirstQuery,
  syncFirstResponse,
  syncPullManyResponse,
  syncPullQuery,
  syncPullResponse,
  syncPushBody,
  syncPushResponse,
} from '../records/sync';
import { reminderRuleSchema } from '../reminders';
import { stockAdjustmentBody } from '../stock/movements';
import { openingStockBody, openingStockResponse, stockLevelsResponse, stockMovementRecord, stockMovementsQuery, stockMovementsResponse } from '../stock/api';
import {
  adminPayoutSchema,
  affiliateClickBody,
  affiliateDashboardSchema,
  affiliateTermsSchema,
  payoutDetailsInput,
  payoutRequestBody,
  payoutSchema,
} from './affiliates';
import {
  aiCreditResponse,
  aiFavoriteBody,
  aiGenerateResponseSchema,
  aiItemSchema,
  aiListQuery,
  aiListSchema,
  announcementInput,
  announcementListQuery,
  announcementListResponse,
  announcementSchema,
} from './content';
import { bodyOrNothing, publicIdParams, referenceParams, uuidParams } from './errors';
import {
  invoiceEmailBody,
  invoiceEmailResponse,
  invoiceRemindersBody,
  receiptEmailBody,
  receiptEmailResponse,
  receiptParams,
  reminderViewSchema,
  sendReminderBody,
} from './invoices';
import {
  checkoutQuoteQuery,
  checkoutQuoteSchema,
  clientSecretParams,
  clientSecretResponse,
  mpesaAvailabilityResponse,
  mpesaStartBody,
  mpesaStartResponse,
  mpesaStatusResponse,
  railParams,
  railStartBody,
  railStartResponse,
  railOtpBody,
  railOtpResponse,
  railStatusParams,
  railStatusQuery,
  railStatusResponse,
  testPhoneActionParams,
  testPhoneActionResponse,
  testPhoneView,
  paymentsConfigResponse,
  redirectResponse,
  refundDueParams,
  refundsDueResponse,
  startCheckoutBody,
  startCheckoutResponse,
  testCardBody,
  testCheckoutView,
  testInvoiceCheckoutSchema,
  testInvoiceConfirmBody,
  testPayConfirmBody,
  testPayConfirmResponse,
  testPortalActionParams,
  testPortalSessionParams,
  testPortalView,
  verifyCheckoutResponse,
} from './payments';

import { binaryResponse, RECORD_ROUTES } from './routes-records';
import { SYSTEM_ROUTES } from './routes-system';
import { orderDraftAnswerSchema, orderDraftRequestSchema } from '../orders';
import { receiptReadAnswerSchema, receiptReadRequestSchema } from '../receipt-scan/model';
import { receiptScanAnswerSchema, receiptScanQuery } from '../receipt-scan/scan';

import type { HttpMethod } from './http';

/**
 * One API route as both sides see it. Routes need a token unless `auth` says otherwise; `binary` routes
 * answer bytes rather than JSON; `multipart` routes may also take a FormData body.
 */
export interface RouteContract {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** false: open, no token is sent; 'optional': open, but the token is sent when there is one. */
  auth?: false | 'optional';
  binary?: true;
  multipart?: true;
  /** The answer is text of this type (an HTML page, Prometheus text), not JSON. */
  text?: 'html' | 'plain';
  /** The body is read as raw bytes (a provider's signed webhook): no JSON schema checks it. */
  raw?: true;
  /** What a caller must know beyond the fields (a rule, a default), printed under the table in docs/api.md. */
  note?: string;
}

const nothing = z.null();
const emptyBody = z.object({}).strict();

/**
 * Every route the server serves, keyed "METHOD /path/:param" exactly as it registers it under /api (SPEC
 * spellings kept: ai-writter, client-secrete). The server registers each handler from its entry here
 * (apps/server/src/lib/route.ts), and the web's typed client (apps/web/src/data/api.ts) is derived from it;
 * apps/server/src/modules/api-contract.test.ts fails when the two sides differ.
 */
/** The answer to a customer's accept or decline of a quote. */
export const quoteAnswerSchema = z.object({ status: z.enum(['accepted', 'declined']), invoice_public_id: z.string().nullable(), message: z.string() });

export const API_ROUTES = {
  // ---- accounts (SPEC §7) ----
  'POST /users': { query: registerQuery, body: registerPayload, response: registerResponse, auth: false },
  'POST /user_token': { body: loginPayload, response: loginResponse, auth: false },
  'PATCH /users/:username': { params: z.object({ username: z.string().max(100) }), body: updateUserPayload, response: userSchema, multipart: true },
  'POST /users/change-password': { body: changePasswordPayload, response: changePasswordResponse },
  'POST /users/iforgot': { body: forgotPasswordPayload, response: messageResponse, auth: false },
  'POST /users/reset-password': { body: resetPasswordPayload, response: messageResponse, auth: false },
  'POST /users/login-link': { body: loginLinkPayload, response: messageResponse, auth: false },
  'POST /users/login-link/redeem': { body: redeemLoginLinkPayload, response: loginResponse, auth: false },
  'DELETE /users/delete': { response: messageResponse },
  'GET /state': { response: stateResponse },

  // ---- sync ----
  'POST /sync/push': { body: syncPushBody, response: syncPushResponse },
  'GET /sync/pull': { query: syncPullQuery, response: z.union([syncPullResponse, syncPullManyResponse]) },
  'GET /sync/first': { query: syncFirstQuery, response: syncFirstResponse },
  'GET /sync/history': { query: z.object({ collection: z.string().min(1), id: z.uuid('Must be a UUID') }), response: z.array(historyEntry) },

  // ---- invoices (owner) ----
  'GET /invoices/logo.png': { response: binaryResponse, binary: true },
  'POST /invoices/:id/convert': { params: uuidParams, response: invoiceRecordSchema },
  'POST /invoices/:id/credit-notes': { params: uuidParams, body: creditNoteCreateBody, response: invoiceRecordSchema },
  'GET /reports/vat': { query: vatQuerySchema, response: vatReturnSchema },
  'GET /reports/cash-up': { query: cashUpQuerySchema, response: cashUpSchema },
  'PUT /reports/cash-up/till': { body: tillBodySchema, response: tillSchema },
  'POST /invoices/:id/email': { params: uuidParams, body: bodyOrNothing(invoiceEmailBody), response: invoiceEmailResponse },
  'POST /invoices/:id/receipts/:payment_id/email': { params: receiptParams, body: bodyOrNothing(receiptEmailBody), response: receiptEmailResponse },
  'GET /invoices/:id/reminders': { params: uuidParams, response: reminderViewSchema },
  'PUT /invoices/:id/reminders': { params: uuidParams, body: invoiceRemindersBody, response: reminderViewSchema },
  'POST /invoices/:id/reminders/send': { params: uuidParams, body: sendReminderBody, response: reminderViewSchema },
  'GET /reminders/settings': { response: reminderRuleSchema },

  // ---- fiscalisation (issue 26) ----
  'GET /fiscal/settings': { response: fiscalSettingsSchema },
  'PUT /fiscal/settings': { body: fiscalSettingsBody, response: fiscalSettingsSchema },
  'DELETE /fiscal/settings': { response: fiscalSettingsSchema },
  'GET /fiscal/codes': { response: fiscalCodeListsSchema },
  'GET /fiscal/items': { response: fiscalItemsSchema },
  'POST /fiscal/items/:id/register': { params: uuidParams, response: fiscalItemSchema },
  'GET /invoices/:id/fiscal': { params: uuidParams, response: fiscalViewSchema },
  'POST /invoices/:id/fiscal/retry': { params: uuidParams, response: fiscalViewSchema },
  'PUT /reminders/settings': { body: reminderRuleSchema, response: reminderRuleSchema },

  // ---- recurring invoices ----
  'GET /recurring-invoices': {
    query: z.object({ invoice_id: z.uuid('Must be a UUID').optional() }),
    response: z.object({ records: z.array(recurringRecordSchema) }),
  },
  'POST /recurring-invoices': {
    body: recurringCreateSchema,
    response: recurringRecordSchema,
    note: "A start date in the past makes the invoices of the dates already passed at once, as drafts (never sent). Like the app, which asks \"Make 2 invoices today?\" first, the API refuses that (422, naming the dates) unless the body says `make_past: true`; the same holds for a PATCH that moves the dates into the past. `time_zone` left out: the business's own (its settings', else its country's), whose calendar day decides when each invoice is made.",
  },
  'GET /recurring-invoices/:id': { params: uuidParams, response: recurringRecordSchema },
  'PATCH /recurring-invoices/:id': { params: uuidParams, body: recurringUpdateSchema, response: recurringRecordSchema },
  'DELETE /recurring-invoices/:id': { params: uuidParams, response: messageResponse },
  'GET /recurring-invoices/:id/occurrences': { params: uuidParams, response: z.object({ occurrences: z.array(recurringOccurrenceSchema) }) },

  'GET /invoices/:id/refunds-due': { params: uuidParams, response: refundsDueResponse },
  'POST /invoices/:id/refunds-due/:intent_id/refunded': { params: refundDueParams, response: refundsDueResponse },

  // ---- the public invoice link (no token) ----
  'GET /invoices/public/:public_id': { params: publicIdParams, response: publicInvoiceSchema, auth: false },
  'POST /invoices/public/:public_id/viewed': { params: publicIdParams, response: publicInvoiceSchema, auth: false },
  // The customer's answer to a quote (issue 23).
  'POST /invoices/public/:public_id/accept': { params: publicIdParams, response: quoteAnswerSchema, auth: false },
  'POST /invoices/public/:public_id/decline': {
    params: publicIdParams,
    body: bodyOrNothing(
      z.object({ reason: z.string().trim().max(QUOTE_DECLINE_REASON_MAX, `At most ${QUOTE_DECLINE_REASON_MAX} characters`).optional().default('') }),
    ),
    response: quoteAnswerSchema,
    auth: false,
  },
  'GET /payments/config': { response: paymentsConfigResponse, auth: false },
  'GET /:provider/client-secrete/:public_id': { params: clientSecretParams, query: checkoutQuoteQuery, response: clientSecretResponse, auth: false },
  'POST /test-pay/confirm': { body: testPayConfirmBody, response: testPayConfirmResponse, auth: false },
  'GET /pay/:public_id/checkout': { params: publicIdParams, query: checkoutQuoteQuery, response: checkoutQuoteSchema, auth: false },
  'POST /pay/:public_id/checkout': { params: publicIdParams, body: bodyOrNothing(startCheckoutBody), response: startCheckoutResponse, auth: false },
  'GET /pay/verify/:reference': { params: referenceParams, response: verifyCheckoutResponse, auth: false },
  'GET /test-pay/invoice-checkouts/:reference': { params: referenceParams, response: testInvoiceCheckoutSchema, auth: false },
  'POST /test-pay/invoice-checkouts/:reference/confirm': { params: referenceParams, body: testInvoiceConfirmBody, response: redirectResponse, auth: false },
  'GET /invoices/link/:public_id/mpesa': { params: publicIdParams, response: mpesaAvailabilityResponse, auth: false },
  'POST /invoices/link/:public_id/mpesa': { params: publicIdParams, body: mpesaStartBody, response: mpesaStartResponse, auth: false },
  'GET /invoices/link/:public_id/mpesa/:checkout_request_id': {
    params: publicIdParams.extend({ checkout_request_id: z.string().min(1).max(100) }),
    response: mpesaStatusResponse,
    auth: false,
  },

  // Mobile-money and hosted rails (issue 25), and the TEST MODE phone that shows their prompts.
  'POST /invoices/link/:public_id/rails/:rail': { params: railParams, body: bodyOrNothing(railStartBody), response: railStartResponse, auth: false },
  'GET /invoices/link/:public_id/rails/:rail/:reference': { params: railStatusParams, query: railStatusQuery, response: railStatusResponse, auth: false },
  'POST /invoices/link/:public_id/rails/:rail/:reference/otp': { params: railStatusParams, body: railOtpBody, response: railOtpResponse, auth: false },
  'GET /test-phone/:reference': { params: referenceParams, response: testPhoneView, auth: false },
  'POST /test-phone/:reference/:action': { params: testPhoneActionParams, response: testPhoneActionResponse, auth: false },

  // ---- plans and AI credit (SPEC §7) ----
  'GET /subscriptions': { response: subscriptionResponse },
  'POST /subscriptions/cancel-plan': { response: messageResponse },
  'POST /subscriptions/change-plan': { body: changePlanBody, response: subscriptionResponse },
  'POST /transactions': { body: transactionBody, response: z.object({ url: z.string(), reference: z.string() }) },
  'GET /transactions': { response: z.object({ data: z.array(billingPayment) }) },
  'GET /transactions/:reference': {
    params: z.object({
      reference: z
        .string()
        .min(1)
        .max(100)
        .regex(/^[\w-]+$/, 'Not a checkout reference'),
    }),
    response: checkoutStatusResponse,
  },
  'POST /portal': { response: z.object({ url: z.string() }) },
  'POST /transactions/portal-init': { response: z.object({ url: z.string() }) },
  'GET /test-pay/checkouts/:reference': { params: referenceParams, response: testCheckoutView, auth: false },
  'POST /test-pay/checkouts/:reference/confirm': { params: referenceParams, body: testCardBody, response: redirectResponse, auth: false },
  'GET /test-pay/portal/:session': { params: testPortalSessionParams, response: testPortalView, auth: false },
  'POST /test-pay/portal/:session/:action': { params: testPortalActionParams, response: z.object({ status: z.string() }), auth: false },

  // ---- AI writer (SPEC §7) ----
  'POST /ai-writter/generate': { body: aiGeneratePayloadSchema, response: aiGenerateResponseSchema },
  // An order in words read by the model (AI_BASE_URL), or by core's parser when the model fails (issue 29).
  'POST /orders/draft': { body: orderDraftRequestSchema, response: orderDraftAnswerSchema },
  // A receipt photo read by a vision model (AI_VISION_MODEL at AI_BASE_URL), or the device's OCR text by core's reader (issue 29).
  'POST /expenses/receipt-read': { body: receiptReadRequestSchema, response: receiptReadAnswerSchema },
  // The photo itself (multipart file field `photo`), read on the server: the vision model first, else the server's OCR (issue 29).
  'POST /expenses/receipt-scan': { query: receiptScanQuery, response: receiptScanAnswerSchema, multipart: true },
  'GET /ai-writter/credit': { response: aiCreditResponse },
  'GET /ai-writter/history': { query: aiListQuery, response: aiListSchema },
  'GET /ai-writter/favorites': { query: aiListQuery, response: aiListSchema },
  'PATCH /ai-writter/:id': { params: z.object({ id: z.string() }), body: aiFavoriteBody, response: aiItemSchema },

  // ---- announcements ----
  'GET /announcements': { query: announcementListQuery, response: announcementListResponse },
  'POST /announcements/:id/read': { params: uuidParams, body: bodyOrNothing(emptyBody), response: z.object({ read: z.literal(true) }) },
  'GET /admin/announcements': { response: z.object({ announcements: z.array(announcementSchema) }) },
  'POST /admin/announcements': { body: announcementInput, response: announcementSchema },
  'PATCH /admin/announcements/:id': { params: uuidParams, body: announcementInput, response: announcementSchema },
  'DELETE /admin/announcements/:id': { params: uuidParams, response: nothing },

  // ---- affiliates ----
  'GET /affiliates/terms': { response: affiliateTermsSchema, auth: false },
  'POST /affiliates/click': { body: affiliateClickBody, response: z.object({ counted: z.boolean() }), auth: 'optional' },
  'GET /affiliates/me': { response: affiliateDashboardSchema },
  'POST /affiliates': { body: payoutDetailsInput, response: affiliateDashboardSchema },
  'POST /affiliates/payouts': { body: payoutRequestBody, response: payoutSchema },
  'GET /admin/affiliate-payouts': { response: z.object({ payouts: z.array(adminPayoutSchema) }) },
  'POST /admin/affiliate-payouts/:id/paid': { params: uuidParams, body: bodyOrNothing(emptyBody), response: payoutSchema },

  // ---- stock (issue 28) ----
  'GET /stock/levels': { response: stockLevelsResponse },
  'GET /stock/low': { response: stockLevelsResponse },
  'GET /stock/value': { response: stockLevelsResponse },
  'GET /stock/levels.csv': { response: binaryResponse, binary: true },
  'GET /stock/items/:id/movements': { params: uuidParams, query: stockMovementsQuery, response: stockMovementsResponse },
  'POST /stock/adjustments': { body: stockAdjustmentBody, response: stockMovementRecord },
  'POST /stock/opening': { body: openingStockBody, response: openingStockResponse },
  ...RECORD_ROUTES,
  ...SYSTEM_ROUTES,
} as const satisfies Record<`${HttpMethod} /${string}`, RouteContract>;

export type ApiRoutes = typeof API_ROUTES;
export type RouteKey = keyof ApiRoutes;

type Field<K extends RouteKey, F extends 'params' | 'query' | 'body'> = ApiRoutes[K] extends Record<F, infer S extends z.ZodType> ? S : never;
/** What the caller sends (zod input: defaults may be left out). */
export type RouteParams<K extends RouteKey> = z.input<Field<K, 'params'>>;
export type RouteQuery<K extends RouteKey> = z.input<Field<K, 'query'>>;
export type RouteBody<K extends RouteKey> = z.input<Field<K, 'body'>>;
/** What the server answers (zod output). */
export type RouteResponse<K extends RouteKey> = z.output<ApiRoutes[K]['response']>;
