import { randomUUID } from 'node:crypto';
import { refusal, createFacts, isBilledKind, settledInTestMode, testModeState } from '@duka/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { invoices, users } from '../../db/schema';
import type { Module } from '../../lib/context';
import { routesOf } from '../../lib/route';
import { AppError } from '../../lib/errors';
import { holderOf, idTaken } from '../../lib/taken-id';
import { chargeUser } from '../../lib/user-limits';
import { getMailer } from '../mail';
import { applyMutations } from '../sync';
import { registerSyncCollection } from '../sync';
import { countLive } from '../sync';
import { withOwnFeeSnapshots } from './fee-snapshots';
import { invoicePdf, logoPng } from './pdf';
import { quoteResponseRoutes } from './quote-response';
import { storeRealMoneyOfOldInvoices } from './test-paid-rows';
import {
  adapter,
  assertNumberFree,
  COLLECTION,
  convertQuote,
  creditInvoice,
  findByPublicId,
  findShownByPublicId,
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

// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
/** A mail subject on one line of at most 150 characters (no control characters). */
function oneLine(text: string): string {
  return text.replace(UNPRINTABLE, ' ').trim().slice(0, 150);
}

/** Per address, the invoice and receipt PDFs of public links together (receipts/routes.ts uses the same group). */
export const PUBLIC_PDF_LIMIT = { max: 20, timeWindow: '1 minute', groupId: 'public-pdf' };

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
    if (row) throw new AppError('conflict', 'This client has invoices. Archive the client instead.', undefined, refusal('client_has_invoices'));
  });

  // Invoices stored while test payments still counted as money (issue 22), or credited whole while that was stored
  // 'paid' (issue 26 F2), get their real status, once.
  app.addHook('onReady', async () => {
    const n = await storeRealMoneyOfOldInvoices(ctx);
    if (n) app.log.info(`Status and balance of ${n} invoices (paid by test payments, or credited whole) stored by real money`);
  });

  const route = routesOf(app, ctx, 'invoices');

  route('GET /invoices', async (request) => listInvoices(ctx.db, request.userId, request.query));

  route(
    'POST /invoices',
    async (request, reply) => {
      const { id: given, status, ...data } = request.body;
      const id = given ?? randomUUID();
      if (given) {
        // Another account's id and the caller's deleted invoice's get the same answer (t19 A2): nothing tells a
        // caller that an id is held elsewhere.
        const holder = await holderOf(ctx.db, invoices, id);
        if (holder && (holder.userId !== request.userId || holder.deleted)) throw idTaken(data.kind === 'quote' ? 'quote' : 'invoice');
      }
      await assertNumberFree(ctx.db, request.userId, data.kind, data.number, id);
      const { record, created } = await writeInvoice(ctx, request.userId, id, {
        ...(await withOwnFeeSnapshots(ctx.db, request.userId, data)),
        // Finished ('ready') or finished and sent: core's finish command.
        ...createFacts(status, new Date()),
      });
      return reply.status(created ? 201 : 200).send(record);
    },
    { status: [200, 201] },
  );

  // Before /invoices/:id so the static path wins.
  route('GET /invoices/logo.png', async (request, reply) => {
    const [u] = await ctx.db.select({ logo: users.logoLocation }).from(users).where(eq(users.id, request.userId));
    const png = await logoPng(ctx, u?.logo ?? null);
    if (!png) throw new AppError('not_found', 'No logo');
    return reply.type('image/png').header('cache-control', 'private, max-age=300').send(png);
  });

  route('GET /invoices/:id', async (request) => {
    const inv = toApi(await getInvoice(ctx.db, request.userId, request.params.id));
    // What its TEST MODE payments mean (issue 25): the same rule as the pay page, the receipts and the device.
    return { ...inv, ...testModeState(inv) };
  });

  route('PATCH /invoices/:id', async (request) => {
    const row = await getInvoice(ctx.db, request.userId, request.params.id);
    await assertNumberFree(ctx.db, request.userId, String(row.kind), request.body.number, request.params.id);
    const body = await withOwnFeeSnapshots(ctx.db, request.userId, request.body, toApi(row).fees);
    return (await writeInvoice(ctx, request.userId, request.params.id, body)).record;
  });

  route('DELETE /invoices/:id', async (request) => {
    const { id } = request.params;
    await getInvoice(ctx.db, request.userId, id);
    const [r] = await applyMutations(ctx, request.userId, [{ collection: COLLECTION, op: 'delete', id }]);
    if (r.status === 'rejected') throw new AppError((r.error?.code ?? 'conflict') as 'conflict', r.error?.message ?? 'Not deleted');
    return { id, deleted: true as const, version: r.version ?? 0 };
  });

  route('POST /invoices/:id/void', async (request) => voidInvoice(ctx, request.userId, request.params.id));

  route('POST /invoices/:id/send', async (request) => markSent(ctx, request.userId, request.params.id));

  route(
    'POST /invoices/:id/payments',
    async (request, reply) => reply.status(201).send(await recordPayment(ctx, request.userId, request.params.id, request.body)),
    { status: [201] },
  );

  route('DELETE /invoices/:id/payments/:payment_id', async (request) => removePayment(ctx, request.userId, request.params.id, request.params.payment_id));

  route('POST /invoices/:id/convert', async (request, reply) => reply.status(201).send(await convertQuote(ctx, request.userId, request.params.id)), {
    status: [201],
  });

  route(
    'POST /invoices/:id/credit-notes',
    async (request, reply) => reply.status(201).send(await creditInvoice(ctx, request.userId, request.params.id, request.body)),
    {
      status: [201],
      summary: 'Credit some lines of a sent invoice (or all of it) with a reason: a credit note with its own number that lowers the balance',
    },
  );

  route(
    'POST /invoices/:id/email',
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
    { summary: 'E-mail the invoice as PDF (limited per user per hour and per day); the subject names the account’s business from its profile' },
  );

  route('GET /invoices/:id/pdf', async (request, reply) => {
    const inv = toApi(await getInvoice(ctx.db, request.userId, request.params.id));
    const pdf = await invoicePdf(ctx, request.userId, inv);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${inv.number.replace(/[^\w.-]/g, '_')}.pdf"`)
      .send(Buffer.from(pdf));
  });

  // Public link: no token; anything unknown, deleted or malformed is 404.
  const publicTags = ['invoices (public)'];
  const publicAnswer = async (row: Awaited<ReturnType<typeof findByPublicId>>) => {
    // Naira goes to Paystack's checkout (or the test provider's), other currencies to the card form.
    const pay = ctx.registry.invoicePayRail(String(row.currency));
    // Mobile money and hosted rails of the business's country (issue 25), as the owner chose them.
    const offer = await ctx.registry.offeredRails(String(row.userId), String(row.currency));
    const view = await publicView(ctx.db, row, offer.card ? (pay?.segment ?? null) : null);
    const payable = view.pay_provider !== null || (view.balance > 0 && isBilledKind(view.kind) && !['draft', 'void'].includes(view.status));
    // Paid in full in TEST MODE (issue 25): the test ways to pay are no longer offered, as after a real payment.
    const testDone = settledInTestMode(view);
    const provider = testDone && pay?.testMode ? null : view.pay_provider;
    const rails = payable ? offer.rails.filter((r) => !(testDone && r.test_mode)) : [];
    // Every way offered is TEST MODE (a fresh install): each takes what TEST payments left (core testModeBalance).
    const testOnly = (provider !== null || rails.length > 0) && (provider === null || !!pay?.testMode) && rails.every((r) => r.test_mode);
    return {
      ...view,
      pay_provider: provider,
      pay_checkout: provider !== null && !!pay?.hosted,
      rails,
      ...(testOnly ? { pay_test_only: true } : {}),
      ...(provider !== null && pay?.testMode ? { pay_test_mode: true } : {}),
    };
  };
  // A GET changes nothing (issue 22 item 9): link scanners and prefetchers follow links in mails and chats.
  route(
    'GET /invoices/public/:public_id',
    async (request, reply) => {
      const row = await findShownByPublicId(ctx.db, request.params.public_id);
      reply.header('cache-control', 'no-store');
      return publicAnswer(row);
    },
    { tags: publicTags, summary: "The client's view of a finished invoice; a draft's link answers 409 (not sent yet)", errors: [404, 409] },
  );
  // The public page's script says the client has it on screen: a finished invoice is then sent (docs/invoice-status.md).
  // A draft or a void invoice is never marked sent this way; once sent, nothing changes.
  route(
    'POST /invoices/public/:public_id/viewed',
    async (request, reply) => {
      let row = await findShownByPublicId(ctx.db, request.params.public_id);
      if (!row.sentAt && !row.voidedAt && row.finishedAt) {
        await markSent(ctx, String(row.userId), String(row.id));
        row = await findByPublicId(ctx.db, request.params.public_id);
      }
      reply.header('cache-control', 'no-store');
      return publicAnswer(row);
    },
    { tags: publicTags, summary: "The client's page shows the invoice: a finished, unsent invoice becomes sent" },
  );

  // ?lang=fr|sw|en: the language the customer switched the page to; without it, the client's language (issue 19).
  route(
    'GET /invoices/public/:public_id/pdf',
    async (request, reply) => {
      const row = await findShownByPublicId(ctx.db, request.params.public_id);
      const inv = toApi(row);
      const pdf = await invoicePdf(ctx, String(row.userId), inv, request.query.lang);
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="${inv.number.replace(/[^\w.-]/g, '_')}.pdf"`)
        .send(Buffer.from(pdf));
    },
    {
      tags: publicTags,
      // Open to anyone holding the link, and each PDF takes the server up to a second or more: limited per address
      // (shared with the public receipt PDFs), so one link cannot keep the server busy (issue 22).
      config: ctx.config.rateLimits ? { rateLimit: PUBLIC_PDF_LIMIT } : {},
      errors: [429],
    },
  );

  quoteResponseRoutes(app, ctx);

  route(
    'GET /invoices/public/:public_id/logo.png',
    async (request, reply) => {
      const row = await findByPublicId(ctx.db, request.params.public_id);
      const parties = await loadParties(ctx.db, String(row.userId), String(row.contactId));
      const png = await logoPng(ctx, parties.business.logoLocation);
      if (!png) throw new AppError('not_found', 'No logo');
      return reply.type('image/png').header('cache-control', 'public, max-age=300').send(png);
    },
    { tags: publicTags },
  );
};
