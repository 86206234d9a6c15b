import type PgBoss from 'pg-boss';
import type { AppContext } from '../../lib/context';

/**
 * Background jobs on the application's own database with pg-boss (PostgreSQL, and PGlite through a small
 * adapter: PGlite runs one statement at a time, between the app's transactions). pg-boss keeps the cron
 * schedules (one process sends each tick, whatever the number of processes), retries and expiry; the work
 * itself claims rows with FOR UPDATE SKIP LOCKED so two processes never do the same occurrence twice.
 */
export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

interface Definition {
  name: string;
  cron?: string;
  handler: JobHandler;
}

export interface Jobs {
  /** Declares a queue (call while modules register). cron: pg-boss cron expression for a periodic tick. */
  define(name: string, handler: JobHandler, opts?: { cron?: string }): void;
  /** Queues a job now (no-op answer false when the queue is not running, e.g. in unit tests). */
  send(name: string, data?: Record<string, unknown>): Promise<boolean>;
  /** Runs a job's handler in this process, now (tests, the development clock route). */
  runNow(name: string, data?: Record<string, unknown>): Promise<void>;
  readonly running: boolean;
}

export function jobsOf(ctx: AppContext): Jobs {
  const jobs = ctx.services.jobs;
  if (!jobs) throw new Error('the jobs module is not registered');
  return jobs;
}

/** The options of every cron tick (compared with the stored schedule at start-up, see ensureSchedules). */
const TICK_OPTIONS = { retryLimit: 0, expireInMinutes: 10 };

/**
 * Makes the queues of `defs` that the database does not have yet, and (re)writes a cron schedule only when it is
 * missing or differs (issue 27: re-creating every queue and schedule at every start cost 0.2–1.4 s of start-up).
 */
async function ensureQueues(b: PgBoss, defs: Definition[]): Promise<void> {
  const queues = new Set((await b.getQueues()).map((q) => q.name));
  // Rows of pgboss.schedule (its type leaves out the timezone column).
  const schedules = new Map((await b.getSchedules()).map((s) => [s.name, s as PgBoss.Schedule & { timezone?: string }]));
  for (const def of defs) {
    if (!queues.has(def.name)) await b.createQueue(def.name);
    if (!def.cron) continue;
    const stored = schedules.get(def.name);
    const same =
      stored &&
      stored.cron === def.cron &&
      stored.timezone === 'UTC' &&
      JSON.stringify(stored.data ?? {}) === '{}' &&
      Object.entries(TICK_OPTIONS).every(([k, v]) => (stored.options as Record<string, unknown> | undefined)?.[k] === v);
    if (!same) await b.schedule(def.name, def.cron, {}, TICK_OPTIONS);
  }
}

/** How long after the app is ready the queue starts: the first requests are answered before it loads and starts. */
export const JOBS_START_DELAY_MS = 300;

export function createJobs(
  ctx: AppContext,
  log: { error: (o: unknown, msg?: string) => void; info: (msg: string) => void },
): Jobs & { start(): Promise<void>; startSoon(): void; stop(): Promise<void> } {
  const defs = new Map<string, Definition>();
  /** This process's worker of each queue: a job sent here wakes it at once instead of at its next poll (2 s). */
  const workers = new Map<string, string>();
  let boss: PgBoss | null = null;
  /** The queue's start, from the moment it was asked for (jobs sent meanwhile wait for it, none is dropped). */
  let starting: Promise<void> | null = null;
  /** Ends startSoon's wait early (start() or stop()). */
  let wake: (() => void) | null = null;
  let stopped = false;

  async function begin(): Promise<void> {
    // Loaded here, not with the server's modules: pg-boss (and node-postgres under it) cost 0.3 s of start-up under load.
    const { default: Boss } = await import('pg-boss');
    const b = new Boss({
      db: { executeSql: (text: string, values: unknown[]) => ctx.database.execute(text, values) },
      schema: 'pgboss',
      supervise: true,
      schedule: true,
      // Finished jobs are kept a day (enough to look into a problem), then archived and dropped.
      archiveCompletedAfterSeconds: 24 * 3600,
      deleteAfterDays: 7,
    });
    b.on('error', (err) => log.error(err, 'job queue error'));
    await b.start();
    await ensureQueues(b, [...defs.values()]);
    for (const def of defs.values()) {
      const worker = await b.work(def.name, { pollingIntervalSeconds: 2 }, async (batch) => {
        for (const job of batch) await def.handler((job.data ?? {}) as Record<string, unknown>);
      });
      workers.set(def.name, worker);
    }
    boss = b;
    if (stopped) {
      // Stopped while starting: stop() waits for this start, then stops the queue.
      return;
    }
    log.info(`job queue started ${Math.round(performance.now())} ms after the process began (${[...defs.keys()].join(', ')})`);
  }

  const jobs = {
    define(name: string, handler: JobHandler, opts: { cron?: string } = {}) {
      defs.set(name, { name, handler, cron: opts.cron });
    },
    async send(name: string, data: Record<string, unknown> = {}) {
      if (!boss && starting) await starting.catch(() => undefined);
      if (!boss) return false;
      await boss.send(name, data, { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInMinutes: 10 });
      // Issue 26: a pushed invoice is fiscalised in about the authority's answer time, not after the worker's next poll.
      const worker = workers.get(name);
      if (worker) boss.notifyWorker(worker);
      return true;
    },
    async runNow(name: string, data: Record<string, unknown> = {}) {
      const def = defs.get(name);
      if (!def) throw new Error(`unknown job ${name}`);
      await def.handler(data);
    },
    /** True from the moment the queue is asked to start (jobs sent before it runs wait for it). */
    get running() {
      return boss !== null || starting !== null;
    },
    /** Starts the queue now (or at once if startSoon is waiting); resolves when it runs. */
    start(): Promise<void> {
      if (!defs.size || stopped) return Promise.resolve();
      wake?.();
      starting ??= begin();
      return starting;
    },
    /**
     * Starts the queue JOBS_START_DELAY_MS from now (issue 27: after the port is open, so the first requests do not
     * wait for pg-boss to load and start). Jobs sent meanwhile wait for the start; a failure is logged.
     */
    startSoon() {
      if (!defs.size || stopped || starting) return;
      const delay = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, JOBS_START_DELAY_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      starting = delay.then(() => {
        wake = null;
        return stopped ? undefined : begin();
      });
      starting.catch((err: unknown) => log.error(err, 'the job queue could not start'));
    },
    async stop() {
      stopped = true;
      wake?.();
      if (starting) await starting.catch(() => undefined);
      const b = boss;
      boss = null;
      starting = null;
      workers.clear();
      if (b) await b.stop({ graceful: true, wait: true, timeout: 5000 }).catch(() => undefined);
    },
  };
  return jobs;
}

export interface QueueLag {
  /** Seconds the oldest job ready to run has waited (0: none waits); null when the queue was never started on this database. */
  lagSeconds: number | null;
  /** Jobs ready to run and not yet taken. */
  waiting: number;
  /** Seconds since a job last finished (null: none yet). */
  sinceLastCompletedSeconds: number | null;
}

/**
 * The job queue's lag as the database shows it (issue 27), whichever process runs the queue (a worker, or
 * this one): how long the oldest ready job has waited, and how long since one finished. A worker that is
 * down shows as a growing lag (pg-boss's cron ticks keep arriving) or, with no process at all, a growing
 * time since the last completed job (the minute's reminders tick finishes every minute otherwise).
 */
export async function queueLag(ctx: AppContext, now = new Date()): Promise<QueueLag> {
  try {
    const { rows } = await ctx.database.execute(
      `select count(*) filter (where state in ('created', 'retry') and start_after <= $1::timestamptz) as waiting,
              min(start_after) filter (where state in ('created', 'retry') and start_after <= $1::timestamptz) as oldest,
              max(completed_on) as completed
       from pgboss.job where state <> 'cancelled'`,
      [now.toISOString()],
    );
    const r = rows[0] ?? {};
    const secs = (v: unknown) => (v ? Math.max(0, Math.round((now.getTime() - new Date(v as string).getTime()) / 100) / 10) : null);
    return { lagSeconds: secs(r.oldest) ?? 0, waiting: Number(r.waiting ?? 0), sinceLastCompletedSeconds: secs(r.completed) };
  } catch {
    // No pgboss schema: the queue never ran on this database.
    return { lagSeconds: null, waiting: 0, sinceLastCompletedSeconds: null };
  }
}

declare module '../../lib/context' {
  interface Services {
    jobs?: Jobs;
  }
}
