import { documentStrings, documentText } from '@duka/core';
import { clockOf } from '../../lib/clock';
import type { Module } from '../../lib/context';
import { routesOf } from '../../lib/route';
import { AppError } from '../../lib/errors';
import { isLoopback } from '../dev';
import { findByPublicId, loadParties } from '../invoices';
import { jobsOf } from '../jobs';
import { latestSms } from '../sms';
import { invoiceReminderView, setInvoiceReminders, stopByCustomer } from './invoice-reminders';
import { ownerRule, runDueReminders, sendReminderNow, setOwnerRule } from './service';

export const REMINDERS_JOB = 'reminders-due';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Payment reminders (issue 18): owner defaults, per-invoice rules, automatic sending (paid plans), one-tap sending, stop link. */
export const remindersRoutes: Module = (app, ctx) => {
  const clock = clockOf(ctx);
  jobsOf(ctx).define(
    REMINDERS_JOB,
    async () => {
      await runDueReminders(ctx, clock.now());
    },
    { cron: '* * * * *' },
  );
  const route = routesOf(app, ctx, 'reminders');

  route('GET /reminders/settings', async (request) => ownerRule(ctx, request.userId));
  route('PUT /reminders/settings', async (request) => setOwnerRule(ctx, request.userId, request.body));

  route('GET /invoices/:id/reminders', async (request) => invoiceReminderView(ctx, request.userId, request.params.id, clock.now()));
  route('PUT /invoices/:id/reminders', async (request) => {
    await setInvoiceReminders(ctx, request.userId, request.params.id, request.body);
    return invoiceReminderView(ctx, request.userId, request.params.id, clock.now());
  });
  route('POST /invoices/:id/reminders/send', async (request) => {
    await sendReminderNow(ctx, request.userId, request.params.id, request.body.channel, clock.now());
    return invoiceReminderView(ctx, request.userId, request.params.id, clock.now());
  });

  // The customer's stop link (in every reminder): plain words, no login. GET only shows a page with a button
  // (mail scanners and link previews open links); the button's POST stops the reminders.
  const stopPage = async (publicId: string, done: boolean) => {
    const row = await findByPublicId(ctx.db, publicId);
    if (done) await stopByCustomer(ctx, String(row.id), String(row.userId));
    // In the client's language, like the reminder that carried the link (issue 19).
    const { language, business } = await loadParties(ctx.db, String(row.userId), String(row.contactId));
    const S = documentStrings(language);
    const title = done ? S.reminderStoppedTitle : S.reminderStopAskTitle;
    const body = done
      ? `<p>${escapeHtml(S.reminderStoppedBody)}</p>`
      : `<p>${escapeHtml(documentText(language, 'reminderStopAskBody', { number: String(row.number), company: business.name }))}</p>` +
        `<form method="post"><button type="submit" style="font:inherit;padding:.6rem 1.2rem;min-height:44px">${escapeHtml(S.reminderStopButton)}</button></form>`;
    return `<!doctype html><html lang="${language}"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title><main style="font:16px system-ui;margin:2rem;max-width:36rem"><h1 style="font-size:1.25rem">${escapeHtml(title)}</h1>${body}</main></html>`;
  };
  route('GET /invoices/public/:public_id/reminders/stop', async (request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(await stopPage(request.params.public_id, false)),
  );
  route(
    'POST /invoices/public/:public_id/reminders/stop',
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await stopPage(request.params.public_id, true)),
    {
      // The page's form posts an empty urlencoded body: read (and ignored) only on this route.
      parsers: (scope) =>
        scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {})),
    },
  );

  // The SMS outbox over HTTP, as /dev/mailbox: DEV_MAILBOX=on, never in production, loopback clients only.
  if (ctx.config.nodeEnv !== 'production' && ctx.config.devMailbox) {
    route(
      'GET /dev/sms',
      async (request) => {
        if (!isLoopback(request.socket.remoteAddress)) throw new AppError('not_found', `No API route ${request.method} ${request.url}`);
        return { messages: await latestSms(ctx.db, request.query.limit) };
      },
      { tags: ['dev'] },
    );
  }
};
