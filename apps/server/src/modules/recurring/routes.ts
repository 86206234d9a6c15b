import { localDate } from '@duka/core';
import { clockOf } from '../../lib/clock';
import type { Module } from '../../lib/context';
import { routesOf } from '../../lib/route';
import { jobsOf } from '../jobs';
import { sendRecurringInvoice } from './send';
import { runDueRecurring } from './job';
import { createRecurring, deleteRecurring, getRecurring, listRecurring, occurrencesOf, updateRecurring } from './service';

/** The job that makes due recurring invoices; pg-boss sends it every minute (one process per tick). */
export const RECURRING_JOB = 'recurring-due';

/** Recurring invoices (issue 18): schedules made from an invoice; the invoices they make sync to devices. */
export const recurringRoutes: Module = (app, ctx) => {
  const clock = clockOf(ctx);
  jobsOf(ctx).define(
    RECURRING_JOB,
    async () => {
      await runDueRecurring(ctx, clock.now(), sendRecurringInvoice);
    },
    { cron: '* * * * *' },
  );

  const route = routesOf(app, ctx, 'recurring');

  route('GET /recurring-invoices', async (request) => ({
    records: await listRecurring(ctx.db, request.userId, request.query),
  }));

  route(
    'POST /recurring-invoices',
    async (request, reply) => {
      const record = await createRecurring(ctx, request.userId, request.body, clock.now());
      // A start date of today (or earlier) makes its first invoice now rather than at the next tick. Today is the
      // schedule's own day: from 21:00 UTC a Kenyan owner's today is UTC's tomorrow (CI failed on this at 22:20 UTC).
      if (record.next_date && record.next_date <= localDate(clock.now(), record.time_zone)) await jobsOf(ctx).send(RECURRING_JOB);
      return reply.status(201).send(record);
    },
    { status: [201] },
  );

  route('GET /recurring-invoices/:id', async (request) => getRecurring(ctx.db, request.userId, request.params.id));

  route('PATCH /recurring-invoices/:id', async (request) => updateRecurring(ctx, request.userId, request.params.id, request.body, clock.now()));

  route('DELETE /recurring-invoices/:id', async (request) => {
    await deleteRecurring(ctx.db, request.userId, request.params.id);
    return { message: 'Recurring invoice stopped. The invoices it made stay.' };
  });

  route('GET /recurring-invoices/:id/occurrences', async (request) => ({
    occurrences: await occurrencesOf(ctx.db, request.userId, request.params.id),
  }));
};
