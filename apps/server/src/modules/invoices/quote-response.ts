import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema';
import type { AppContext, ZApp } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { consume } from '../../lib/rate-limit';
import { getMailer } from '../mail';
import { convertQuote, findByPublicId, getInvoice, loadParties, publicLink, toApi } from './service';

/**
 * The customer's side of a quote (issue 23 item 11), on its public link, no token:
 * - POST /invoices/public/{public_id}/accept: the quote becomes an invoice (core's convertQuoteCommand, the same
 *   as the owner's Convert; the invoice's id is derived from the quote's, so a conversion made on the owner's
 *   device offline and this one are the same invoice) and the owner is told by e-mail. Accepting twice is the
 *   same answer, converted once.
 * - POST /invoices/public/{public_id}/decline {reason}: the owner is told by e-mail, with the reason.
 */
const params = z.object({ public_id: z.string().min(1).max(100) });
const declineBody = z.object({ reason: z.string().trim().max(1000, 'At most 1000 characters').optional().default('') });
const answer = z.object({ status: z.enum(['accepted', 'declined']), invoice_public_id: z.string().nullable(), message: z.string() });

/** Per quote: how many answers a link may send the owner (a public link must not become a way to spam them). */
const ANSWERS = { max: 5, windowMs: 60 * 60_000 };

async function ownerOf(ctx: AppContext, userId: string): Promise<{ email: string; name: string }> {
  const [u] = await ctx.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  if (!u) throw new AppError('not_found', 'Invoice not found');
  return { email: u.email, name: u.name ?? '' };
}

async function quoteOf(ctx: AppContext, publicId: string) {
  const row = await findByPublicId(ctx.db, publicId);
  const quote = toApi(row);
  if (quote.kind !== 'quote') throw new AppError('conflict', 'Only a quote can be accepted or declined');
  if (quote.status === 'void') throw new AppError('conflict', 'This quote was cancelled by the business');
  return { row, quote, userId: String(row.userId) };
}

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').slice(0, 200);

export function quoteResponseRoutes(app: ZApp, ctx: AppContext): void {
  const tags = ['invoices (public)'];
  const limit = async (publicId: string) => {
    if (ctx.config.rateLimits) await consume(ctx.db, `quote-answer:${publicId}`, ANSWERS);
  };

  app.post(
    '/invoices/public/:public_id/accept',
    { schema: { tags, summary: 'The customer accepts a quote: it becomes an invoice (once) and the owner is told', params, response: { 200: answer } } },
    async (request) => {
      const { quote, userId } = await quoteOf(ctx, request.params.public_id);
      if (quote.converted_invoice_id) {
        const inv = toApi(await getInvoice(ctx.db, userId, quote.converted_invoice_id));
        return { status: 'accepted' as const, invoice_public_id: inv.public_id, message: 'You accepted this quote.' };
      }
      await limit(request.params.public_id);
      const inv = await convertQuote(ctx, userId, quote.id);
      const [owner, parties] = await Promise.all([ownerOf(ctx, userId), loadParties(ctx.db, userId, quote.contact_id)]);
      await getMailer(ctx)
        .send({
          to: owner.email,
          subject: oneLine(`${parties.client.name} accepted quote ${quote.number}`),
          text: [
            `Hello ${owner.name},`,
            '',
            `${parties.client.name} accepted quote ${quote.number}. It is now invoice ${inv.number}:`,
            publicLink(ctx, inv.public_id),
          ].join('\n'),
        })
        .catch((e: unknown) => request.log.warn({ err: e }, 'quote accepted: the owner could not be e-mailed'));
      return { status: 'accepted' as const, invoice_public_id: inv.public_id, message: 'You accepted this quote.' };
    },
  );

  app.post(
    '/invoices/public/:public_id/decline',
    { schema: { tags, summary: 'The customer declines a quote, with a reason; the owner is told', params, body: declineBody, response: { 200: answer } } },
    async (request) => {
      const { quote, userId } = await quoteOf(ctx, request.params.public_id);
      if (quote.converted_invoice_id) throw new AppError('conflict', 'This quote was already accepted');
      await limit(request.params.public_id);
      const [owner, parties] = await Promise.all([ownerOf(ctx, userId), loadParties(ctx.db, userId, quote.contact_id)]);
      const reason = request.body.reason;
      await getMailer(ctx).send({
        to: owner.email,
        subject: oneLine(`${parties.client.name} declined quote ${quote.number}`),
        text: [
          `Hello ${owner.name},`,
          '',
          `${parties.client.name} declined quote ${quote.number}.`,
          reason ? `Their reason: ${reason}` : 'They gave no reason.',
          '',
          publicLink(ctx, quote.public_id),
        ].join('\n'),
      });
      return { status: 'declined' as const, invoice_public_id: null, message: 'You declined this quote.' };
    },
  );
}
