import { z } from 'zod';
import type { Module } from '../../lib/context';
import { type QueueLag, queueLag } from '../jobs';

const healthResponse = z.object({
  status: z.literal('ok'),
  /** The job queue as the database shows it (issue 27), whichever process runs it. */
  jobs: z.object({
    /** This process runs the queue (false with JOBS=off: a worker, `npm run worker`, should). */
    running_here: z.boolean(),
    /** Seconds the oldest ready job has waited; null when no process ever ran the queue on this database. */
    lag_seconds: z.number().nullable(),
    waiting: z.number(),
    since_last_completed_seconds: z.number().nullable(),
  }),
});

/** Read at most every 5 s however often the health check is polled. */
const CACHE_MS = 5_000;

export const healthRoutes: Module = (app, ctx) => {
  let cached: { at: number; lag: Promise<QueueLag> } | null = null;
  app.get('/health', { schema: { tags: ['system'], summary: "Liveness, and the job queue's lag (issue 27)", response: { 200: healthResponse } } }, async () => {
    const now = Date.now();
    if (!cached || now - cached.at > CACHE_MS) cached = { at: now, lag: queueLag(ctx) };
    const lag = await cached.lag;
    const running = (ctx.services.jobs as { running?: boolean } | undefined)?.running ?? false;
    return {
      status: 'ok' as const,
      jobs: { running_here: running, lag_seconds: lag.lagSeconds, waiting: lag.waiting, since_last_completed_seconds: lag.sinceLastCompletedSeconds },
    };
  });
};
