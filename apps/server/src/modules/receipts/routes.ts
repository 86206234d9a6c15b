import { receiptEmailBody as emailBody, receiptParams as paymentParams, receiptEmailResponse, receiptSchema } from '@duka/core';
import { z } from 'zod';
import type { Module } from '../../lib/context';
import { findByPublicId, getInvoice, toApi } from '../invoices';
import { emailReceipt, emailReceiptAfterOnlinePayment, listReceipts, receiptPdf } from './service';

const idParams = z.object({ id: z.uuid('Must be a UUID') });
const publicParams = z.object({ public_id: z.string().min(1).max(100), payment_id: z.uuid('Must be a UUID') });

/** Receipts (issue 18): one per payment; PDF (same package as on the device), e-mail, public link. */
export const receiptsRoutes: Module = (app, ctx) => {
  ctx.registry.onPaymentRecorded.push((info) => emailReceiptAfterOnlinePayment(ctx, info, app.log));
  const auth = { preHandler: ctx.auth };
  const tags = ['receipts'];
  const security = [{ bearer: [] }];

  app.get(
    '/invoices/:id/receipts',
    { ...auth, schema: { tags, security, params: idParams, response: { 200: z.object({ receipts: z.array(receiptSchema) }) } } },
    async (request) => ({
      receipts: await listReceipts(ctx, request.userId, request.params.id),
    }),
  );

  app.get('/invoices/:id/receipts/:payment_id/pdf', { ...auth, schema: { tags, security, params: paymentParams } }, async (request, reply) => {
    const inv = toApi(await getInvoice(ctx.db, request.userId, request.params.id));
    const { receipt, pdf } = await receiptPdf(ctx, inv, request.userId, request.params.payment_id);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${receipt.number}.pdf"`).send(Buffer.from(pdf));
  });

  app.post(
    '/invoices/:id/receipts/:payment_id/email',
    { ...auth, schema: { tags, security, params: paymentParams, body: emailBody, response: { 200: receiptEmailResponse } } },
    async (request) => {
      const { to, receipt } = await emailReceipt(ctx, request.userId, request.params.id, request.params.payment_id, request.body?.to);
      return { message: `Receipt ${receipt.number} sent to ${to}`, to };
    },
  );

  // The link a customer gets: the public invoice id (≥128 random bits) and the payment id.
  app.get('/invoices/public/:public_id/receipts/:payment_id/pdf', { schema: { tags, params: publicParams } }, async (request, reply) => {
    const row = await findByPublicId(ctx.db, request.params.public_id);
    const inv = toApi(row);
    const { receipt, pdf } = await receiptPdf(ctx, inv, String(row.userId), request.params.payment_id);
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, max-age=60')
      .header('content-disposition', `inline; filename="${receipt.number}.pdf"`)
      .send(Buffer.from(pdf));
  });
};
