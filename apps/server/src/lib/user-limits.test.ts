import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { latestMail } from '../modules/mail';
import { invoiceBody, withContact } from '../modules/invoices/test-utils';
import { client, upsert } from '../modules/sync/test-utils';
import { openTestApp, randomIp, signUp, type SignedUp } from '../test/harness';
import { hit } from './rate-limit';
import { USER_LIMITS, type UserLimitName } from './user-limits';

/**
 * Issue 13 items 4–6 against the real app (PGlite, or PostgreSQL with TEST_DATABASE_URL): limits per signed-in
 * user on change-password, invoice e-mails, sync push volume and uploads; the e-mail change needs the password
 * and tells the old address; invoice e-mails carry the account's business name, not free text.
 * The counters are the shared rate_limits table: a test fills a user's bucket to one below the limit through
 * the same store, then checks the next real call passes and the one after is refused.
 */
const { app: inner, ctx } = await openTestApp({ rateLimits: true });
// Every call from this run's own client address (see randomIp).
const ip = randomIp();
const app = new Proxy(inner, {
  get: (target, key) => (key === 'inject' ? (opts: InjectOptions) => target.inject({ remoteAddress: ip, ...opts }) : Reflect.get(target, key)),
});

async function fillTo(name: UserLimitName, userId: string, left: number) {
  const limit = USER_LIMITS[name];
  await hit(ctx.db, `user:${name}:${userId}`, limit.max - left, limit.windowMs);
}

function expect429(res: { statusCode: number; json(): unknown; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: { code: 'rate_limited', message: expect.stringMatching(/Too many attempts/) } });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

const changePassword = (u: SignedUp, oldPassword: string, password = 'another long password') =>
  app.inject({
    method: 'POST',
    url: '/api/users/change-password',
    headers: u.auth,
    payload: { user: { old_password: oldPassword, password, password_confirmation: password } },
  });

function multipart(field: string, filename: string, content: Buffer, type: string) {
  const boundary = `----duka${randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('limits per signed-in user (item 4)', () => {
  it('change-password: wrong old passwords back off, and calls are limited per user', async () => {
    const u = await signUp(app);
    for (let i = 0; i < 5; i++) expect((await changePassword(u, 'not my password')).statusCode).toBe(422);
    expect429(await changePassword(u, u.password));

    const v = await signUp(app);
    await fillTo('changePassword', v.userId, 1);
    const ok = await changePassword(v, v.password);
    expect(ok.statusCode).toBe(200);
    expect429(await changePassword({ ...v, auth: { authorization: `Bearer ${ok.json().jwt}` } }, 'another long password', 'third long password'));
  });

  it('sync push: volume per user counted by mutation; other users unaffected', async () => {
    const u = await signUp(app);
    const api = client(app, u);
    await fillTo('syncMutations', u.userId, 3);
    const three = [1, 2, 3].map((n) => upsert('contacts', randomUUID(), { name: `Client ${n}` }));
    const ok = await api.push(three);
    expect(ok.status).toBe(200);
    expect(ok.body.results.every((r: { status: string }) => r.status === 'applied')).toBe(true);
    const over = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: u.auth,
      payload: { mutations: [upsert('contacts', randomUUID(), { name: 'One more' })] },
    });
    expect429(over);
    const other = await signUp(app);
    expect((await client(app, other).push([upsert('contacts', randomUUID(), { name: 'Fine' })])).status).toBe(200);
  });

  it('sync push: a large body is read only for a signed-in user', async () => {
    const big = JSON.stringify({ mutations: [{ pad: 'x'.repeat(2 * 1024 * 1024) }] });
    const anon = await app.inject({ method: 'POST', url: '/api/sync/push', headers: { 'content-type': 'application/json' }, payload: big });
    expect(anon.statusCode).toBe(401);
    // A route that needs a token refuses a request without one before reading its body (t17 A3); signed in, 1 MB is
    // the most there; open routes (log in) take at most 1 MB before any authentication.
    const other = await app.inject({ method: 'POST', url: '/api/contacts', headers: { 'content-type': 'application/json' }, payload: big });
    expect(other.statusCode).toBe(401);
    const u = await signUp(app);
    const signed = await app.inject({ method: 'POST', url: '/api/contacts', headers: { 'content-type': 'application/json', ...u.auth }, payload: big });
    expect(signed.statusCode).toBe(413);
    const login = await app.inject({ method: 'POST', url: '/api/user_token', headers: { 'content-type': 'application/json' }, payload: big });
    expect(login.statusCode).toBe(413);
  });

  it('uploads: receipts and logos are limited per user', async () => {
    const u = await signUp(app);
    const api = client(app, u);
    const id = randomUUID();
    expect((await api.push([upsert('expenses', id, { amount: 1000, currency: 'NGN', date: '2026-11-03', category: 'Rent' })])).status).toBe(200);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await fillTo('uploads', u.userId, 1);
    const body = () => multipart('receipt', 'r.png', png, 'image/png');
    const first = body();
    expect(
      (await app.inject({ method: 'POST', url: `/api/expenses/${id}/receipt`, headers: { ...u.auth, ...first.headers }, payload: first.payload })).statusCode,
    ).toBe(200);
    const second = body();
    expect429(await app.inject({ method: 'POST', url: `/api/expenses/${id}/receipt`, headers: { ...u.auth, ...second.headers }, payload: second.payload }));
    const logo = multipart('user[logo]', 'logo.png', png, 'image/png');
    expect429(await app.inject({ method: 'PATCH', url: `/api/users/${u.username}`, headers: { ...u.auth, ...logo.headers }, payload: logo.payload }));
    // A JSON profile change is not an upload.
    expect((await app.inject({ method: 'PATCH', url: `/api/users/${u.username}`, headers: u.auth, payload: { user: { name: 'Still Me' } } })).statusCode).toBe(
      200,
    );
  });
});

describe('readings of orders and receipt photos (issue 22: the paid model behind them)', () => {
  it('are limited per account across addresses; another account is not affected', async () => {
    const u = await signUp(app);
    await fillTo('readings', u.userId, 1);
    const order = (remoteAddress: string) =>
      inner.inject({ method: 'POST', url: '/api/orders/draft', remoteAddress, headers: u.auth, payload: { text: '2 soap at 50' } });
    expect((await order(randomIp())).statusCode).toBe(200);
    expect429(await order(randomIp()));
    expect429(
      await inner.inject({
        method: 'POST',
        url: '/api/expenses/receipt-read',
        remoteAddress: randomIp(),
        headers: u.auth,
        payload: { image: 'data:image/png;base64,iVBORw0KGgo=', text: 'SHOP\nTOTAL 500.00' },
      }),
    );
    const other = await signUp(app);
    const theirs = await inner.inject({
      method: 'POST',
      url: '/api/orders/draft',
      remoteAddress: randomIp(),
      headers: other.auth,
      payload: { text: '1 bread' },
    });
    expect(theirs.statusCode).toBe(200);
  });
});

describe('changing the e-mail (item 5)', () => {
  const patch = (u: SignedUp, user: Record<string, unknown>) =>
    app.inject({ method: 'PATCH', url: `/api/users/${u.username}`, headers: u.auth, payload: { user } });

  it('needs the current password, tells the old address, and backs off on wrong passwords', async () => {
    const u = await signUp(app);
    const newEmail = `new.${randomUUID().slice(0, 8)}@example.com`;
    const without = await patch(u, { email: newEmail });
    expect(without.statusCode).toBe(422);
    expect(without.json().error.fields).toEqual({ 'user.current_password': 'Enter your current password to change the e-mail' });
    const wrong = await patch(u, { email: newEmail, current_password: 'not my password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields).toEqual({ 'user.current_password': 'Not correct' });
    // The same e-mail (any case) or other fields need no password.
    expect((await patch(u, { email: u.email.toUpperCase(), name: 'Ada N. Obi' })).statusCode).toBe(200);

    const ok = await patch(u, { email: newEmail, current_password: u.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(newEmail);
    const [notice] = await latestMail(ctx.db, { to: u.email, limit: 1 });
    expect(notice.subject).toBe('The e-mail of your Duka account was changed');
    expect(notice.text).toContain(newEmail);

    // Multipart profile updates follow the same rule.
    const boundary = `----duka${randomUUID()}`;
    const form = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="user[email]"\r\n\r\nthird.${randomUUID().slice(0, 6)}@example.com\r\n--${boundary}--\r\n`,
    );
    const multi = await app.inject({
      method: 'PATCH',
      url: `/api/users/${u.username}`,
      headers: { ...u.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: form,
    });
    expect(multi.statusCode).toBe(422);

    // Wrong passwords count in the account's back-off (a stolen token cannot guess the password quickly).
    const v = await signUp(app);
    for (let i = 0; i < 5; i++) expect((await patch(v, { email: newEmail.replace('new', 'x'), current_password: `guess ${i}` })).statusCode).toBe(422);
    expect429(await patch(v, { email: newEmail.replace('new', 'y'), current_password: v.password }));
  });
});

describe('invoice e-mails (item 6)', () => {
  it('are limited per user per day, and the subject carries the business name from the profile', async () => {
    const u = await signUp(app, { company_name: 'Ada Stores' });
    const { api, contactId } = await withContact(app, u);
    const inv = await api.post('/invoices', invoiceBody(contactId));
    expect(inv.status).toBe(201);
    const to = `client.${randomUUID().slice(0, 6)}@example.com`;
    const send = () =>
      app.inject({
        method: 'POST',
        url: `/api/invoices/${inv.body.id}/email`,
        headers: u.auth,
        payload: { to, message: 'WIN A PRIZE\r\nBcc: everyone@example.com' },
      });
    // A message with control characters is refused before anything is sent or counted.
    const nul = await app.inject({ method: 'POST', url: `/api/invoices/${inv.body.id}/email`, headers: u.auth, payload: { to, message: 'a\u0000b' } });
    expect(nul.statusCode).toBe(400);
    await fillTo('invoiceEmailDay', u.userId, 1);
    expect((await send()).statusCode).toBe(200);
    const [mail] = await latestMail(ctx.db, { to, limit: 1 });
    expect(mail.subject).toBe(`Invoice ${inv.body.number} from Ada Stores`);
    expect(mail.text).toContain('WIN A PRIZE');
    expect429(await send());
    expect(await latestMail(ctx.db, { to, limit: 5 })).toHaveLength(1);

    // The hourly limit holds too.
    const v = await signUp(app);
    const second = await withContact(app, v);
    const inv2 = await second.api.post('/invoices', invoiceBody(second.contactId));
    await fillTo('invoiceEmailHour', v.userId, 0);
    expect429(await app.inject({ method: 'POST', url: `/api/invoices/${inv2.body.id}/email`, headers: v.auth, payload: { to } }));
  });
});
