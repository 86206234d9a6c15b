import type { Module } from '../../lib/context';
import { routesOf } from '../../lib/route';
import { userLimit } from '../../lib/user-limits';
import { readReceipt } from './receipt-read';
import { draftOrder } from './service';

/** Issue 29: an order in words → a draft for review (nothing is saved here). */
export const ordersRoutes: Module = (app, ctx) => {
  const route = routesOf(app, ctx, 'orders');
  route('POST /orders/draft', async (request) => draftOrder(ctx.db, ctx.config, request.userId, request.body.text), {
    config: ctx.config.rateLimits ? { rateLimit: { max: 30, timeWindow: '1 minute' } } : {},
    preHandler: userLimit(ctx, 'readings'),
    summary: 'Reads an order in words into a draft invoice: by the model when AI_BASE_URL is set, else (or when it fails) by core’s parser',
    errors: [400, 401],
  });
  // Issue 29: a receipt photo → a draft expense for review. The photo travels as a data: URL (a 1600 px JPEG).
  route('POST /expenses/receipt-read', async (request) => readReceipt(ctx.db, ctx.config, request.userId, request.body.image, request.body.text), {
    tags: ['expenses'],
    bodyLimit: 4_500_000,
    preHandler: userLimit(ctx, 'readings'),
    config: ctx.config.rateLimits ? { rateLimit: { max: 20, timeWindow: '1 minute' } } : {},
    summary:
      'Reads a receipt photo into a draft expense: by the vision model when AI_BASE_URL and AI_VISION_MODEL are set, else (or when it fails) by core’s reader on the device’s OCR text',
    errors: [400, 401, 413],
  });
};
