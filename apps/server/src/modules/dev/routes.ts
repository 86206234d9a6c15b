import { isIP } from 'node:net';
import type { Module } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import { AppError } from '../../lib/errors';
import { latestMail } from '../mail';

/** True for 127.0.0.0/8, ::1 and ::ffff:127.x.y.z: the machine itself. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  if (isIP(a) === 4) return a.startsWith('127.');
  return a === '::1' || a === '0:0:0:0:0:0:0:1';
}

/**
 * The mail outbox over HTTP, for tests and development on one machine: only with DEV_MAILBOX=on, never in
 * production, and only for connections from the loopback interface (the socket's own address: no header,
 * not even with TRUST_PROXY, can make a remote request look local). Operators read the outbox with
 * `npm run mailbox` instead.
 */
export const devRoutes: Module = (app, ctx) => {
  if (ctx.config.nodeEnv === 'production' || !ctx.config.devMailbox) return;
  registerRoute(
    app,
    ctx,
    'GET /dev/mailbox',
    async (request) => {
      if (!isLoopback(request.socket.remoteAddress)) throw new AppError('not_found', `No API route ${request.method} ${request.url}`);
      return { messages: await latestMail(ctx.db, { to: request.query.to, limit: request.query.limit }) };
    },
    { tags: ['dev'], summary: 'Latest messages of the mail outbox, newest first (DEV_MAILBOX=on, not in production, loopback clients only)' },
  );
};
