import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, redactUrl } from '../../app';
import { testConfig } from '../../config';
import { openTestApp, signUp } from '../../test/harness';
import { createOutboxMailer } from '../mail';
import { startOperatorSocket } from '../mail';
import { isLoopback } from './routes';

/**
 * Issue 13 item 1: no account takeover on a default install. The HTTP mailbox is off unless DEV_MAILBOX=on,
 * then answers the loopback interface only (the socket's address, never a header); reset links never reach
 * the log; the operator reads the outbox with `npm run mailbox`; production refuses the test card provider
 * unless PAYMENTS_TEST_MODE=on.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const run = promisify(execFile);

const byDefault = await openTestApp();
const withMailbox = await openTestApp({ devMailbox: true, trustProxy: ['10.0.0.0/8'] });

async function askReset(app: typeof byDefault.app, email: string) {
  const res = await app.inject({ method: 'POST', url: '/api/users/iforgot', payload: { user: { email } } });
  expect(res.statusCode).toBe(200);
}

describe('dev mailbox over HTTP', () => {
  it('is not served by default, even to the machine itself', async () => {
    const victim = await signUp(byDefault.app);
    await askReset(byDefault.app, victim.email);
    for (const remoteAddress of ['127.0.0.1', '203.0.113.9']) {
      const res = await byDefault.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(victim.email)}`, remoteAddress });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('reset-password');
    }
    const doc = (await byDefault.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/api/dev/mailbox');
  });

  it('with DEV_MAILBOX=on answers loopback sockets only; a forwarded 127.0.0.1 does not count', async () => {
    const victim = await signUp(withMailbox.app);
    await askReset(withMailbox.app, victim.email);
    const url = `/api/dev/mailbox?to=${encodeURIComponent(victim.email)}`;
    const local = await withMailbox.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.json().messages[0].text).toContain('/reset-password?token=');
    for (const remoteAddress of ['::1', '::ffff:127.0.0.1']) expect((await withMailbox.app.inject({ method: 'GET', url, remoteAddress })).statusCode).toBe(200);
    expect((await withMailbox.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    // From a trusted proxy saying the client is 127.0.0.1: still the proxy's socket, still refused.
    const forwarded = await withMailbox.app.inject({ method: 'GET', url, remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(forwarded.statusCode).toBe(404);
    expect(isLoopback('127.8.9.10')).toBe(true);
    expect(isLoopback('::ffff:10.0.0.1')).toBe(false);
    expect(isLoopback(undefined)).toBe(false);
  });

  it('is never served in production, even with DEV_MAILBOX=on', async () => {
    const prod = await openTestApp({ nodeEnv: 'production', devMailbox: true, paymentsTestMode: true });
    expect((await prod.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
  });
});

describe('no secrets in the log', () => {
  it('the outbox logs who and what, never the text (reset links)', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'trace' }, { write: (l: string) => lines.push(l) });
    const mailer = createOutboxMailer(byDefault.ctx.db, log, 'x@duka.test');
    await mailer.send({
      account: null,
      to: 'someone@example.com',
      subject: 'Reset your Duka password',
      text: 'Open http://x/reset-password?token=SECRET-TOKEN-123',
    });
    expect(lines.join('')).toContain('Reset your Duka password');
    expect(lines.join('')).not.toContain('SECRET-TOKEN-123');
  });

  it('request URLs are logged with secret query values redacted', () => {
    expect(redactUrl('/reset-password?token=abc&x=1')).toBe('/reset-password?token=%5Bredacted%5D&x=1');
    expect(redactUrl('/api/pay?client_secret=s3cr3t')).not.toContain('s3cr3t');
    expect(redactUrl('/api/contacts?q=rice')).toBe('/api/contacts?q=rice');
  });
});

describe('npm run mailbox', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('reads the outbox through the running server’s socket in DATA_DIR', async () => {
    const victim = await signUp(byDefault.app);
    await askReset(byDefault.app, victim.email);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'duka-mailbox-'));
    dirs.push(dataDir);
    const socket = await startOperatorSocket(byDefault.ctx.db, dataDir, byDefault.app.log);
    expect(socket).toBeDefined();
    // This process plays the running server holding DATA_DIR.
    writeFileSync(path.join(dataDir, 'server.lock'), String(process.pid));
    try {
      const { stdout } = await run(process.execPath, [path.join(root, 'scripts/mailbox.mjs'), '--to', victim.email.toUpperCase(), '--json'], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      });
      const { messages } = JSON.parse(stdout);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({ to: victim.email, subject: 'Reset your Duka password' });
      expect(messages[0].text).toContain('/reset-password?token=');
    } finally {
      await new Promise((r) => socket?.close(r));
    }
  });

  it('says clearly what to do when the server holds the database and no socket answers', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'duka-mailbox-'));
    dirs.push(dataDir);
    writeFileSync(path.join(dataDir, 'server.lock'), String(process.pid));
    const err = await run(process.execPath, [path.join(root, 'scripts/mailbox.mjs')], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect((err as { code: number }).code).toBe(2);
    expect((err as { stderr: string }).stderr).toMatch(/Stop the server, then run `npm run mailbox` again/);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('reads PostgreSQL directly with DATABASE_URL', async () => {
    const victim = await signUp(byDefault.app);
    await askReset(byDefault.app, victim.email);
    const { stdout } = await run(process.execPath, [path.join(root, 'scripts/mailbox.mjs'), '--to', victim.email, '--json'], {
      env: { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL },
    });
    expect(JSON.parse(stdout).messages[0].text).toContain('/reset-password?token=');
  });
});

describe('payments in production', () => {
  it('refuses to start the test card provider without a real provider unless PAYMENTS_TEST_MODE=on', async () => {
    await expect(buildApp(testConfig({ nodeEnv: 'production' }), { database: byDefault.ctx.database })).rejects.toThrow(/PAYMENTS_TEST_MODE=on/);
    const { app } = await buildApp(testConfig({ nodeEnv: 'production', paymentsTestMode: true }), { database: byDefault.ctx.database });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toMatchObject({ provider: 'test', test_mode: true });
    await app.close();
  });

  it('starts with Paystack as the only real provider, without the test provider', async () => {
    const { app } = await buildApp(testConfig({ nodeEnv: 'production', paystackSecretKey: 'sk_live_local' }), { database: byDefault.ctx.database });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toMatchObject({ provider: 'paystack', test_mode: false });
    expect((await app.inject({ method: 'POST', url: '/api/webhooks/test-pay', payload: {} })).statusCode).toBe(404);
    await app.close();
  });
});
