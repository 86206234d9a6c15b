import { createHash, timingSafeEqual } from 'node:crypto';
import type { Module } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import { AppError } from '../../lib/errors';
import { renderMetrics } from '../../lib/metrics';
import { queueLag } from '../jobs';

const digest = (v: string) => createHash('sha256').update(v).digest();

/**
 * GET /api/metrics (issue 27): Prometheus text format, for `Authorization: Bearer <METRICS_TOKEN>` only.
 * Without METRICS_TOKEN the route does not exist (404), so an install never exposes it by accident.
 */
export const metricsRoutes: Module = (app, ctx) => {
  const token = ctx.config.metricsToken;
  const metrics = ctx.services.metrics;
  if (!token || !metrics) return;
  const expected = digest(`Bearer ${token}`);
  registerRoute(
    app,
    ctx,
    'GET /metrics',
    async (request, reply) => {
      const given = digest(request.headers.authorization ?? '');
      if (!timingSafeEqual(given, expected)) throw new AppError('unauthorized', 'A valid metrics token is required');
      const lag = await queueLag(ctx);
      const running = (ctx.services.jobs as { running?: boolean } | undefined)?.running ?? false;
      reply.type('text/plain; version=0.0.4; charset=utf-8');
      return renderMetrics(metrics, { jobs: { ...lag, runningHere: running }, pool: ctx.database.pool?.(), queue: ctx.database.queue?.() });
    },
    {
      tags: ['system'],
      summary: 'Prometheus metrics of this process (request rate, p95 per route, sync mutations, job lag, pool waits); needs METRICS_TOKEN as a bearer token',
    },
  );
};
