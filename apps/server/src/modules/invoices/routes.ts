import { randomUUID } from 'node:crypto';
import {
  API_ROUTES,
  CUSTOMER_LANGUAGE_INVALID,
  CUSTOMER_LANGUAGES,
  invoiceCreateSchema,
  invoiceDeleteResponse,
  invoiceEmailBody as emailBody,
  invoiceEmailResponse,
  invoiceListQuery as listQuery,
  invoiceListResponse as listResponse,
  invoicePatchSchema,
  invoiceRecordSchema,
  paymentInputSchema,
  publicInvoiceSchema,
} from '@duka/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { invoices, users } from '../../db/schema';
import type { Module } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { chargeUser } from '../../lib/user-limits';
import { getMailer } from '../mail';
import { invoiceProvider } from '../payments';
import { applyMutations } from '../sync';
import { registerSyncCollection } from '../sync';
import { countLive } from '../sync';
import { PUBLIC_ID } from './adapter';
import { invoicePdf, logoPng } from './pdf';
import { quoteResponseRoutes } from './quote-response';
import {
  adapter,
  assertNumberFree,
  COLLECTION,
  convertQuote,
  creditInvoice,
  findByPublicId,
  getInvoice,
  invoiceEmailSubject,
  invoiceEmailText,
  listInvoices,
  loadParties,
  markSent,
  publicLink,
  publicView,
  recordPayment,
  removePayment,
  toApi,
  voidInvoice,
  writeInvoice,
} from './service';

const idParams = z.object({ id: z.uuid('Must be a UUID') });
const publicParams = z.object({ public_id: z.string().min(1).max(100) });
// A real calendar date (2026-02-30 or month 00 is a 400, never a database error).
const createBody = invoiceCreateSchema.extend({ public_id: z.string().regex(PUBLIC_ID, 'Use 22 to 64 base64url characters').optional() });
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
/** A mail subject on one line of at most 150 characters (no control characters). */
function oneLine(text: string): string {
  return text.replace(UNPRINTABLE, ' ').trim().slice(0, 150);
}

// The message is free text of the owner's (several lines, no control characters): it goes in the body only.

/** Invoices and quotes: REST, the 'invoices' sync collection, PDF, e-mail and the public link. */
export const invoicesRoutes: Module = (app, ctx) => {
  registerSyncCollection(ctx, COLLECTION, adapter);
  ctx.registry.counters.invoices = (db, userId) => countLive(db, adapter, userId);
  ctx.registry.beforeContactDelete.push(async (db, userId, contactId) => {
    const [row] = await db
      .select({ n: sql<number>`1` })
      .from(invoices)
      .where(and(eq(invoices.userId, userId), eq(invoices.contactId, contactId), isNull(invoices.deletedAt)))
      .limit(1);
    if (row) throw new AppError('conflict', 'This client has invoices. Archive the client instead.');
  });

  const tags = ['invoices'];
  const security = [{ bearer: [] }];
  const auth = { preHandler: ctx.auth };

  app.get('/invoices', { ...auth, schema: { tags, security, querystring: listQuery, response: { 200: listResponse } } }, async (request) =>
    listInvoices(ctx.db, request.userId, request.query),
  );

  app.post(
    '/invoices',
    { ...auth, schema: { tags, security, body: createBody, response: { 200: invoiceRecordSchema, 201: invoiceRecordSchema } } },
    async (request, reply) => {
      const { id: given, status, ...data } = request.body;
      const id = given ?? randomUUID();
      if (given) {
        const [existing] = await ctx.db.select({ userId: invoices.userId, deletedAt: invoices.deletedAt }).from(invoices).where(eq(invoices.id, id)).limit(1);
        if (existing && (existing.userId !== request.userId || existing.deletedAt)) throw new AppError('conflict', 'This id is already used');
      }
      await assertNumberFree(ctx.db, request.userId, data.kind, data.number, id);
      const { record, created } = await writeInvoice(ctx, request.userId, id, {
        ...data,
        ...(status === 'sent' ? { sent_at: new Date().toISOString() } : {}),
        ...(status !== 'draft' ? { finished_at: new Date().toISOString() } : {}),
      });
      return reply.status(created ? 201 : 200).send(record);
    },
  );

  // Before /invoices/:id so the static path wins.
  app.get('/invoices/logo.png', { ...auth, schema: { tags, security } }, async (request, reply) => {
    const [u] = await ctx.db.select({ logo: users.logoLocation }).from(users).where(eq(users.id, request.userId));
    const png = await logoPng(ctx, u?.logo ?? null);
    if (!png) throw new AppError('not_found', 'No logo');
    return reply.type('image/png').header('cache-control', 'private, max-age=300').send(png);
  });

  app.get('/invoices/:id', { ...auth, schema: { tags, security, params: idParams, response: { 200: invoiceRecordSchema } } }, async (request) =>
    toApi(await getInvoice(ctx.db, request.userId, request.params.id)),
  );

  app.patch(
    '/invoices/:id',
    { ...auth, schema: { tags, security, params: idParams, body: invoicePatchSchema, response: { 200: invoiceRecordSchema } } },
    async (request) => {
      const row = await getInvoice(ctx.db, request.userId, request.params.id);
      await assertNumberFree(ctx.db, request.userId, String(row.kind), request.body.number, request.params.id);
      return (await writeInvoice(ctx, request.userId, request.params.id, request.body)).record;
    },
  );

  app.delete('/invoices/:id', { ...auth, schema: { tags, security, params: idParams, response: { 200: invoiceDeleteResponse } } }, async (request) => {
    const { id } = request.params;
    await getInvoice(ctx.db, request.userId, id);
    const [r] = await applyMutations(ctx, request.userId, [{ collection: COLLECTION, op: 'delete', id }]);
    if (r.status === 'rejected') throw new AppError((r.error?.code ?? 'conflict') as 'conflict', r.error?.message ?? 'Not deleted');
    return { id, deleted: true as const, version: r.version ?? 0 };
  });

  app.post('/invoices/:id/void', { ...auth, schema: { tags, security, params: idParams, response: { 200: invoiceRecordSchema } } }, async (request) =>
    voidInvoice(ctx, request.userId, request.params.id),
  );

  app.post('/invoices/:id/send', { ...auth, schema: { tags, security, params: idParams, response: { 200: invoiceRecordSchema } } }, async (request) =>
    markSent(ctx, request.userId, request.params.id),
  );

  app.post(
    '/invoices/:id/payments',
    { ...auth, schema: { tags, security, params: idParams, body: paymentInputSchema, response: { 201: invoiceRecordSchema } } },
    async (request, reply) => reply.status(201).send(await recordPayment(ctx, request.userId, request.params.id, request.body)),
  );

  app.delete(
    '/invoices/:id/payments/:payment_id',
    { ...auth, schema: { tags, security, params: idParams.extend({ payment_id: z.uuid('Must be a UUID') }), response: { 200: invoiceRecordSchema } } },
    async (request) => removePayment(ctx, request.userId, request.params.id, request.params.payment_id),
  );

  app.post('/invoices/:id/convert', { ...auth, schema: { tags, security, params: idParams, response: { 201: invoiceRecordSchema } } }, async (request, reply) =>
    reply.status(201).send(await convertQuote(ctx, request.userId, request.params.id)),
  );

  const creditRoute = API_ROUTES['POST /invoices/:id/credit-notes'];
  app.post(
    '/invoices/:id/credit-notes',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Credit some lines of a sent invoice (or all of it) with a reason: a credit note with its own number that lowers the balance',
        params: creditRoute.params,
        body: creditRoute.body,
        response: { 201: creditRoute.response },
      },
    },
    async (request, reply) => reply.status(201).send(await creditInvoice(ctx, request.userId, request.params.id, request.body)),
  );

  app.post(
    '/invoices/:id/email',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'E-mail the invoice as PDF (limited per user per hour and per day); the subject names the account’s business from its profile',
        params: idParams,
        body: emailBody,
        response: { 200: invoiceEmailResponse },
      },
    },
    async (request) => {
      const inv = toApi(await getInvoice(ctx.db, request.userId, request.params.id));
      if (inv.status === 'void') throw new AppError('conflict', 'This invoice is void');
      const parties = await loadParties(ctx.db, request.userId, inv.contact_id);
      const to = request.body?.to ?? parties.client.email;
      if (!to) throw new AppError('unprocessable', 'This client has no e-mail address. Enter one to send the invoice.', { to: 'Enter an e-mail address' });
      // Counted only for a message that is about to go out (per user, per hour and per day).
      await chargeUser(ctx, request.userId, 'invoiceEmailHour');
      await chargeUser(ctx, request.userId, 'invoiceEmailDay');
      const pdf = await invoicePdf(ctx, request.userId, inv);
      const what = inv.kind === 'quote' ? 'Quote' : 'Invoice';
      await getMailer(ctx).send({
        account: request.userId,
        to,
        // Only the invoice number and the account's own business name (profile): the free text goes in the body.
        subject: oneLine(invoiceEmailSubject(inv, parties)),
        text: invoiceEmailText(inv, parties, publicLink(ctx, inv.public_id), request.body?.message),
        attachments: [{ filename: `${inv.number}.pdf`, content: Buffer.from(pdf), contentType: 'application/pdf' }],
      });
      const invoice = inv.sent_at ? inv : await markSent(ctx, request.userId, inv.id);
      return { message: `${what} ${inv.number} sent to ${to}`, to, invoice };
    },
  );

  app.get('/invoices/:id/pdf', { ...auth, schema: { tags, security, params: idParams } }, async (request, reply) => {
    const inv = toApi(await getInvoice(ctx.db, request.userId, request.params.id));
    const pdf = await invoicePdf(ctx, request.userId, inv);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${inv.number.replace(/[^\w.-]/g, '_')}.pdf"`)
      .send(Buffer.from(pdf));
  });

  // Public link: no token; anything unknown, deleted or malformed is 404.
  const publicTags = ['invoices (public)'];
  app.get(
    '/invoices/public/:public_id',
    { schema: { tags: publicTags, params: publicParams, response: { 200: publicInvoiceSchema } } },
    async (request, reply) => {
      let row = await findByPublicId(ctx.db, request.params.public_id);
      // The client opened the link of a finished invoice: it has reached them, so it is sent (docs/invoice-status.md).
      // A draft is never marked sent by a GET (the owner's preview, a link scanner): it is not finished yet.
      if (!row.sentAt && !row.voidedAt && row.finishedAt) {
        await markSent(ctx, String(row.userId), String(row.id));
        row = await findByPublicId(ctx.db, request.params.public_id);
      }
      reply.header('cache-control', 'no-store');
      // Naira goes to Paystack's checkout (or the test provider's), other currencies to the card form.
      const pay = invoiceProvider(ctx, String(row.currency));
      const view = await publicView(ctx.db, row, pay?.provider.segment ?? null);
      return { ...view, pay_checkout: view.pay_provider !== null && !!pay?.hosted };
    },
  );

  // ?lang=fr|sw|en: the language the customer switched the page to; without it, the client's language (issue 19).
  const pdfQuery = z.object({ lang: z.enum(CUSTOMER_LANGUAGES, { error: CUSTOMER_LANGUAGE_INVALID }).optional() });
  app.get('/invoices/public/:public_id/pdf', { schema: { tags: publicTags, params: publicParams, querystring: pdfQuery } }, async (request, reply) => {
    const row = await findByPublicId(ctx.db, request.params.public_id);
    const inv = toApi(row);
    const pdf = await invoicePdf(ctx, String(row.userId), inv, request.query.lang);
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', `inline; filename="${inv.number.replace(/[^\w.-]/g, '_')}.pdf"`)
      .send(Buffer.from(pdf));
  });

  quoteResponseRoutes(app, ctx);

  app.get('/invoices/public/:public_id/logo.png', { schema: { tags: publicTags, params: publicParams } }, async (request, reply) => {
    const row = await findByPublicId(ctx.db, request.params.public_id);
    const parties = await loadParties(ctx.db, String(row.userId), String(row.contactId));
    const png = await logoPng(ctx, parties.business.logoLocation);
    if (!png) throw new AppError('not_found', 'No logo');
    return reply.type('image/png').header('cache-control', 'public, max-age=300').send(png);
  });
};
