import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { twoServerProcesses } from '../test/server-process';

/**
 * Issue 13 item 4: with several processes on one PostgreSQL the limits hold across them (the rate_limits
 * table), both the login back-off and the per-address route limits (one limiter, lib/rate-limit.ts), also
 * under concurrent requests (issue 27). Two real server processes with RATE_LIMITS on; PostgreSQL only (TEST_DATABASE_URL), as PGlite
 * is one process per data directory by design.
 */
const url = process.env.TEST_DATABASE_URL;
// One trusted proxy in front (the test itself): each request names its client address in X-Forwarded-For.
const { bases } = twoServerProcesses('limits-two-processes', { RATE_LIMITS: 'on', TRUST_PROXY: '1' });

const run = `${Math.floor(Math.random() * 250) + 1}`;
let next = 0;
/** A client address of this run (the per-address counters of earlier runs stay in the table). */
const address = () => `10.${run}.${Math.floor(next / 250)}.${(next++ % 250) + 1}`;

async function post(base: string, p: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address(), ...headers },
    body: JSON.stringify(body),
  });
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
    // 5 wrong passwords from one address spread over both processes (and both names of the account)…
    const ip = { 'x-forwarded-for': address() };
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await post(i % 2 ? b : a, '/user_token', { auth: { email: i % 2 ? user.email : user.username, password: `wrong ${i}` } }, ip)).status);
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    // …and each process now makes that address wait, even for the right password.
    for (const base of [a, b]) {
      const res = await post(base, '/user_token', { auth: { email: user.username, password: user.password } }, ip);
      expect(res.status).toBe(429);
      expect(Number(res.retryAfter)).toBeGreaterThan(0);
    }
  });

  it('issue 27: 1,000 concurrent logins, right and wrong, on both processes: no 5xx, and the limits still hold', async () => {
    const [a, b] = bases;
    const suffix = randomUUID().slice(0, 8);
    const accounts = Array.from({ length: 50 }, (_, i) => ({
      name: 'Shop',
      username: `con_${suffix}_${i}`,
      email: `con.${suffix}.${i}@example.com`,
      password: 'correct horse battery',
      country: 'Kenya',
    }));
    for (const [i, user] of accounts.entries()) expect((await post(i % 2 ? b : a, '/users', { user })).status).toBe(201);
    // Per account, 20 logins at once from one address over both processes: successes clear the address's
    // back-off while failures count it (the race that answered 500 "reading 'resetAt'" before).
    const statuses = await Promise.all(
      accounts.flatMap((user, i) => {
        const ip = { 'x-forwarded-for': address() };
        return Array.from({ length: 20 }, (_, k) =>
          post(
            (i + k) % 2 ? b : a,
            '/user_token',
            { auth: { email: k % 2 ? user.email : user.username, password: k % 3 ? user.password : `wrong ${k}` } },
            ip,
          ).then((r) => r.status),
        );
      }),
    );
    expect(statuses).toHaveLength(1000);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.every((s) => s === 200 || s === 401 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);

    // The back-off holds under concurrency: 20 wrong passwords at once from one address, both processes:
    // exactly the 5 free ones reach the password check.
    // A fresh account: the accounts above used up some of their account-wide allowance for unknown devices.
    const target = { ...accounts[0], username: `con_${suffix}_burst`, email: `con.${suffix}.burst@example.com` };
    expect((await post(a, '/users', { user: target })).status).toBe(201);
    const ip = { 'x-forwarded-for': address() };
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, k) =>
        post(k % 2 ? b : a, '/user_token', { auth: { email: target.email, password: `burst ${k}` } }, ip).then((r) => r.status),
      ),
    );
    expect(burst.filter((s) => s === 401)).toHaveLength(5);
    expect(burst.filter((s) => s === 429)).toHaveLength(15);

    // The per-address route limit (30 logins per 5 minutes) holds across both processes at once.
    const one = { 'x-forwarded-for': address() };
    const flood = await Promise.all(
      Array.from({ length: 40 }, (_, k) =>
        post(k % 2 ? b : a, '/user_token', { auth: { email: `nobody.${suffix}.${k}@example.com`, password: 'whatever pw' } }, one).then((r) => r.status),
      ),
    );
    expect(flood.filter((s) => s === 401)).toHaveLength(30);
    expect(flood.filter((s) => s === 429)).toHaveLength(10);
  }, 180_000);

  it('per-account route limits (password reset requests) are shared too', async () => {
    const [a, b] = bases;
    const email = `nobody.${randomUUID().slice(0, 8)}@example.com`;
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await post(i % 2 ? b : a, '/users/iforgot', { user: { email } })).status);
    // 3 per 15 minutes per account, whichever process answers.
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
