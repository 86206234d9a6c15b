import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { twoServerProcesses } from '../test/server-process';

/**
 * Issue 13 item 4: with several processes on one PostgreSQL the limits hold across them (the rate_limits
 * table), both the account back-off on logins and the @fastify/rate-limit route limits (its store is the
 * same table). Two real server processes with RATE_LIMITS on; PostgreSQL only (TEST_DATABASE_URL), as PGlite
 * is one process per data directory by design.
 */
const url = process.env.TEST_DATABASE_URL;
beforeAll(async () => {
  if (!url) return;
  // Address-keyed counters left by an earlier run on this database would count against this one.
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`delete from rate_limits where key like 'route:%127.0.0.1%'`).catch(() => undefined);
  await c.end();
});
const { bases } = twoServerProcesses('limits-two-processes', { RATE_LIMITS: 'on' });

async function post(base: string, p: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, retryAfter: res.headers.get('retry-after') };
}

describe.skipIf(!url)('rate limits across two server processes on one PostgreSQL', () => {
  it('the login back-off of an account counts attempts made on either process', async () => {
    const [a, b] = bases;
    const suffix = randomUUID().slice(0, 8);
    const user = {
      name: 'Two Shops',
      username: `lim_${suffix}`,
      email: `lim.${suffix}@example.com`,
      password: 'correct horse battery',
      company_name: 'Two',
      country: 'Kenya',
    };
    expect((await post(a, '/users', { user })).status).toBe(201);
    // 5 wrong passwords spread over both processes (and both names of the account)…
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await post(i % 2 ? b : a, '/user_token', { auth: { email: i % 2 ? user.email : user.username, password: `wrong ${i}` } })).status);
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    // …and each process now makes the account wait, even for the right password.
    for (const base of [a, b]) {
      const res = await post(base, '/user_token', { auth: { email: user.username, password: user.password } });
      expect(res.status).toBe(429);
      expect(Number(res.retryAfter)).toBeGreaterThan(0);
    }
  });

  it('per-account route limits (password reset requests) are shared too', async () => {
    const [a, b] = bases;
    const email = `nobody.${randomUUID().slice(0, 8)}@example.com`;
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await post(i % 2 ? b : a, '/users/iforgot', { user: { email } })).status);
    // 3 per 15 minutes per account, whichever process answers.
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
