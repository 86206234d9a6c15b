import { API_ROUTES, businessToday, isIsoDay, periodError, reportSummarySchema, userTimeZone } from '@duka/core';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Module } from '../../lib/context';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { errors } from '../accounts';
import { reportSummary } from './service';
import { vatReturnFor } from './vat';

/** The dates a report may cover: a business's records start after 1900, and every later date is still a real one. */
const REPORT_EARLIEST = '1900-01-01';
const REPORT_LATEST = '2999-12-31';

const query = z.object({
  from: z.string().max(10),
  to: z.string().max(10),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3,4}$/, 'Use a currency code like NGN')
    .optional(),
});

/** GET /api/reports/summary?from&to&currency: Analytics figures from SQL aggregates (same maths as the device). */
export const reportsRoutes: Module = (app, ctx) => {
  app.get(
    '/reports/summary',
    {
      preHandler: ctx.auth,
      schema: {
        tags: ['reports'],
        summary: 'Analytics for a period: per-currency figures with the change against the previous period, months, categories, top clients, receivables aging',
        security: [{ bearer: [] }],
        querystring: query,
        response: { 200: reportSummarySchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { from, to, currency } = request.query;
      const problem = periodError({ from, to });
      if (problem) throw new AppError('bad_request', problem, { [isIsoDay(from) ? 'to' : 'from']: problem });
      // The period before it (same length, up to 10 years) must still be a date the database can count with (issue 22).
      for (const [field, day] of [
        ['from', from],
        ['to', to],
      ] as const) {
        if (day < REPORT_EARLIEST || day > REPORT_LATEST) {
          const message = `Use dates between ${REPORT_EARLIEST} and ${REPORT_LATEST}`;
          throw new AppError('bad_request', message, { [field]: message });
        }
      }
      // Overdue is counted on the business's day (its time zone), as on the device.
      const [u] = await ctx.db.select({ country: users.country, s: users.invoiceSettings }).from(users).where(eq(users.id, request.userId));
      return reportSummary(
        ctx.db,
        request.userId,
        { from, to },
        businessToday(new Date(), userTimeZone({ country: u?.country, invoice_settings: u?.s })),
        currency,
      );
    },
  );

  const vat = API_ROUTES['GET /reports/vat'];
  app.get(
    '/reports/vat',
    {
      preHandler: ctx.auth,
      schema: {
        tags: ['reports'],
        summary: 'VAT return for a period in one currency: output tax by rate from invoices less credit notes, input tax from expenses, net payable',
        security: [{ bearer: [] }],
        querystring: vat.query,
        response: { 200: vat.response, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { from, to, currency } = request.query;
      const problem = periodError({ from, to });
      if (problem) throw new AppError('bad_request', problem, { [isIsoDay(from) ? 'to' : 'from']: problem });
      return vatReturnFor(ctx.db, request.userId, { from, to }, currency);
    },
  );
};
