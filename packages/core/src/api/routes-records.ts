import { z } from 'zod';
import { CUSTOMER_LANGUAGE_INVALID, CUSTOMER_LANGUAGES } from '../language';
import { invoiceCreateSchema, invoicePatchSchema, invoiceRecordSchema, paymentInputSchema } from '../invoices/schemas';
import { SYNC_LIMITS } from '../records/constants';
import { currencyCodeSchema } from '../rules';
import {
  catalogPatch,
  catalogRecord,
  contactPatch,
  contactRecord,
  expensePatch,
  expenseRecord,
  feePatch,
  feeRecord,
  notePatch,
  noteRecord,
} from '../records/schemas';
import { isoDateString } from '../records/text';
import { agingPageSchema, agingQuerySchema, reportSummarySchema } from '../reports/summary';
import { publicIdParams, uuidParams } from './errors';
import { invoiceAnswerSchema, invoiceDeleteResponse, invoiceListQuery, invoiceListResponse, receiptParams, receiptSchema } from './invoices';

/** Bytes (a PDF or an image): the client hands back a Blob. */
export const binaryResponse = z.custom<Blob>(() => true, 'Bytes');

/** The list query every REST resource takes (its page within SYNC_LIMITS). */
export const recordListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(SYNC_LIMITS.maxPageSize).default(SYNC_LIMITS.defaultPageSize),
  cursor: z.string().max(1000).optional(),
  q: z.string().max(200).optional(),
});
export const recordDeleteResponse = z.object({ id: z.string(), deleted: z.literal(true), version: z.number().int() });
/** A public invoice link's id: 22 to 64 base64url characters (128 random bits or more). */
export const PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

type ListQuery<Q extends z.ZodObject> = ReturnType<typeof recordListQuery.extend<Q['shape']>>;
type RecordRoutes<N extends string, P extends z.ZodObject, R extends z.ZodObject, Q extends z.ZodObject> = Record<
  `GET /${N}`,
  { query: ListQuery<Q>; response: z.ZodObject<{ records: z.ZodArray<R>; next_cursor: z.ZodNullable<z.ZodString> }> }
> &
  Record<`POST /${N}`, { body: z.ZodObject; response: R }> &
  Record<`GET /${N}/:id`, { params: typeof uuidParams; response: R }> &
  Record<`PATCH /${N}/:id`, { params: typeof uuidParams; body: P; response: R }> &
  Record<`DELETE /${N}/:id`, { params: typeof uuidParams; response: typeof recordDeleteResponse }>;

/**
 * The REST resource of a sync collection: GET/POST /<name>, GET/PATCH/DELETE /<name>/:id. Writes go through the sync
 * engine on the server, so they check what a sync push checks. `listQuery` adds the collection's own filters.
 */
export function recordRoutes<N extends string, P extends z.ZodObject, R extends z.ZodObject, Q extends z.ZodObject = z.ZodObject<Record<never, never>>>(
  name: N,
  patch: P,
  record: R,
  listQuery?: Q,
): RecordRoutes<N, P, R, Q> {
  return {
    [`GET /${name}`]: {
      query: recordListQuery.extend(listQuery?.shape ?? {}),
      response: z.object({ records: z.array(record), next_cursor: z.string().nullable() }),
    },
    [`POST /${name}`]: { body: patch.extend({ id: z.uuid('Must be a UUID').optional() }), response: record },
    [`GET /${name}/:id`]: { params: uuidParams, response: record },
    [`PATCH /${name}/:id`]: { params: uuidParams, body: patch, response: record },
    [`DELETE /${name}/:id`]: { params: uuidParams, response: recordDeleteResponse },
  } as RecordRoutes<N, P, R, Q>;
}

const publicReceiptParams = publicIdParams.extend({ payment_id: z.uuid('Must be a UUID') });
/** ?lang=fr|sw|en: the language the customer switched the page to; without it, the client's language (issue 19). */
const publicPdfQuery = z.object({ lang: z.enum(CUSTOMER_LANGUAGES, { error: CUSTOMER_LANGUAGE_INVALID }).optional() });

/** Records of the owner's books over REST (the web syncs them; these serve integrations and tests), and their documents. */
export const RECORD_ROUTES = {
  ...recordRoutes('contacts', contactPatch, contactRecord, z.object({ archived: z.enum(['true', 'false']).optional() })),
  ...recordRoutes('notes', notePatch, noteRecord, z.object({ contact_id: z.uuid('Must be a UUID').optional() })),
  ...recordRoutes(
    'expenses',
    expensePatch,
    expenseRecord,
    z.object({
      from: isoDateString.optional(),
      to: isoDateString.optional(),
      category: z.string().max(60).optional(),
      contact_id: z.uuid('Must be a UUID').optional(),
    }),
  ),
  'POST /expenses/:id/receipt': { params: uuidParams, response: expenseRecord, multipart: true },
  ...recordRoutes('catalogs', catalogPatch, catalogRecord, z.object({ active: z.enum(['true', 'false']).optional() })),
  ...recordRoutes('fees', feePatch, feeRecord),

  // ---- invoices and quotes ----
  'GET /invoices': { query: invoiceListQuery, response: invoiceListResponse },
  'POST /invoices': {
    body: invoiceCreateSchema.extend({ public_id: z.string().regex(PUBLIC_ID_PATTERN, 'Use 22 to 64 base64url characters').optional() }),
    response: invoiceRecordSchema,
    note: 'An invoice is taxed by the fees it names, nothing else. `fee_ids` (the whole invoice) and `lines[].fee_ids` take ids of your own fees (GET /api/fees): the server copies each one from your Fees tab, unless `fees` carries a snapshot with that id, which is kept as sent. An invoice that names no fee has no tax: the taxes the app puts on a new invoice (your fees with `default_on`) are not added for you, so send their ids to tax it as the app does. The same holds for PATCH /invoices/:id.',
  },
  'GET /invoices/:id': { params: uuidParams, response: invoiceAnswerSchema },
  'PATCH /invoices/:id': { params: uuidParams, body: invoicePatchSchema, response: invoiceRecordSchema },
  'DELETE /invoices/:id': { params: uuidParams, response: invoiceDeleteResponse },
  'POST /invoices/:id/void': { params: uuidParams, response: invoiceRecordSchema },
  'POST /invoices/:id/send': { params: uuidParams, response: invoiceRecordSchema },
  'POST /invoices/:id/payments': { params: uuidParams, body: paymentInputSchema, response: invoiceRecordSchema },
  'DELETE /invoices/:id/payments/:payment_id': { params: receiptParams, response: invoiceRecordSchema },
  'GET /invoices/:id/pdf': { params: uuidParams, response: binaryResponse, binary: true },
  'GET /invoices/public/:public_id/pdf': { params: publicIdParams, query: publicPdfQuery, response: binaryResponse, binary: true, auth: false },
  'GET /invoices/public/:public_id/logo.png': { params: publicIdParams, response: binaryResponse, binary: true, auth: false },

  // ---- receipts (issue 18) ----
  'GET /invoices/:id/receipts': { params: uuidParams, response: z.object({ receipts: z.array(receiptSchema) }) },
  'GET /invoices/:id/receipts/:payment_id/pdf': { params: receiptParams, response: binaryResponse, binary: true },
  'GET /invoices/public/:public_id/receipts/:payment_id/pdf': { params: publicReceiptParams, response: binaryResponse, binary: true, auth: false },

  // ---- reports ----
  'GET /reports/summary': {
    query: z.object({
      from: z.string().max(10),
      to: z.string().max(10),
      currency: currencyCodeSchema.optional(),
    }),
    response: reportSummarySchema,
  },
  'GET /reports/aging': { query: agingQuerySchema, response: agingPageSchema },
} as const;
