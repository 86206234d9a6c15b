import { apiPath } from '@duka/core';
import type { FastifyInstance } from 'fastify';

/**
 * Request metrics of this process for /api/metrics (issue 27), kept in memory: a counter per method, route
 * and status class, and per route the last 1,024 durations (the p95 is read from them), plus the count of
 * sync mutations pushed. Cheap on the request path: one map lookup and an array write per response.
 */
const RESERVOIR = 1024;

interface RouteStats {
  method: string;
  route: string;
  count: number;
  sum: number;
  recent: Float64Array;
  filled: number;
  statuses: Map<string, number>;
}

export interface Metrics {
  routes: Map<string, RouteStats>;
  syncMutations: number;
  startedAt: number;
}

export function p95(stats: RouteStats): number {
  const values = Array.from(stats.recent.subarray(0, Math.min(stats.filled, RESERVOIR))).sort((a, b) => a - b);
  if (!values.length) return 0;
  return values[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)];
}

/** The sync push route as Fastify names it (its mutations are counted). */
const SYNC_PUSH = apiPath('POST /sync/push');

/** Adds the hooks to the root app (before the routes), so every route of every module is measured. */
export function collectMetrics(app: FastifyInstance): Metrics {
  const metrics: Metrics = { routes: new Map(), syncMutations: 0, startedAt: Date.now() };
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${route}`;
    let stats = metrics.routes.get(key);
    if (!stats) {
      stats = { method: request.method, route, count: 0, sum: 0, recent: new Float64Array(RESERVOIR), filled: 0, statuses: new Map() };
      metrics.routes.set(key, stats);
    }
    const seconds = reply.elapsedTime / 1000;
    stats.count++;
    stats.sum += seconds;
    stats.recent[stats.filled++ % RESERVOIR] = seconds;
    const status = `${Math.floor(reply.statusCode / 100)}xx`;
    stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
    if (route === SYNC_PUSH && reply.statusCode === 200) {
      const mutations = (request.body as { mutations?: unknown[] } | undefined)?.mutations;
      if (Array.isArray(mutations)) metrics.syncMutations += mutations.length;
    }
  });
  return metrics;
}

const label = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/** The Prometheus text exposition format (version 0.0.4). */
export function renderMetrics(
  metrics: Metrics,
  extra: {
    jobs: { lagSeconds: number | null; waiting: number; sinceLastCompletedSeconds: number | null; runningHere: boolean };
    pool?: { max: number; total: number; idle: number; waiting: number; waits: number };
    /** PGlite's one connection (db/pglite-queue.ts). */
    queue?: { waiting: number; waits: number; calls: number; waitMs: number; runMs: number; maxWaitMs: number; maxRunMs: number };
  },
): string {
  const out: string[] = [];
  const help = (name: string, type: string, text: string) => out.push(`# HELP ${name} ${text}`, `# TYPE ${name} ${type}`);
  help('duka_http_requests_total', 'counter', 'HTTP requests answered, by method, route and status class.');
  for (const s of metrics.routes.values())
    for (const [status, n] of s.statuses) out.push(`duka_http_requests_total{method="${label(s.method)}",route="${label(s.route)}",status="${status}"} ${n}`);
  help('duka_http_request_duration_seconds', 'summary', 'Response time by route: p95 of the last 1024 requests, with sum and count of all.');
  for (const s of metrics.routes.values()) {
    const l = `method="${label(s.method)}",route="${label(s.route)}"`;
    out.push(`duka_http_request_duration_seconds{${l},quantile="0.95"} ${p95(s)}`);
    out.push(`duka_http_request_duration_seconds_sum{${l}} ${s.sum}`);
    out.push(`duka_http_request_duration_seconds_count{${l}} ${s.count}`);
  }
  help('duka_sync_mutations_total', 'counter', 'Mutations received by accepted sync pushes.');
  out.push(`duka_sync_mutations_total ${metrics.syncMutations}`);
  help('duka_job_queue_lag_seconds', 'gauge', 'Seconds the oldest ready background job has waited (-1: the queue never ran on this database).');
  out.push(`duka_job_queue_lag_seconds ${extra.jobs.lagSeconds ?? -1}`);
  help('duka_job_queue_waiting', 'gauge', 'Background jobs ready to run and not yet taken.');
  out.push(`duka_job_queue_waiting ${extra.jobs.waiting}`);
  help('duka_job_queue_since_last_completed_seconds', 'gauge', 'Seconds since a background job last finished (-1: none yet).');
  out.push(`duka_job_queue_since_last_completed_seconds ${extra.jobs.sinceLastCompletedSeconds ?? -1}`);
  help('duka_job_queue_running_here', 'gauge', '1 when this process runs the job queue.');
  out.push(`duka_job_queue_running_here ${extra.jobs.runningHere ? 1 : 0}`);
  if (extra.pool) {
    help('duka_db_pool_connections', 'gauge', 'PostgreSQL pool connections by state.');
    out.push(`duka_db_pool_connections{state="total"} ${extra.pool.total}`, `duka_db_pool_connections{state="idle"} ${extra.pool.idle}`);
    help('duka_db_pool_max', 'gauge', 'DATABASE_POOL_SIZE.');
    out.push(`duka_db_pool_max ${extra.pool.max}`);
    help('duka_db_pool_waiting', 'gauge', 'Queries waiting for a free connection now.');
    out.push(`duka_db_pool_waiting ${extra.pool.waiting}`);
    help('duka_db_pool_waits_total', 'counter', 'Connection requests that found every connection busy and had to wait.');
    out.push(`duka_db_pool_waits_total ${extra.pool.waits}`);
  }
  if (extra.queue) {
    const q = extra.queue;
    help('duka_db_connection_waiting', 'gauge', 'Embedded database: calls waiting for its one connection now.');
    out.push(`duka_db_connection_waiting ${q.waiting}`);
    help('duka_db_connection_calls_total', 'counter', 'Embedded database: calls run.');
    out.push(`duka_db_connection_calls_total ${q.calls}`);
    help('duka_db_connection_waits_total', 'counter', 'Embedded database: calls that found the connection busy and had to wait.');
    out.push(`duka_db_connection_waits_total ${q.waits}`);
    help('duka_db_connection_wait_seconds_total', 'counter', 'Embedded database: time calls waited for the connection.');
    out.push(`duka_db_connection_wait_seconds_total ${q.waitMs / 1000}`);
    help('duka_db_connection_busy_seconds_total', 'counter', 'Embedded database: time calls held the connection.');
    out.push(`duka_db_connection_busy_seconds_total ${q.runMs / 1000}`);
    help('duka_db_connection_max_wait_seconds', 'gauge', 'Embedded database: the longest wait for the connection since the process began.');
    out.push(`duka_db_connection_max_wait_seconds ${q.maxWaitMs / 1000}`);
    help(
      'duka_db_connection_max_busy_seconds',
      'gauge',
      'Embedded database: the longest one call held the connection (and the thread) since the process began.',
    );
    out.push(`duka_db_connection_max_busy_seconds ${q.maxRunMs / 1000}`);
  }
  help('duka_process_uptime_seconds', 'gauge', 'Seconds since this process started.');
  out.push(`duka_process_uptime_seconds ${Math.round((Date.now() - metrics.startedAt) / 1000)}`);
  help('duka_process_resident_memory_bytes', 'gauge', 'Resident memory of this process.');
  out.push(`duka_process_resident_memory_bytes ${process.memoryUsage().rss}`);
  return `${out.join('\n')}\n`;
}
