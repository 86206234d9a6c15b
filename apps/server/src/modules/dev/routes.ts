import { z } from 'zod';
import type { Module } from '../../lib/context';
import { latestMail } from '../mail/service';

const mailboxQuery = z.object({
  to: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional().default(20),
});

const mailboxResponse = z.object({
  messages: z.array(z.object({ to: z.string(), subject: z.string(), text: z.string(), created_at: z.string() })),
});

/** Development helpers; not registered when NODE_ENV is production. */
export const devRoutes: Module = (app, ctx) => {
  if (ctx.config.nodeEnv === 'production') return;
  app.get(
    '/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Latest messages of the mail outbox, newest first (not in production)',
        querystring: mailboxQuery,
        response: { 200: mailboxResponse },
      },
    },
    async (request) => ({ messages: await latestMail(ctx.db, { to: request.query.to, limit: request.query.limit }) }),
  );
};
