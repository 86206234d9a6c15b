import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { createOutboxMailer, createSmtpMailer, getMailer } from './service';

interface Received {
  from: string;
  to: string[];
  raw: string;
  user?: string;
}

/** A real SMTP server on a random local port that records what it receives. */
async function startSmtp(): Promise<{ port: number; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, cb) {
      if (auth.username === 'duka' && auth.password === 'secret') cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const smtp = await startSmtp();
afterAll(() => smtp.close());

const { app, ctx } = await openTestApp({ smtpUrl: `smtp://duka:secret@127.0.0.1:${smtp.port}`, mailFrom: 'Duka <no-reply@duka.test>', devMailbox: true });

describe('SMTP transport (SMTP_URL)', () => {
  it('delivers through a real SMTP server with authentication, attachments included', async () => {
    const mailer = getMailer(ctx);
    expect(mailer.transport).toBe('smtp');
    await mailer.send({
      account: null,
      to: 'customer@example.com',
      subject: 'Invoice INV-0001',
      text: 'Please find your invoice attached.',
      html: '<p>Please find your invoice attached.</p>',
      attachments: [{ filename: 'INV-0001.pdf', content: Buffer.from('%PDF-1.4 test'), contentType: 'application/pdf' }],
    });
    const msg = smtp.received.at(-1)!;
    expect(msg.user).toBe('duka');
    expect(msg.from).toBe('no-reply@duka.test');
    expect(msg.to).toEqual(['customer@example.com']);
    expect(msg.raw).toMatch(/Subject: Invoice INV-0001/);
    expect(msg.raw).toMatch(/Please find your invoice attached\./);
    expect(msg.raw).toMatch(/filename=INV-0001\.pdf/);
    expect(msg.raw).toContain(Buffer.from('%PDF-1.4 test').toString('base64'));
  });

  it('sends the password reset link by SMTP', async () => {
    const u = await signUp(app);
    const res = await app.inject({ method: 'POST', url: '/api/users/iforgot', payload: { user: { email: u.email } } });
    expect(res.statusCode).toBe(200);
    // The answer does not wait for SMTP delivery (timing must not reveal the account), so wait for it here.
    for (let i = 0; i < 200 && !smtp.received.some((m) => m.to.includes(u.email)); i++) await new Promise((r) => setTimeout(r, 25));
    const msg = smtp.received.find((m) => m.to.includes(u.email))!;
    expect(msg).toBeDefined();
    expect(msg.raw.replace(/=\r\n/g, '')).toContain(`${ctx.config.publicUrl}/reset-password?token=3D`);
  });

  it('fails loudly when the server refuses the login', async () => {
    const bad = createSmtpMailer(`smtp://duka:wrong@127.0.0.1:${smtp.port}`, app.log, 'x@duka.test');
    await expect(bad.send({ account: null, to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow(/Invalid|auth/i);
    bad.close();
  });
});

describe('outbox transport (default)', () => {
  it('stores messages with attachment info and lists them newest first, filtered by recipient', async () => {
    // The outbox transport on this app's database (the dev mailbox reads the table whatever the transport).
    const mailer = createOutboxMailer(ctx.db, app.log, 'x@duka.test');
    expect(mailer.transport).toBe('outbox');
    await mailer.send({ account: null, to: 'One@Example.com', subject: 'first', text: 'one' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await mailer.send({
      account: null,
      to: 'two@example.com',
      subject: 'second',
      text: 'two',
      attachments: [{ filename: 'a.pdf', content: Buffer.from('x'), contentType: 'application/pdf' }],
    });
    // "Newest" is by time: PGlite's clock counts milliseconds, so two messages of one millisecond have no order.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await mailer.send({ account: null, to: 'one@example.com', subject: 'third', text: 'three' });
    const res = await app.inject({ method: 'GET', url: '/api/dev/mailbox?to=ONE@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages.map((m: { subject: string }) => m.subject)).toEqual(['third', 'first']);
    const all = await app.inject({ method: 'GET', url: '/api/dev/mailbox?limit=2' });
    expect(all.json().messages).toHaveLength(2);
    expect(all.json().messages[0]).toEqual({ to: 'one@example.com', subject: 'third', text: 'three', created_at: expect.any(String) });
    expect((await app.inject({ method: 'GET', url: '/api/dev/mailbox?limit=abc' })).statusCode).toBe(400);
  });

  it('is not served in production', async () => {
    const prod = await openTestApp({ nodeEnv: 'production', paymentsTestMode: true, devMailbox: true });
    const res = await prod.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(404);
  });
});
