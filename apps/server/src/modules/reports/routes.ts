import { businessToday, isIsoDay, periodError, reportAsOf, userTimeZone } from '@duka/core';
import { eq } from 'drizzle-orm';
import type { Module } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { agingPage } from './aging';
import { cashUpFor, saveTill } from './cashup';
import { reportSummary } from './service';
import { vatReturnFor } from './vat';
import { backfillVatLines } from './vat-backfill';

/** The dates a report may cover: a business's records start after 1900, and every later date is still a real one. */
const REPORT_EARLIEST = '1900-01-01';
const REPORT_LATEST = '2999-12-31';

/** A report's period: a real one (from ≤ to, at most 10 years), on dates the database can count with (issue 22). */
function assertReportPeriod(from: string, to: string): void {
  const problem = periodError({ from, to });
  if (problem) throw new AppError('bad_request', problem, { [isIsoDay(from) ? 'to' : 'from']: problem });
  // The period before it (same length, up to 10 years) must still be a date the database can count with.
  for (const [field, day] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (day < REPORT_EARLIEST || day > REPORT_LATEST) {
      const message = `Use dates between ${REPORT_EARLIEST} and ${REPORT_LATEST}`;
      throw new AppError('bad_request', message, { [field]: message });
    }
  }
}

/** GET /api/reports/summary?from&to&currency: Analytics figures from SQL aggregates (same maths as the device). */
export const reportsRoutes: Module = (app, ctx) => {
  /** The business's day (its time zone), as on the device: overdue is counted on it. */
  const businessDay = async (userId: string) => {
    const [u] = await ctx.db.select({ country: users.country, s: users.invoiceSettings }).from(users).where(eq(users.id, userId));
    return businessToday(new Date(), userTimeZone({ country: u?.country, invoice_settings: u?.s }));
  };
  // Documents saved before their VAT part was stored get it (issue 27), in the background once the server listens:
  // start-up does not wait (on PGlite each batch holds the one connection and the event loop, so before listen it
  // delayed the first answer by minutes at 50,000 invoices), and a VAT return of a period still missing one is
  // worked out in Node meanwhile (vat.ts). Once done it finds nothing through its partial index at the next start.
  app.addHook('onListen', async () => {
    void backfillVatLines(ctx.db, { batch: 100, pause: 20 }).then(
      (n) => n && app.log.info(`VAT parts of ${n} documents stored`),
      (err: unknown) => app.log.warn({ err }, 'VAT parts not backfilled (returns are worked out in Node meanwhile)'),
    );
  });
  registerRoute(
    app,
    ctx,
    'GET /reports/summary',
    async (request) => {
      const { from, to, currency } = request.query;
      assertReportPeriod(from, to);
      // Overdue is counted on the business's day (its time zone), as on the device.
      return reportSummary(ctx.db, request.userId, { from, to }, await businessDay(request.userId), currency);
    },
    {
      tags: ['reports'],
      summary: 'Analytics for a period: per-currency figures with the change against the previous period, months, categories, top clients, receivables aging',
      errors: [400, 401],
    },
  );

  registerRoute(
    app,
    ctx,
    'GET /reports/aging',
    async (request) => {
      const { from, to, currency, bucket, offset, limit } = request.query;
      assertReportPeriod(from, to);
      const asOf = reportAsOf({ from, to }, await businessDay(request.userId));
      return agingPage(ctx.db, request.userId, asOf, currency, bucket, offset, limit);
    },
    {
      tags: ['reports'],
      summary: 'All invoices of one receivables aging bucket of a period (the summary lists only the 20 largest), a page at a time, largest balance first',
      errors: [400, 401],
    },
  );

  registerRoute(
    app,
    ctx,
    'GET /reports/cash-up',
    async (request) => {
      const { date, currency } = request.query;
      const today = await businessDay(request.userId);
      const day = date ?? today;
      if (day > today) {
        const message = `${day} has not come yet: pick today (${today}) or an earlier day`;
        throw new AppError('bad_request', message, { date: message });
      }
      if (day < REPORT_EARLIEST) {
        const message = `Use a date from ${REPORT_EARLIEST} on`;
        throw new AppError('bad_request', message, { date: message });
      }
      return cashUpFor(ctx.db, request.userId, day, currency);
    },
    {
      tags: ['reports'],
      summary:
        "End-of-day cash-up for one business day (default today, in the business's time zone): sales made, money received and refunds paid out by payment method, cash expected in the drawer",
      errors: [400, 401],
    },
  );

  registerRoute(
    app,
    ctx,
    'PUT /reports/cash-up/till',
    async (request) => {
      const body = request.body;
      const today = await businessDay(request.userId);
      if (body.date > today) {
        const message = `${body.date} has not come yet: count the till of today (${today}) or an earlier day`;
        throw new AppError('bad_request', message, { date: message });
      }
      if (body.date < REPORT_EARLIEST) {
        const message = `Use a date from ${REPORT_EARLIEST} on`;
        throw new AppError('bad_request', message, { date: message });
      }
      return saveTill(ctx.db, request.userId, body);
    },
    {
      tags: ['reports'],
      summary:
        "Keeps one business day's till for a currency: the opening float the drawer started with and the cash counted at the close (null: not counted yet), in minor units; the cash-up then counts the float in the cash expected and shows the difference",
      errors: [400, 401],
    },
  );

  registerRoute(
    app,
    ctx,
    'GET /reports/vat',
    async (request) => {
      const { from, to, currency } = request.query;
      assertReportPeriod(from, to);
      return vatReturnFor(ctx.db, request.userId, { from, to }, currency);
    },
    {
      tags: ['reports'],
      summary:
        'VAT return for a period in one currency (default: the business currency): output tax by rate from invoices less credit notes, input tax from expenses, net payable',
      errors: [400, 401],
    },
  );
};
