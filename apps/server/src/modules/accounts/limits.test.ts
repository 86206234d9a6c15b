import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { eq } from 'drizzle-orm';
import { parseTrustProxy } from '../../config';
import { rateLimits } from '../../db/schema';
import { attempt, limitAddress, RateLimited } from '../../lib/rate-limit';
import { LIMITS, PASSWORD_BACKOFF, UNKNOWN_DEVICE_BACKOFF } from './limits';

const { app, ctx } = await openTestApp({ rateLimits: true });

// Addresses of this run only (on PostgreSQL the counters of earlier runs are still in the table).
const runA = randomInt(0, 256);
const runB = randomInt(0, 200);
let ipCounter = 1;
const freshIp = () => `10.${runA}.${runB + Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const uniq = () => randomUUID().replace(/-/g, '').slice(0, 10);

const post = (url: string, payload: Record<string, unknown>, ip: string) => app.inject({ method: 'POST', url, payload, remoteAddress: ip });

function expect429(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: { code: 'rate_limited', message: expect.stringMatching(/Too many attempts/) } });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('rate limits (RATE_LIMITS on)', () => {
  it('login: one back-off per account (username and e-mail alike) and address, and a wider one per account for unknown devices', async () => {
    const u = await signUp(app, {}, { remoteAddress: freshIp() });
    const ip = freshIp();
    // 5 free attempts from one address, alternating the username and the e-mail: one bucket.
    for (let i = 0; i < PASSWORD_BACKOFF.free; i++) {
      const login = i % 2 ? u.username : u.email;
      expect((await post('/api/user_token', { auth: { email: login, password: 'wrong password' } }, ip)).statusCode).toBe(401);
    }
    // Then even the right password from that address waits; the key ignores case.
    const waiting = await post('/api/user_token', { auth: { email: u.email.toUpperCase(), password: u.password } }, ip);
    expect429(waiting);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(Math.ceil(PASSWORD_BACKOFF.baseMs / 1000));
    // The owner elsewhere is not kept out by that address (issue 22 item 5)…
    const home = await post('/api/user_token', { auth: { email: u.username, password: u.password } }, freshIp());
    expect(home.statusCode).toBe(200);
    // …and a success does not clear the failing address's wait.
    expect429(await post('/api/user_token', { auth: { email: u.username, password: u.password } }, ip));
    // Failures from many addresses add up per account, for devices that never logged in: 20 free, then waits.
    // (5 failures from the first address and the one success from home counted so far.)
    for (let i = PASSWORD_BACKOFF.free + 1; i < UNKNOWN_DEVICE_BACKOFF.free; i++)
      expect((await post('/api/user_token', { auth: { email: u.email, password: 'wrong password' } }, freshIp())).statusCode).toBe(401);
    expect429(await post('/api/user_token', { auth: { email: u.email, password: u.password } }, freshIp()));
    // The device that logged in before (its cookie) still gets in.
    const cookie = String(home.headers['set-cookie']).split(';')[0];
    const known = await app.inject({
      method: 'POST',
      url: '/api/user_token',
      payload: { auth: { email: u.email, password: u.password } },
      remoteAddress: freshIp(),
      headers: { cookie },
    });
    expect(known.statusCode).toBe(200);
    // Another account is not affected.
    const other = await signUp(app, {}, { remoteAddress: freshIp() });
    expect((await post('/api/user_token', { auth: { email: other.email, password: other.password } }, freshIp())).statusCode).toBe(200);
  });

  it('login back-off grows with each failure, is capped, and is forgotten after a quiet hour (no lasting lock-out)', async () => {
    const key = `password:test-${uniq()}`;
    const t0 = Date.parse('2026-01-01T00:00:00Z');
    const at = (ms: number) => new Date(t0 + ms);
    let now = 0;
    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      await attempt(ctx.db, key, PASSWORD_BACKOFF, at(now));
      const [row] = await ctx.db.select().from(rateLimits).where(eq(rateLimits.key, key));
      expect(row.hits).toBe(i + 1);
      const wait = row.blockedUntil ? row.blockedUntil.getTime() - (t0 + now) : 0;
      waits.push(wait / 1000);
      if (wait) {
        // Refused until the wait is over, then allowed.
        await expect(attempt(ctx.db, key, PASSWORD_BACKOFF, at(now + wait - 1))).rejects.toBeInstanceOf(RateLimited);
        now += wait;
      }
    }
    expect(waits.slice(0, PASSWORD_BACKOFF.free - 1)).toEqual([0, 0, 0, 0]);
    expect(waits.slice(PASSWORD_BACKOFF.free - 1, PASSWORD_BACKOFF.free + 3)).toEqual([2, 4, 8, 16]);
    expect(Math.max(...waits)).toBe(PASSWORD_BACKOFF.capMs / 1000);
    // An hour after the last attempt, the account starts afresh.
    now += PASSWORD_BACKOFF.forgetMs + 1;
    for (let i = 0; i < PASSWORD_BACKOFF.free - 1; i++) await attempt(ctx.db, key, PASSWORD_BACKOFF, at(now));
  });

  it('X-Forwarded-For is ignored unless TRUST_PROXY names the proxy', async () => {
    // 40 logins from one socket address with rotating forwarded addresses: limited like one client.
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/user_token',
        payload: { auth: { email: `xff${i}.${uniq()}@example.com`, password: 'whatever pw' } },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': freshIp() },
      });
      codes.push(res.statusCode);
    }
    expect(codes.filter((c) => c === 429)).toHaveLength(40 - LIMITS.login.ip.max);

    // Behind one trusted proxy, the client address is the forwarded one.
    const proxied = await openTestApp({ rateLimits: true, trustProxy: parseTrustProxy('1') });
    const echo: number[] = [];
    for (let i = 0; i < LIMITS.login.ip.max + 5; i++) {
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/user_token',
        payload: { auth: { email: `p${i}.${uniq()}@example.com`, password: 'whatever pw' } },
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': freshIp() },
      });
      echo.push(res.statusCode);
    }
    expect(echo.every((c) => c === 401)).toBe(true);
  });

  it('an IPv6 client is limited by its /64: changing address within it on every request dodges nothing', async () => {
    const net = `2001:db8:${runA.toString(16)}:${runB.toString(16)}`;
    const codes: number[] = [];
    for (let i = 0; i < LIMITS.login.ip.max + 5; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/user_token',
        payload: { auth: { email: `v6${i}.${uniq()}@example.com`, password: 'whatever pw' } },
        remoteAddress: `${net}:${randomInt(1, 65535).toString(16)}:${i.toString(16)}::${(i + 1).toString(16)}`,
      });
      codes.push(res.statusCode);
    }
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    // A neighbour on another /64 is not held up.
    const other = await post(
      '/api/user_token',
      { auth: { email: `v6n.${uniq()}@example.com`, password: 'whatever pw' } },
      `2001:db8:${runA.toString(16)}:${(runB + 1).toString(16)}::1`,
    );
    expect(other.statusCode).toBe(401);
    expect(limitAddress('2001:DB8:0:1:2:3:4:5')).toBe('2001:db8:0:1::/64');
    expect(limitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(limitAddress('192.0.2.7')).toBe('192.0.2.7');
  });

  it('TRUST_PROXY values', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('off')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(() => parseTrustProxy('true')).toThrow(/any client/);
    expect(() => parseTrustProxy('10.0.0.0/40')).toThrow(/not an IP address/);
    expect(() => parseTrustProxy('proxy.local')).toThrow(/not an IP address/);
  });

  it('login: per IP, whatever the account', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMITS.login.ip.max; i++) {
      expect((await post('/api/user_token', { auth: { email: `x${i}.${uniq()}@example.com`, password: 'whatever pw' } }, ip)).statusCode).toBe(401);
    }
    expect429(await post('/api/user_token', { auth: { email: `y.${uniq()}@example.com`, password: 'whatever pw' } }, ip));
    // The same request from another address goes through.
    expect((await post('/api/user_token', { auth: { email: `y.${uniq()}@example.com`, password: 'whatever pw' } }, freshIp())).statusCode).toBe(401);
  });

  it('register: per e-mail and per IP', async () => {
    const email = `reg.${uniq()}@example.com`;
    const user = (n: number) => ({ name: 'Reg', username: `reg_${uniq()}${n}`, email, password: 'long enough pw', country: 'Nigeria' });
    const codes: number[] = [];
    for (let i = 0; i < LIMITS.register.account.max; i++) codes.push((await post('/api/users', { user: user(i) }, freshIp())).statusCode);
    expect(codes).toEqual([201, ...Array(LIMITS.register.account.max - 1).fill(409)]);
    expect429(await post('/api/users', { user: user(99) }, freshIp()));

    const ip = freshIp();
    for (let i = 0; i < LIMITS.register.ip.max; i++) {
      expect(
        (
          await post(
            '/api/users',
            { user: { name: 'R', username: 'x', email: `r${i}.${uniq()}@example.com`, password: 'long enough pw', country: 'Nigeria' } },
            ip,
          )
        ).statusCode,
      ).toBe(400);
    }
    expect429(await post('/api/users', { user: { ...user(1), email: `other.${uniq()}@example.com` } }, ip));
  });

  it('iforgot: per account and per IP', async () => {
    const u = await signUp(app, {}, { remoteAddress: freshIp() });
    for (let i = 0; i < LIMITS.iforgot.account.max; i++)
      expect((await post('/api/users/iforgot', { user: { email: u.email } }, freshIp())).statusCode).toBe(200);
    expect429(await post('/api/users/iforgot', { user: { email: u.email } }, freshIp()));
    const ip = freshIp();
    for (let i = 0; i < LIMITS.iforgot.ip.max; i++)
      expect((await post('/api/users/iforgot', { user: { email: `n${i}.${uniq()}@example.com` } }, ip)).statusCode).toBe(200);
    expect429(await post('/api/users/iforgot', { user: { email: `n.${uniq()}@example.com` } }, ip));
  });

  it('reset-password: per token and per IP', async () => {
    const token = `guess-${uniq()}`;
    for (let i = 0; i < LIMITS.reset.account.max; i++)
      expect((await post('/api/users/reset-password', { user: { token, password: 'long enough pw' } }, freshIp())).statusCode).toBe(422);
    expect429(await post('/api/users/reset-password', { user: { token, password: 'long enough pw' } }, freshIp()));
    const ip = freshIp();
    for (let i = 0; i < LIMITS.reset.ip.max; i++)
      expect((await post('/api/users/reset-password', { user: { token: `g${i}-${uniq()}`, password: 'long enough pw' } }, ip)).statusCode).toBe(422);
    expect429(await post('/api/users/reset-password', { user: { token: `g-${uniq()}`, password: 'long enough pw' } }, ip));
  });

  it('does not limit ordinary authenticated calls', async () => {
    const u = await signUp(app, {}, { remoteAddress: freshIp() });
    for (let i = 0; i < 40; i++) expect((await app.inject({ method: 'GET', url: '/api/state', headers: u.auth })).statusCode).toBe(200);
  });
});
