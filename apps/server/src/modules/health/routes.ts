import type { Module } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import { type QueueLag, queueLag } from '../jobs';

/** Read at most every 5 s however often the health check is polled. */
const CACHE_MS = 5_000;

export const healthRoutes: Module = (app, ctx) => {
  let cached: { at: number; lag: Promise<QueueLag> } | null = null;
  registerRoute(
    app,
    ctx,
    'GET /health',
    async () => {
      const now = Date.now();
      if (!cached || now - cached.at > CACHE_MS) cached = { at: now, lag: queueLag(ctx) };
      const lag = await cached.lag;
      const running = (ctx.services.jobs as { running?: boolean } | undefined)?.running ?? false;
      return {
        status: 'ok' as const,
        jobs: { running_here: running, lag_seconds: lag.lagSeconds, waiting: lag.waiting, since_last_completed_seconds: lag.sinceLastCompletedSeconds },
      };
    },
    { tags: ['system'], summary: "Liveness, and the job queue's lag (issue 27)" },
  );
};
