import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer, type ServerProcess, startServerProcess } from '../../test/server-process';
import { PASSWORD_BACKOFF, UNKNOWN_DEVICE_BACKOFF } from './limits';

/**
 * Issue 22 item 5 against a real server process (PGlite; PostgreSQL with TEST_DATABASE_URL), RATE_LIMITS on,
 * behind one trusted proxy (TRUST_PROXY=1) so each request names its client address in X-Forwarded-For.
 * Five attacker addresses keep sending wrong passwords for the owner's account; the owner's phone, which
 * logged in before, still gets in every time; a new device of the owner is throttled, asks for a mailed
 * login link, logs in with it once, and is then a known device too. The attackers stay throttled.
 */
let server: ServerProcess;
let dataDir: string;
let remove = () => undefined as void;
beforeAll(async () => {
  const bundle = await bundleServer('lockout');
  remove = bundle.remove;
  dataDir = mkdtempSync(path.join(tmpdir(), 'duka-lockout-'));
  server = await startServerProcess(bundle.file, {
    RATE_LIMITS: 'on',
    TRUST_PROXY: '1',
    DEV_MAILBOX: 'on',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
    JWT_SECRET: 'lockout-secret-lockout-secret-lockout',
  });
}, 150_000);
afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
  remove();
});

const run = `${randomInt(1, 250)}.${randomInt(1, 250)}`;
const address = (n: number) => `10.${run}.${n}`;

async function login(auth: { email: string; password: string }, ip: string, cookie?: string) {
  const res = await fetch(`${server.base}/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ auth }),
  });
  const setCookie = res.headers.get('set-cookie');
  return { status: res.status, cookie: setCookie ? setCookie.split(';')[0] : undefined, body: (await res.json()) as Record<string, unknown> };
}

async function post(p: string, body: unknown, ip: string) {
  const res = await fetch(`${server.base}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  const setCookie = res.headers.get('set-cookie');
  return { status: res.status, cookie: setCookie ? setCookie.split(';')[0] : undefined, body: (await res.json()) as Record<string, unknown> };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('lock-out (issue 22 item 5): attackers cannot keep the owner out', () => {
  it("five attacker addresses vs the owner's known device, a new device with a login link", async () => {
    const suffix = randomUUID().slice(0, 8);
    const owner = { name: 'Owner', username: `own_${suffix}`, email: `own.${suffix}@example.com`, password: 'correct horse battery', country: 'Kenya' };
    expect((await post('/users', { user: owner }, address(1))).status).toBe(201);
    const first = await login({ email: owner.username, password: owner.password }, address(1));
    expect(first.status).toBe(200);
    expect(first.cookie).toMatch(/^duka_device=/);
    const phone = first.cookie!;

    // The attack: 40 rounds of a wrong password from each of five addresses, a round every 300 ms at most
    // (faster than the one a second per address); the owner's phone logs in every 5th round.
    const attackers = [10, 11, 12, 13, 14].map(address);
    const attackCodes: number[] = [];
    const ownerCodes: number[] = [];
    const started = Date.now();
    for (let round = 0; round < 40; round++) {
      const tries = attackers.map((ip) => login({ email: owner.email, password: `guess ${round}` }, ip).then((r) => attackCodes.push(r.status)));
      if (round % 5 === 4) tries.push(login({ email: owner.username, password: owner.password }, address(1), phone).then((r) => ownerCodes.push(r.status)));
      await Promise.all(tries);
      await sleep(300);
    }
    const elapsed = (Date.now() - started) / 1000;
    // The owner got in every time.
    expect(ownerCodes).toHaveLength(8);
    expect(ownerCodes.every((c) => c === 200)).toBe(true);
    // The attackers were throttled: only their free attempts, and the few the doubling waits let through,
    // reached the password check (per address 5 free, then one after each of the waits 2, 4, 8… s that fit).
    expect(attackCodes.every((c) => c === 401 || c === 429)).toBe(true);
    const checked = attackCodes.filter((c) => c === 401).length;
    expect(checked).toBeLessThanOrEqual(attackers.length * (PASSWORD_BACKOFF.free + Math.floor(Math.log2(elapsed + 2))));
    expect(checked).toBeGreaterThanOrEqual(UNKNOWN_DEVICE_BACKOFF.free - attackers.length);
    expect(attackCodes.filter((c) => c === 429).length).toBeGreaterThan(attackCodes.length / 2);

    // A new device of the owner (no cookie, a fresh address) is asked to wait: the account is under attack…
    const laptop = address(2);
    // (One more guess from a new address first: the account-wide wait is then running whatever the timing.)
    expect([401, 429]).toContain((await login({ email: owner.email, password: 'one more guess' }, address(6))).status);
    const waiting = await login({ email: owner.email, password: owner.password }, laptop);
    expect(waiting.status).toBe(429);
    // …so it asks for a login link, which arrives by e-mail…
    expect((await post('/users/login-link', { user: { email: owner.username } }, laptop)).status).toBe(200);
    const box = (await (await fetch(`${server.base}/dev/mailbox?to=${encodeURIComponent(owner.email)}&limit=1`)).json()) as {
      messages: { subject: string; text: string }[];
    };
    expect(box.messages[0].subject).toBe('Your Duka login link');
    const token = decodeURIComponent(/\/login-link\?token=([^\s]+)/.exec(box.messages[0].text)![1]);
    // …and works once.
    const redeemed = await post('/users/login-link/redeem', { token }, laptop);
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.jwt).toEqual(expect.any(String));
    expect((redeemed.body.user as { username: string }).username).toBe(owner.username);
    expect(redeemed.cookie).toMatch(/^duka_device=/);
    expect((await post('/users/login-link/redeem', { token }, laptop)).status).toBe(422);
    expect((await post('/users/login-link/redeem', { token: `${token}x` }, laptop)).status).toBe(422);
    // The laptop is now a known device: its password logins pass while the attack goes on.
    await Promise.all(attackers.map((ip) => login({ email: owner.email, password: 'guess again' }, ip)));
    expect((await login({ email: owner.email, password: owner.password }, laptop, redeemed.cookie)).status).toBe(200);
    // A device cookie of another account does not help: its wrong passwords count under the address, as
    // for any unknown device (a known device would be counted under itself, whatever the address).
    const other = { ...owner, username: `oth_${suffix}`, email: `oth.${suffix}@example.com` };
    expect((await post('/users', { user: other }, address(3))).status).toBe(201);
    const foreign = (await login(other, address(3))).cookie;
    const shared = address(5);
    for (let i = 0; i < PASSWORD_BACKOFF.free; i++)
      expect([401, 429]).toContain((await login({ email: owner.email, password: `nope ${i}` }, shared, foreign)).status);
    expect((await login({ email: owner.email, password: owner.password }, shared, foreign)).status).toBe(429);
    // The owner's own phone at that same address still gets in.
    expect((await login({ email: owner.email, password: owner.password }, shared, phone)).status).toBe(200);
  }, 120_000);
});
