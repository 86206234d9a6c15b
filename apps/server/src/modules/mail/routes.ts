import type { Module } from '../../lib/context';
import { createMailer, getMailer } from './service';

/** Mail: registers ctx.services.mail (outbox by default, SMTP with SMTP_URL). */
export const mailRoutes: Module = (app, ctx) => {
  ctx.services.mail = createMailer(ctx, app.log);
  app.addHook('onClose', async () => {
    getMailer(ctx).close();
  });
};
