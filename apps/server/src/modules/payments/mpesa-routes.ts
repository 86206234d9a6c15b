import { mpesaAvailabilityResponse, mpesaStartBody, mpesaStartResponse, mpesaStatusResponse } from '@duka/core';
import { z } from 'zod';
import { clockOf } from '../../lib/clock';
import type { Module } from '../../lib/context';
import { mpesaAvailability, mpesaCallback, startStkPush, stkStatus } from './mpesa-service';

const params = z.object({ public_id: z.string().min(1).max(100) });
const item = z.object({ Name: z.string().max(100), Value: z.union([z.string().max(200), z.number()]).optional() });
/** Daraja's callback body (Body.stkCallback). */
const callbackBody = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string().max(100),
      CheckoutRequestID: z.string().min(1).max(100),
      ResultCode: z.coerce.number().int(),
      ResultDesc: z.string().max(500),
      CallbackMetadata: z.object({ Item: z.array(item).max(20) }).optional(),
    }),
  }),
});

/** M-Pesa STK Push on the public pay page of a KES invoice, and Daraja's callback. */
export const mpesaRoutes: Module = async (app, ctx) => {
  const tags = ['payments'];

  app.get(
    '/invoices/link/:public_id/mpesa',
    {
      config: ctx.config.rateLimits ? { rateLimit: { max: 30, timeWindow: '1 minute' } } : {},
      schema: { tags, params, response: { 200: mpesaAvailabilityResponse } },
    },
    async (request) => mpesaAvailability(ctx, request.params.public_id),
  );

  app.post(
    '/invoices/link/:public_id/mpesa',
    {
      config: ctx.config.rateLimits ? { rateLimit: { max: 10, timeWindow: '1 minute' } } : {},
      schema: {
        tags,
        params,
        body: mpesaStartBody,
        response: { 200: mpesaStartResponse },
      },
    },
    async (request) => startStkPush(ctx, request.params.public_id, request.body.phone, undefined, request.body.amount),
  );

  app.get(
    '/invoices/link/:public_id/mpesa/:checkout_request_id',
    {
      config: ctx.config.rateLimits ? { rateLimit: { max: 120, timeWindow: '1 minute' } } : {},
      schema: {
        tags,
        params: params.extend({ checkout_request_id: z.string().min(1).max(100) }),
        response: { 200: mpesaStatusResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return stkStatus(ctx, request.params.public_id, request.params.checkout_request_id, clockOf(ctx).now(), (detail, message) =>
        request.log.warn(detail, message),
      );
    },
  );

  app.post(
    '/webhooks/mpesa/:token',
    {
      config: ctx.config.rateLimits ? { rateLimit: { max: 30, timeWindow: '1 minute' } } : {},
      schema: {
        tags,
        params: z.object({ token: z.string().min(20).max(100) }),
        body: callbackBody,
        response: { 200: z.object({ ResultCode: z.literal(0), ResultDesc: z.string(), duplicate: z.boolean() }) },
      },
    },
    async (request) => {
      const r = await mpesaCallback(ctx, request.params.token, request.body.Body.stkCallback, clockOf(ctx).now());
      return { ResultCode: 0 as const, ResultDesc: 'Accepted', duplicate: r.duplicate };
    },
  );
};
