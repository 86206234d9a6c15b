import {
  RAILS,
  railParams,
  railStartBody,
  railStartResponse,
  railStatusParams,
  railStatusResponse,
  referenceParams,
  testPhoneActionParams,
  testPhoneActionResponse,
  testPhoneView,
  type RailId,
} from '@duka/core';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { invoices, paymentIntents, testRailPrompts, users } from '../../../db/schema';
import type { Module } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { TEST_RAIL } from './adapter';
import { airtelCallback, chapaWebhook, flutterwaveWebhook, paynowResult, railCallback, railStatus, startRail } from './service';
import { testOperatorId } from './test-rail';

/**
 * The public page's mobile-money and hosted rails (issue 25): POST /invoices/link/{public_id}/rails/{rail},
 * GET …/{reference} (polled), the providers' callbacks POST|PUT /webhooks/rails/{provider}/{token}, and the TEST
 * MODE phone: GET /test-phone/{reference}, POST /test-phone/{reference}/{approve|decline|timeout}.
 */
export const railRoutes: Module = async (app, ctx) => {
  const tags = ['payments'];
  const limit = (max: number): { rateLimit?: { max: number; timeWindow: string } } =>
    ctx.config.rateLimits ? { rateLimit: { max, timeWindow: '1 minute' } } : {};

  app.post(
    '/invoices/link/:public_id/rails/:rail',
    { config: limit(10), schema: { tags, params: railParams, body: railStartBody, response: { 200: railStartResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return startRail(ctx, request.params.public_id, request.params.rail, request.body ?? {});
    },
  );

  app.get(
    '/invoices/link/:public_id/rails/:rail/:reference',
    { config: limit(240), schema: { tags, params: railStatusParams, response: { 200: railStatusResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { public_id, rail, reference } = request.params;
      return railStatus(ctx, public_id, rail, reference, (detail, message) => request.log.warn(detail, message));
    },
  );

  const callback = {
    config: limit(60),
    schema: {
      tags,
      params: z.object({ provider: z.string().min(1).max(40), token: z.string().min(20).max(100) }),
      body: z.record(z.string(), z.unknown()).optional(),
      response: { 200: z.object({ status: z.string() }) },
    },
  };
  const onCallback = async (request: {
    params: { provider: string; token: string };
    body?: Record<string, unknown>;
    log: { warn: (d: object, m: string) => void };
  }) => railCallback(ctx, request.params.provider, request.params.token, request.body ?? {}, (d, m) => request.log.warn(d, m));
  app.post('/webhooks/rails/:provider/:token', callback, onCallback);
  app.put('/webhooks/rails/:provider/:token', callback, onCallback);
  // Chapa calls its callback_url with a GET (?trx_ref=…&status=…): a hint like the others.
  app.get(
    '/webhooks/rails/:provider/:token',
    { config: callback.config, schema: { tags, params: callback.schema.params, response: callback.schema.response } },
    async (request) => railCallback(ctx, request.params.provider, request.params.token, {}, (d, m) => request.log.warn(d, m)),
  );

  app.post(
    '/webhooks/flutterwave',
    {
      config: limit(120),
      schema: { tags, body: z.record(z.string(), z.unknown()), response: { 200: z.object({ status: z.string() }) } },
    },
    async (request) => flutterwaveWebhook(ctx, request.headers['verif-hash'], request.body, (d, m) => request.log.warn(d, m)),
  );

  app.post(
    '/webhooks/airtel',
    { config: limit(120), schema: { tags, body: z.record(z.string(), z.unknown()), response: { 200: z.object({ status: z.string() }) } } },
    async (request) => airtelCallback(ctx, request.body, (d, m) => request.log.warn(d, m)),
  );

  // Chapa signs the raw body: its own scope keeps the body as bytes.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // Paynow calls its result URL url-encoded, with a hash over the fields.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => done(null, body));
    scope.post(
      '/webhooks/rails/paynow/:token',
      { config: limit(60), schema: { tags, params: z.object({ token: z.string().min(20).max(100) }), response: { 200: z.object({ status: z.string() }) } } },
      async (request) => paynowResult(ctx, (request.params as { token: string }).token, String(request.body ?? ''), (d, m) => request.log.warn(d, m)),
    );
    scope.post('/webhooks/chapa', { config: limit(120), schema: { tags, response: { 200: z.object({ status: z.string() }) } } }, async (request) =>
      chapaWebhook(ctx, request.body as Buffer, request.headers['x-chapa-signature'] ?? request.headers['chapa-signature'], (d, m) => request.log.warn(d, m)),
    );
  });

  // ---- TEST MODE: the test provider's phone ----
  async function prompt(reference: string) {
    const [p] = await ctx.db.select().from(testRailPrompts).where(eq(testRailPrompts.reference, reference));
    const [intent] = p
      ? await ctx.db
          .select()
          .from(paymentIntents)
          .where(and(eq(paymentIntents.id, reference), eq(paymentIntents.provider, TEST_RAIL)))
      : [];
    if (!p || !intent) throw new AppError('not_found', 'This test prompt was not found. Start the payment again on the invoice page.');
    return { p, intent };
  }

  app.get(
    '/test-phone/:reference',
    { config: limit(120), schema: { tags, params: referenceParams, response: { 200: testPhoneView } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { p, intent } = await prompt(request.params.reference);
      const [inv] = await ctx.db.select({ publicId: invoices.publicId, number: invoices.number }).from(invoices).where(eq(invoices.id, intent.invoiceId));
      const [owner] = await ctx.db.select({ name: users.name, company: users.companyName }).from(users).where(eq(users.id, intent.userId));
      const rail = p.rail as RailId;
      return {
        reference: p.reference,
        rail,
        rail_name: RAILS[rail]?.name ?? rail,
        business: owner?.company || owner?.name || '',
        number: inv?.number ?? '',
        amount: Number(p.amount),
        currency: p.currency,
        phone: p.phone,
        status: p.status as 'pending' | 'approved' | 'declined' | 'timed_out',
        public_id: inv?.publicId ?? '',
        test_mode: true as const,
      };
    },
  );

  app.post(
    '/test-phone/:reference/:action',
    { config: limit(30), schema: { tags, params: testPhoneActionParams, response: { 200: testPhoneActionResponse } } },
    async (request) => {
      // The test provider runs only where TEST MODE rails are offered (never on a production server without PAYMENTS_TEST_MODE=on).
      if (ctx.config.nodeEnv === 'production' && !ctx.config.paymentsTestMode) throw new AppError('not_found', 'TEST MODE is off on this server');
      const { p } = await prompt(request.params.reference);
      const status = ({ approve: 'approved', decline: 'declined', timeout: 'timed_out' } as const)[request.params.action];
      if (p.status !== 'pending') throw new AppError('conflict', 'This prompt was already answered');
      const operatorId = status === 'approved' ? testOperatorId() : null;
      const done = await ctx.db
        .update(testRailPrompts)
        .set({ status, operatorId })
        .where(and(eq(testRailPrompts.reference, p.reference), eq(testRailPrompts.status, 'pending')))
        .returning({ reference: testRailPrompts.reference });
      if (!done.length) throw new AppError('conflict', 'This prompt was already answered');
      // The callback MTN MoMo sends (a hint: Duka asks the test provider for the status before recording anything).
      const res = await app.inject({
        method: 'PUT',
        url: p.callbackPath,
        payload: {
          externalId: p.reference,
          financialTransactionId: operatorId,
          amount: String(p.amount),
          currency: p.currency,
          payer: { partyIdType: 'MSISDN', partyId: p.phone },
          status: status === 'approved' ? 'SUCCESSFUL' : 'FAILED',
          reason: status === 'approved' ? undefined : status === 'declined' ? 'APPROVAL_REJECTED' : 'EXPIRED',
        },
      });
      if (res.statusCode !== 200) request.log.warn({ status: res.statusCode, body: res.body }, 'test rail callback refused');
      return { status };
    },
  );
};
