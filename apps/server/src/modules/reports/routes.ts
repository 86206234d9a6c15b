import { businessToday, isIsoDay, periodError, reportSummarySchema, userTimeZone } from '@duka/core';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Module } from '../../lib/context';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { errors } from '../accounts';
import { reportSummary } from './service';

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
};
