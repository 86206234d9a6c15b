import { rmSync } from 'node:fs';
import type { Server } from 'node:net';
import type { Module } from '../../lib/context';
import { operatorSocketPath, startOperatorSocket } from './operator-socket';
import { warnAboutPublicUrl } from './public-url';
import { createMailer, getMailer } from './service';

export const NO_SMTP_WARNING = [
  '',
  '*****************************************************************************************',
  '  NO SMTP_URL: e-mails (password reset links, invoices) are NOT delivered.',
  '  They are kept in the database outbox. Read them with:  npm run mailbox',
  '  (add -- --to someone@example.com to filter). Set SMTP_URL=smtp://user:pass@host:587 to send.',
  '*****************************************************************************************',
  '',
].join('\n');

/** Mail: registers ctx.services.mail (outbox by default, SMTP with SMTP_URL). */
export const mailRoutes: Module = (app, ctx) => {
  ctx.services.mail = createMailer(ctx, app.log);
  if (!ctx.config.smtpUrl && ctx.config.nodeEnv !== 'test' && ctx.config.logLevel !== 'silent') {
    // Loud on purpose: without SMTP nobody receives password resets or invoices until the operator acts.
    // Plain text on stderr, whatever LOG_LEVEL says, so it stands out from the JSON log lines.
    app.addHook('onReady', async () => {
      console.warn(NO_SMTP_WARNING);
    });
  }
  if (ctx.config.nodeEnv !== 'test' && ctx.config.logLevel !== 'silent') warnAboutPublicUrl(app, ctx.config);
  // On the embedded database (its files under DATA_DIR), `npm run mailbox` reads the outbox through the server.
  if (!ctx.config.databaseUrl) {
    let socket: Server | undefined;
    app.addHook('onReady', async () => {
      socket = await startOperatorSocket(ctx.db, ctx.config.dataDir, app.log);
    });
    app.addHook('onClose', async () => {
      if (socket) await new Promise((r) => socket?.close(r));
      rmSync(operatorSocketPath(ctx.config.dataDir), { force: true });
    });
  }
  app.addHook('onClose', async () => {
    getMailer(ctx).close();
  });
};
