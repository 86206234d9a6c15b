import { clockOf } from '../../lib/clock';
import type { Module } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import { AppError } from '../../lib/errors';
import { isLoopback } from '../dev';
import { ANALYZE_JOB, analyzeAfterWrites, pgliteMaintenance } from './analyze';
import { createJobs } from './queue';

/**
 * The job queue (pg-boss on the app's database), started when the app is ready and stopped on close.
 * Config `jobs` (JOBS=off) turns it off, e.g. in unit tests that run the jobs' functions themselves.
 */
export const jobsRoutes: Module = (app, ctx) => {
  const jobs = createJobs(ctx, app.log);
  ctx.services.jobs = jobs;
  const cronJobs: string[] = [];
  const define = jobs.define.bind(jobs);
  jobs.define = (name, handler, opts) => {
    if (opts?.cron) cronJobs.push(name);
    define(name, handler, opts);
  };
  // PGlite has no autovacuum: its planner statistics are kept by this, after big writes and every 5 minutes, and its
  // dead rows are reclaimed every 5 minutes.
  if (ctx.database.kind === 'pglite') {
    const maintain = pgliteMaintenance(ctx, app.log);
    jobs.define(ANALYZE_JOB, async () => void (await maintain()), { cron: '*/5 * * * *' });
    const afterWrites = analyzeAfterWrites(ctx, app.log);
    ctx.registry.afterMutations.push(() => afterWrites());
    // A run waiting for its turn would otherwise fire after the database has closed.
    app.addHook('preClose', async () => afterWrites.stop());
  }
  // Started just after the app is ready, in the background (issue 27: pg-boss's loading and start were up to 1.4 s
  // of start-up before the port opened); jobs sent meanwhile wait for it.
  if (ctx.config.jobs) app.addHook('onReady', async () => jobs.startSoon());
  // preClose: the queue stops (waiting for a running job) before the database closes.
  app.addHook('preClose', () => jobs.stop());

  // Development and tests: move this process's clock and run the periodic jobs at once. As /dev/mailbox:
  // only with DEV_MAILBOX=on, never in production, from the machine itself.
  if (ctx.config.nodeEnv === 'production' || !ctx.config.devMailbox) return;
  registerRoute(
    app,
    ctx,
    'POST /dev/clock',
    async (request) => {
      if (!isLoopback(request.socket.remoteAddress)) throw new AppError('not_found', `No API route ${request.method} ${request.url}`);
      const clock = clockOf(ctx);
      clock.set(request.body.now ? new Date(request.body.now) : null);
      for (const name of cronJobs) await jobs.runNow(name);
      return { now: clock.now().toISOString(), ran: cronJobs };
    },
    { tags: ['dev'], summary: "Sets this process's clock and runs the periodic jobs now (DEV_MAILBOX=on, not in production, loopback clients only)" },
  );
};
