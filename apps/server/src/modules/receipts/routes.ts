import type { Module } from '../../lib/context';
import { routesOf } from '../../lib/route';
import { findByPublicId, getInvoice, PUBLIC_PDF_LIMIT, toApi } from '../invoices';
import { emailReceipt, emailReceiptAfterOnlinePayment, listReceipts, receiptPdf } from './service';

/** Receipts (issue 18): one per payment; PDF (same package as on the device), e-mail, public link. */
export const receiptsRoutes: Module = (app, ctx) => {
  ctx.registry.onPaymentRecorded.push((info) => emailReceiptAfterOnlinePayment(ctx, info, app.log));
  const route = routesOf(app, ctx, 'receipts');

  route('GET /invoices/:id/receipts', async (request) => ({
    receipts: await listReceipts(ctx, request.userId, request.params.id),
  }));

  route('GET /invoices/:id/receipts/:payment_id/pdf', async (request, reply) => {
    const inv = toApi(await getInvoice(ctx.db, request.userId, request.params.id));
    const { receipt, pdf } = await receiptPdf(ctx, inv, request.userId, request.params.payment_id);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${receipt.number}.pdf"`).send(Buffer.from(pdf));
  });

  route('POST /invoices/:id/receipts/:payment_id/email', async (request) => {
    const { to, receipt } = await emailReceipt(ctx, request.userId, request.params.id, request.params.payment_id, request.body?.to);
    return { message: `Receipt ${receipt.number} sent to ${to}`, to };
  });

  // The link a customer gets: the public invoice id (≥128 random bits) and the payment id.
  route(
    'GET /invoices/public/:public_id/receipts/:payment_id/pdf',
    async (request, reply) => {
      const row = await findByPublicId(ctx.db, request.params.public_id);
      const inv = toApi(row);
      const { receipt, pdf } = await receiptPdf(ctx, inv, String(row.userId), request.params.payment_id);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, max-age=60')
        .header('content-disposition', `inline; filename="${receipt.number}.pdf"`)
        .send(Buffer.from(pdf));
    },
    { config: ctx.config.rateLimits ? { rateLimit: PUBLIC_PDF_LIMIT } : {}, errors: [429] },
  );
};
