import type { Module } from '../../lib/context';
import { routesOf } from '../../lib/route';
import { draftOrder } from './service';

/** Issue 29: an order in words → a draft for review (nothing is saved here). */
export const ordersRoutes: Module = (app, ctx) => {
  const route = routesOf(app, ctx, 'orders');
  route('POST /orders/draft', async (request) => draftOrder(ctx.db, ctx.config, request.userId, request.body.text), {
    config: ctx.config.rateLimits ? { rateLimit: { max: 30, timeWindow: '1 minute' } } : {},
    summary: 'Reads an order in words into a draft invoice: by the model when AI_BASE_URL is set, else (or when it fails) by core’s parser',
    errors: [400, 401],
  });
};
