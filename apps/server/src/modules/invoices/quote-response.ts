import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppContext, ZApp } from '../../lib/context';
import { routesOf } from '../../lib/route';
import { AppError } from '../../lib/errors';
import { consume } from '../../lib/rate-limit';
import { getMailer } from '../mail';
import { quoteAcceptedEmail, quoteDeclinedEmail } from './quote-mail';
import { convertQuote, findByPublicId, getInvoice, loadParties, publicLink, toApi, writeInvoice } from './service';

/**
 * The customer's side of a quote (issue 23 item 11), on its public link, no token:
 * - POST /invoices/public/{public_id}/accept: the quote becomes an invoice (core's convertQuoteCommand, the same
 *   as the owner's Convert; the invoice's id is derived from the quote's, so a conversion made on the owner's
 *   device offline and this one are the same invoice) and the owner is told by e-mail. Accepting twice is the
 *   same answer, converted once.
 * - POST /invoices/public/{public_id}/decline {reason}: the quote keeps when and why (declined_at, decline_reason,
 *   synced to the owner's devices) and the owner is told by e-mail, with the reason. Declining twice is the same
 *   answer; a declined quote cannot then be accepted on its link (the owner can still convert it).
 * The owner's e-mails are in the owner's language (quote-mail.ts).
 */
/** Per quote: how many answers a link may send the owner (a public link must not become a way to spam them). */
const ANSWERS = { max: 5, windowMs: 60 * 60_000 };

async function ownerOf(ctx: AppContext, userId: string): Promise<{ email: string; name: string; language: string | null }> {
  const [u] = await ctx.db.select({ email: users.email, name: users.name, language: users.language }).from(users).where(eq(users.id, userId));
  if (!u) throw new AppError('not_found', 'Invoice not found');
  return { email: u.email, name: u.name ?? '', language: u.language ?? null };
}

async function quoteOf(ctx: AppContext, publicId: string) {
  const row = await findByPublicId(ctx.db, publicId);
  const quote = toApi(row);
  if (quote.kind !== 'quote') throw new AppError('conflict', 'Only a quote can be accepted or declined');
  if (quote.status === 'void') throw new AppError('conflict', 'This quote was cancelled by the business');
  return { row, quote, userId: String(row.userId) };
}

export function quoteResponseRoutes(app: ZApp, ctx: AppContext): void {
  const route = routesOf(app, ctx, 'invoices (public)');
  const limit = async (publicId: string) => {
    if (ctx.config.rateLimits) await consume(ctx.db, `quote-answer:${publicId}`, ANSWERS);
  };

  route(
    'POST /invoices/public/:public_id/accept',
    async (request) => {
      const { quote, userId } = await quoteOf(ctx, request.params.public_id);
      if (quote.converted_invoice_id) {
        const inv = toApi(await getInvoice(ctx.db, userId, quote.converted_invoice_id));
        return { status: 'accepted' as const, invoice_public_id: inv.public_id, message: 'You accepted this quote.' };
      }
      if (quote.declined_at) throw new AppError('conflict', 'You declined this quote. Ask the business for a new one.');
      await limit(request.params.public_id);
      const inv = await convertQuote(ctx, userId, quote.id);
      const [owner, parties] = await Promise.all([ownerOf(ctx, userId), loadParties(ctx.db, userId, quote.contact_id)]);
      await getMailer(ctx)
        .send({
          account: userId,
          to: owner.email,
          ...quoteAcceptedEmail(owner.language, {
            owner: owner.name,
            client: parties.client.name,
            quote: quote.number,
            invoice: inv.number,
            link: publicLink(ctx, inv.public_id),
          }),
        })
        .catch((e: unknown) => request.log.warn({ err: e }, 'quote accepted: the owner could not be e-mailed'));
      return { status: 'accepted' as const, invoice_public_id: inv.public_id, message: 'You accepted this quote.' };
    },
    { summary: 'The customer accepts a quote: it becomes an invoice (once) and the owner is told' },
  );

  route(
    'POST /invoices/public/:public_id/decline',
    async (request) => {
      const { quote, userId } = await quoteOf(ctx, request.params.public_id);
      if (quote.converted_invoice_id) throw new AppError('conflict', 'This quote was already accepted');
      if (quote.declined_at) return { status: 'declined' as const, invoice_public_id: null, message: 'You declined this quote.' };
      await limit(request.params.public_id);
      const reason = request.body.reason;
      // Kept on the quote and synced, so the page and the owner's devices show it after a reload (issue 23).
      await writeInvoice(ctx, userId, quote.id, {}, { decline: { at: new Date().toISOString(), reason } });
      const [owner, parties] = await Promise.all([ownerOf(ctx, userId), loadParties(ctx.db, userId, quote.contact_id)]);
      await getMailer(ctx).send({
        account: userId,
        to: owner.email,
        ...quoteDeclinedEmail(owner.language, {
          owner: owner.name,
          client: parties.client.name,
          quote: quote.number,
          reason,
          link: publicLink(ctx, quote.public_id),
        }),
      });
      return { status: 'declined' as const, invoice_public_id: null, message: 'You declined this quote.' };
    },
    { summary: 'The customer declines a quote, with a reason; the owner is told' },
  );
}
