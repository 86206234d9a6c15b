import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { client, upsert } from '../sync/test-utils';
import { jobsOf, queueLag } from '../jobs';

/** Issue 27: /api/metrics (Prometheus, METRICS_TOKEN) and the job queue's lag on /api/health. */
const TOKEN = 'metrics-token-for-tests';
const { app, ctx } = await openTestApp({ metricsToken: TOKEN, jobs: true });

describe('metrics', () => {
  it('without METRICS_TOKEN there is no metrics route', async () => {
    const plain = await openTestApp();
    const res = await plain.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });

  it('needs the token, then counts requests per route with their p95, sync mutations, job lag and pool state', async () => {
    // The queue starts in the background just after the app is ready: its lag is known once it runs (on PostgreSQL
    // the start can take longer than this test's first requests).
    await (jobsOf(ctx) as ReturnType<typeof jobsOf> & { start(): Promise<void> }).start();
    expect((await app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const user = await signUp(app);
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/api/state', headers: user.auth })).statusCode).toBe(200);
    const pushed = await client(app, user).push([1, 2, 3, 4].map((n) => upsert('contacts', randomUUID(), { name: `Client ${n}` })));
    expect(pushed.status).toBe(200);

    const res = await app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain('duka_http_requests_total{method="GET",route="/api/state",status="2xx"} 3');
    expect(text).toMatch(/duka_http_request_duration_seconds\{method="GET",route="\/api\/state",quantile="0.95"\} \d/);
    expect(text).toContain('duka_http_request_duration_seconds_count{method="GET",route="/api/state"} 3');
    expect(text).toContain('duka_http_requests_total{method="GET",route="/api/metrics",status="4xx"} 2');
    expect(text).toContain('duka_sync_mutations_total 4');
    expect(text).toMatch(/duka_job_queue_lag_seconds \d/);
    expect(text).toContain('duka_job_queue_running_here 1');
    if (ctx.database.kind === 'postgres') expect(text).toMatch(/duka_db_pool_waits_total \d+/);
    // Every sample line is "name{labels} number" (what Prometheus parses).
    for (const line of text.trim().split('\n')) if (!line.startsWith('#')) expect(line).toMatch(/^[a-z_]+(\{[^}]*\})? -?\d+(\.\d+)?(e-?\d+)?$/);
  });

  it('health reports the lag of a job left waiting while no process runs the queue', async () => {
    const jobs = jobsOf(ctx) as ReturnType<typeof jobsOf> & { start(): Promise<void>; stop(): Promise<void> };
    expect(jobs.running).toBe(true);
    // The queue starts in the background just after the app is ready: its tables exist once it runs.
    await jobs.start();
    await jobs.stop();
    await ctx.database.execute(`insert into pgboss.job (name, data, start_after) values ('reminders-due', '{}'::jsonb, now() - interval '42 seconds')`);
    const lag = await queueLag(ctx);
    expect(lag.lagSeconds).toBeGreaterThanOrEqual(42);
    expect(lag.waiting).toBeGreaterThanOrEqual(1);
    const health = (await app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(health.status).toBe('ok');
    expect(health.jobs.running_here).toBe(false);
    expect(health.jobs.lag_seconds).toBeGreaterThanOrEqual(42);
  });
});
