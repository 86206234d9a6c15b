import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { subscriptions } from '../db/schema';
import type { AppContext } from '../lib/context';
import type { ServedRoute } from '../app';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  /** Every route the app serves. */
  routes: ServedRoute[];
}

/**
 * One app (and one database) per test file: opening PGlite costs seconds. Tests stay independent by
 * each making its own users (signUp), never by sharing rows.
 */
export async function openTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const config = testConfig({ rateLimits: false, ...overrides });
  const { app, ctx, routes } = await buildApp(config);
  await app.ready();
  afterAll(async () => {
    await app.close();
  });
  return { app, ctx, config, routes };
}

/**
 * For what the server does when it starts (start-up rewrites): `open()` starts an app on this file's own database
 * (a PGlite data directory, or TEST_DATABASE_URL), again each time, as a restarted server would. The caller closes it.
 */
export function reopenableApp(name: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `duka-${name}-`));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  return async () => {
    const { app, ctx } = await buildApp(testConfig({ databaseUrl: process.env.TEST_DATABASE_URL || undefined, dataDir, rateLimits: false, jobs: false }));
    await app.ready();
    return { app, ctx };
  };
}

export interface SignedUp {
  token: string;
  userId: string;
  username: string;
  email: string;
  password: string;
  auth: { authorization: string };
}

/**
 * A random private address for tests with RATE_LIMITS on: on PostgreSQL the limit counters outlive a run and
 * are shared by test files running at once, so each file (or call) counts under its own client address.
 */
export function randomIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** Registers a fresh user through the API and returns its token. */
export async function signUp(app: FastifyInstance, extra: Record<string, unknown> = {}, opts: { remoteAddress?: string } = {}): Promise<SignedUp> {
  const suffix = randomUUID().replace(/-/g, '').slice(0, 10);
  const user = {
    name: 'Ada Obi',
    username: `ada_${suffix}`,
    email: `ada.${suffix}@example.com`,
    password: 'correct horse battery',
    company_name: 'Ada Stores',
    country: 'Nigeria',
    ...extra,
  };
  const res = await app.inject({ method: 'POST', url: '/api/users', payload: { user }, ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}) });
  if (res.statusCode !== 201) throw new Error(`sign up failed: ${res.statusCode} ${res.body}`);
  const token = res.json().token as string;
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  return { token, userId: payload.sub, username: user.username, email: user.email, password: user.password, auth: { authorization: `Bearer ${token}` } };
}

/** A paid plan as the plans module records it (the yearly naira plan, paid up to `until`): reminders and the other paid features run. */
export async function givePaidPlan(ctx: AppContext, userId: string, until = '2032-01-01T00:00:00Z'): Promise<void> {
  await ctx.db.insert(subscriptions).values({
    userId,
    plan: 'ng-yearly',
    status: 'active',
    provider: 'test',
    currentPeriodEnd: new Date(until),
    amount: 1_400_000,
    currency: 'NGN',
    months: 1,
    lastEventAt: new Date(),
  });
}
