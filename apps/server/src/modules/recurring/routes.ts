import { messageResponse, recurringCreateSchema, recurringOccurrenceSchema, recurringRecordSchema, recurringUpdateSchema } from '@duka/core';
import { z } from 'zod';
import { clockOf } from '../../lib/clock';
import type { Module } from '../../lib/context';
import { jobsOf } from '../jobs';
import { sendRecurringInvoice } from './send';
import { createRecurring, deleteRecurring, getRecurring, listRecurring, occurrencesOf, runDueRecurring, updateRecurring } from './service';

const idParams = z.object({ id: z.uuid('Must be a UUID') });
const listQuery = z.object({ invoice_id: z.uuid('Must be a UUID').optional() });

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

  const auth = { preHandler: ctx.auth };
  const tags = ['recurring'];
  const security = [{ bearer: [] }];

  app.get(
    '/recurring-invoices',
    { ...auth, schema: { tags, security, querystring: listQuery, response: { 200: z.object({ records: z.array(recurringRecordSchema) }) } } },
    async (request) => ({
      records: await listRecurring(ctx.db, request.userId, request.query),
    }),
  );

  app.post(
    '/recurring-invoices',
    { ...auth, schema: { tags, security, body: recurringCreateSchema, response: { 201: recurringRecordSchema } } },
    async (request, reply) => {
      const record = await createRecurring(ctx, request.userId, request.body, clock.now());
      // A start date of today (or earlier) makes its first invoice now rather than at the next tick.
      if (record.next_date && record.next_date <= clock.now().toISOString().slice(0, 10)) await jobsOf(ctx).send(RECURRING_JOB);
      return reply.status(201).send(record);
    },
  );

  app.get('/recurring-invoices/:id', { ...auth, schema: { tags, security, params: idParams, response: { 200: recurringRecordSchema } } }, async (request) =>
    getRecurring(ctx.db, request.userId, request.params.id),
  );

  app.patch(
    '/recurring-invoices/:id',
    { ...auth, schema: { tags, security, params: idParams, body: recurringUpdateSchema, response: { 200: recurringRecordSchema } } },
    async (request) => updateRecurring(ctx, request.userId, request.params.id, request.body, clock.now()),
  );

  app.delete('/recurring-invoices/:id', { ...auth, schema: { tags, security, params: idParams, response: { 200: messageResponse } } }, async (request) => {
    await deleteRecurring(ctx.db, request.userId, request.params.id);
    return { message: 'Recurring invoice stopped. The invoices it made stay.' };
  });

  app.get(
    '/recurring-invoices/:id/occurrences',
    { ...auth, schema: { tags, security, params: idParams, response: { 200: z.object({ occurrences: z.array(recurringOccurrenceSchema) }) } } },
    async (request) => ({ occurrences: await occurrencesOf(ctx.db, request.userId, request.params.id) }),
  );
};
