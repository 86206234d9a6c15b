import { PROVIDER_CALLBACKS } from '@duka/core';
import { clockOf } from '../../lib/clock';
import type { Module } from '../../lib/context';
import { routesOf } from '../../lib/route';
import { mpesaAvailability, mpesaCallback, startStkPush, stkStatus } from './mpesa-service';

/** M-Pesa STK Push on the public pay page of a KES invoice, and Daraja's callback. */
export const mpesaRoutes: Module = async (app, ctx) => {
  const route = routesOf(app, ctx, 'payments');

  route('GET /invoices/link/:public_id/mpesa', async (request) => mpesaAvailability(ctx, request.params.public_id), {
    config: ctx.config.rateLimits ? { rateLimit: { max: 30, timeWindow: '1 minute' } } : {},
  });

  route(
    'POST /invoices/link/:public_id/mpesa',
    async (request) => startStkPush(ctx, request.params.public_id, request.body.phone, undefined, request.body.amount),
    { config: ctx.config.rateLimits ? { rateLimit: { max: 10, timeWindow: '1 minute' } } : {} },
  );

  route(
    'GET /invoices/link/:public_id/mpesa/:checkout_request_id',
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return stkStatus(ctx, request.params.public_id, request.params.checkout_request_id, clockOf(ctx).now(), (detail, message) =>
        request.log.warn(detail, message),
      );
    },
    { config: ctx.config.rateLimits ? { rateLimit: { max: 120, timeWindow: '1 minute' } } : {} },
  );

  route(
    PROVIDER_CALLBACKS.mpesa,
    async (request) => {
      const r = await mpesaCallback(ctx, request.params.token, request.body.Body.stkCallback, clockOf(ctx).now());
      return { ResultCode: 0 as const, ResultDesc: 'Accepted', duplicate: r.duplicate };
    },
    { config: ctx.config.rateLimits ? { rateLimit: { max: 30, timeWindow: '1 minute' } } : {} },
  );
};
