import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { LIMITS } from './limits';

const { app } = await openTestApp({ rateLimits: true });

let ipCounter = 1;
const freshIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const uniq = () => randomUUID().replace(/-/g, '').slice(0, 10);

const post = (url: string, payload: Record<string, unknown>, ip: string) => app.inject({ method: 'POST', url, payload, remoteAddress: ip });

function expect429(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: { code: 'rate_limited', message: expect.stringMatching(/Too many attempts/) } });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('rate limits (RATE_LIMITS on)', () => {
  it('login: per account, whatever the IP', async () => {
    const u = await signUp(app);
    for (let i = 0; i < LIMITS.login.account.max; i++) {
      expect((await post('/api/user_token', { auth: { email: u.email, password: 'wrong password' } }, freshIp())).statusCode).toBe(401);
    }
    // Even the right password from a new IP is refused now; the key ignores case.
    expect429(await post('/api/user_token', { auth: { email: u.email.toUpperCase(), password: u.password } }, freshIp()));
    // Another account is not affected.
    const other = await signUp(app);
    expect((await post('/api/user_token', { auth: { email: other.email, password: other.password } }, freshIp())).statusCode).toBe(200);
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
      expect((await post('/api/users', { user: { name: 'R', username: 'x', email: `r${i}.${uniq()}@example.com`, password: 'long enough pw', country: 'Nigeria' } }, ip)).statusCode).toBe(400);
    }
    expect429(await post('/api/users', { user: { ...user(1), email: `other.${uniq()}@example.com` } }, ip));
  });

  it('iforgot: per account and per IP', async () => {
    const u = await signUp(app);
    for (let i = 0; i < LIMITS.iforgot.account.max; i++) expect((await post('/api/users/iforgot', { user: { email: u.email } }, freshIp())).statusCode).toBe(200);
    expect429(await post('/api/users/iforgot', { user: { email: u.email } }, freshIp()));
    const ip = freshIp();
    for (let i = 0; i < LIMITS.iforgot.ip.max; i++) expect((await post('/api/users/iforgot', { user: { email: `n${i}.${uniq()}@example.com` } }, ip)).statusCode).toBe(200);
    expect429(await post('/api/users/iforgot', { user: { email: `n.${uniq()}@example.com` } }, ip));
  });

  it('reset-password: per token and per IP', async () => {
    const token = `guess-${uniq()}`;
    for (let i = 0; i < LIMITS.reset.account.max; i++) expect((await post('/api/users/reset-password', { user: { token, password: 'long enough pw' } }, freshIp())).statusCode).toBe(422);
    expect429(await post('/api/users/reset-password', { user: { token, password: 'long enough pw' } }, freshIp()));
    const ip = freshIp();
    for (let i = 0; i < LIMITS.reset.ip.max; i++) expect((await post('/api/users/reset-password', { user: { token: `g${i}-${uniq()}`, password: 'long enough pw' } }, ip)).statusCode).toBe(422);
    expect429(await post('/api/users/reset-password', { user: { token: `g-${uniq()}`, password: 'long enough pw' } }, ip));
  });

  it('does not limit ordinary authenticated calls', async () => {
    const u = await signUp(app);
    for (let i = 0; i < 40; i++) expect((await app.inject({ method: 'GET', url: '/api/state', headers: u.auth })).statusCode).toBe(200);
  });
});
