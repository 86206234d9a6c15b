import { desc, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect';
import { mailOutbox } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { chargeOutbound } from '../../lib/outbound-quota';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  /**
   * Who the message is sent for: the account's id (counted in its outbound quota, deleted with it), with
   * platform: true for the platform's own mail to that account holder (password reset; per recipient only).
   */
  account: string | null;
  platform?: boolean;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** 'outbox' (stored in the database, not delivered) or 'smtp' (SMTP_URL). */
  readonly transport: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Typed access to the mailer other modules use (ctx.services.mail). */
export function getMailer(ctx: AppContext): Mailer {
  const mail = ctx.services.mail;
  if (!mail) throw new Error('the mail module is not registered');
  return mail;
}

function attachmentInfo(message: MailMessage) {
  return (message.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length }));
}

/**
 * Default transport (no SMTP_URL): keep every message in mail_outbox, undelivered. The operator reads it
 * with `npm run mailbox`; /api/dev/mailbox only with DEV_MAILBOX=on from the machine itself.
 */
export function createOutboxMailer(db: Db, log: FastifyBaseLogger, from: string): Mailer {
  return {
    transport: 'outbox',
    async send(message) {
      const attachments = attachmentInfo(message);
      await db
        .insert(mailOutbox)
        .values({ userId: message.account, to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, attachments });
      // Never the text: it may hold a password reset link or other secrets (read it with `npm run mailbox`).
      log.info(
        { mail: { from, to: message.to, subject: message.subject, attachments } },
        `mail kept in the outbox (not sent) to ${message.to}: ${message.subject}`,
      );
    },
    close() {},
  };
}

/** SMTP_URL (smtp://user:pass@host:587, smtps://… for TLS) → real delivery through nodemailer. */
export function createSmtpMailer(smtpUrl: string, log: FastifyBaseLogger, from: string): Mailer {
  // nodemailer is loaded on first use, so a server on the default outbox does not pay for it at start.
  let transporter: Promise<Transporter> | undefined;
  const open = () => (transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)));
  return {
    transport: 'smtp',
    async send(message) {
      const info = await (
        await open()
      ).sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
      });
      log.info({ mail: { to: message.to, subject: message.subject, messageId: info.messageId } }, `mail (smtp) sent to ${message.to}`);
    },
    close() {
      void transporter?.then((t) => t.close());
    },
  };
}

/** Every message is charged to the outbound quota (lib/outbound-quota) before it leaves, and given back if it did not. */
export function withOutboundQuota(ctx: AppContext, inner: Mailer): Mailer {
  return {
    transport: inner.transport,
    async send(message) {
      const refund = await chargeOutbound(ctx, 'mail', message.to, { account: message.account, platform: message.platform });
      try {
        await inner.send(message);
      } catch (err) {
        await refund().catch(() => undefined);
        throw err;
      }
    },
    close: () => inner.close(),
  };
}

export function createMailer(ctx: AppContext, log: FastifyBaseLogger): Mailer {
  const inner = ctx.config.smtpUrl ? createSmtpMailer(ctx.config.smtpUrl, log, ctx.config.mailFrom) : createOutboxMailer(ctx.db, log, ctx.config.mailFrom);
  return withOutboundQuota(ctx, inner);
}

export async function latestMail(db: Db, opts: { to?: string; limit: number }) {
  const query = db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .$dynamic();
  const rows = await (opts.to ? query.where(sql`lower(${mailOutbox.to}) = ${opts.to.trim().toLowerCase()}`) : query)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(opts.limit);
  return rows.map((r) => ({ to: r.to, subject: r.subject, text: r.text, created_at: r.createdAt.toISOString() }));
}

declare module '../../lib/context' {
  interface Services {
    mail?: Mailer;
  }
}
