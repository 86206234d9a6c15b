import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mailOutbox, rateLimits, smsOutbox, syncMutations } from './db/schema';
import { invoiceBody, withContact } from './modules/invoices/test-utils';
import { client, upsert } from './modules/sync/test-utils';
import { openTestApp, randomIp, signUp, type SignedUp } from './test/harness';

/**
 * Issue 22 items 7 and 9 against the real app (PGlite, or PostgreSQL with TEST_DATABASE_URL), with its default
 * transports (mail and SMS kept in the database outboxes), its disk file store and RATE_LIMITS on.
 */
const { app, ctx, config } = await openTestApp({ rateLimits: true, devMailbox: true });

function multipart(field: string, filename: string, content: Buffer, type: string) {
  const boundary = `----duka${randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0ffee' } })
  .png()
  .toBuffer();

/** An expense with an uploaded receipt photo: its stored key and URL. */
async function expenseWithPhoto(u: SignedUp) {
  const c = client(app, u);
  const exp = (await c.post('/expenses', { amount: 50_000, currency: 'KES', date: '2026-11-03', category: 'Rent', vendor: 'Landlord' })).body;
  const body = multipart('receipt', 'receipt.png', png, 'image/png');
  const res = await app.inject({ method: 'POST', url: `/api/expenses/${exp.id}/receipt`, headers: { ...u.auth, ...body.headers }, payload: body.payload });
  expect(res.statusCode).toBe(200);
  return { id: exp.id as string, key: res.json().receipt as string, url: res.json().receipt_url as string };
}
const onDisk = (key: string) => existsSync(path.join(config.dataDir, 'files', key));
const served = async (url: string, u: SignedUp) => (await app.inject({ method: 'GET', url, headers: u.auth })).statusCode;

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
}

describe('account deletion removes everything (issue 22 item 7)', () => {
  it("a deleted expense's receipt photo is no longer served and its file is removed", async () => {
    const u = await signUp(app, {}, { remoteAddress: randomIp() });
    const photo = await expenseWithPhoto(u);
    expect(await served(photo.url, u)).toBe(200);
    expect(onDisk(photo.key)).toBe(true);
    expect((await client(app, u).del(`/expenses/${photo.id}`)).status).toBe(200);
    expect(await served(photo.url, u)).toBe(404);
    await until(() => !onDisk(photo.key));
    expect(onDisk(photo.key)).toBe(false);
    // A key that looks like a receipt but no expense holds is not served either.
    expect(await served(`/api/files/users/${u.userId}/receipts/${'a'.repeat(32)}.webp`, u)).toBe(404);
  });

  it('outbox rows, SMS rows, rate-limit rows keyed by the user and every file go with the account', async () => {
    const u = await signUp(app, { country: 'Kenya' }, { remoteAddress: randomIp() });
    const email = `private.${randomUUID().slice(0, 8)}@example.com`;
    const { api, contactId } = await withContact(app, u, { name: 'Wanjiru Private', email, phone: `+2547${String(Math.floor(Math.random() * 9e7) + 1e7)}` });
    const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency: 'KES', fees: [], fee_ids: [] }))).body;
    for (const channel of ['email', 'sms'])
      expect((await app.inject({ method: 'POST', url: `/api/invoices/${inv.id}/reminders/send`, headers: u.auth, payload: { channel } })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: `/api/invoices/${inv.id}/email`, headers: u.auth, payload: { message: 'Private note for Wanjiru' } }))
        .statusCode,
    ).toBe(200);
    // A wrong password (a back-off row keyed by the account) and a password reset mail to the owner.
    await app.inject({ method: 'POST', url: '/api/user_token', payload: { auth: { email: u.email, password: 'wrong password!' } }, remoteAddress: randomIp() });
    expect((await app.inject({ method: 'POST', url: '/api/users/iforgot', payload: { user: { email: u.email } }, remoteAddress: randomIp() })).statusCode).toBe(
      200,
    );
    const photo = await expenseWithPhoto(u);
    // A synced change: its applied mutation id is kept (no foreign key cascades it since issue 27).
    expect((await client(app, u).push([upsert('contacts', randomUUID(), { name: 'Synced Client' })])).status).toBe(200);
    const mutationRows = () => ctx.db.select().from(syncMutations).where(eq(syncMutations.userId, u.userId));

    const mailRows = () =>
      ctx.db
        .select()
        .from(mailOutbox)
        .where(or(eq(mailOutbox.to, email), eq(mailOutbox.to, u.email), eq(mailOutbox.userId, u.userId)));
    const smsRows = () =>
      ctx.db
        .select()
        .from(smsOutbox)
        .where(or(eq(smsOutbox.userId, u.userId), sql`${smsOutbox.text} like '%Wanjiru Private%'`));
    const limitRows = () =>
      ctx.db
        .select()
        .from(rateLimits)
        .where(or(sql`strpos(${rateLimits.key}, ${u.userId}) > 0`, sql`right(${rateLimits.key}, ${u.email.length + 1}::int) = ${`:${u.email}`}`));
    expect((await mailRows()).length).toBe(3);
    expect((await mailRows()).some((m) => m.text.includes('Private note for Wanjiru'))).toBe(true);
    expect((await smsRows()).length).toBe(1);
    expect((await limitRows()).length).toBeGreaterThan(2);
    expect(onDisk(photo.key)).toBe(true);
    expect(await served(photo.url, u)).toBe(200);
    expect((await mutationRows()).length).toBe(1);

    expect((await app.inject({ method: 'DELETE', url: '/api/users/delete', headers: u.auth })).statusCode).toBe(200);
    expect(await mailRows()).toEqual([]);
    expect(await smsRows()).toEqual([]);
    expect(await limitRows()).toEqual([]);
    expect(await mutationRows()).toEqual([]);
    expect(await served(photo.url, u)).toBe(404);
    expect(onDisk(photo.key)).toBe(false);
    expect(existsSync(path.join(config.dataDir, 'files', 'users', u.userId))).toBe(false);
  });
});

describe('GET has no side effects (issue 22 item 9)', () => {
  it('the reminder stop link shows a page on GET (any number of times) and stops only on the POST of its button', async () => {
    const u = await signUp(app, { country: 'Kenya', language: 'en' }, { remoteAddress: randomIp() });
    const { api, contactId } = await withContact(app, u, { name: 'Baraka Hotel' });
    const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency: 'KES' }))).body;
    const url = `/api/invoices/public/${inv.public_id}/reminders/stop`;
    for (const method of ['GET', 'GET', 'HEAD'] as const) expect((await app.inject({ method, url })).statusCode).toBe(200);
    const page = await app.inject({ method: 'GET', url });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toMatch(/<form method="post"><button type="submit"[^>]*>Stop reminders<\/button><\/form>/);
    const stoppedNow = async () => (await api.get(`/invoices/${inv.id}/reminders`)).body.stopped;
    expect(await stoppedNow()).toBeNull();
    const post = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain('You will get no more reminders about this invoice.');
    expect(await stoppedNow()).toMatchObject({ by: 'customer' });
    // Unknown links are a 404 either way.
    expect((await app.inject({ method: 'POST', url: `/api/invoices/public/${'x'.repeat(24)}/reminders/stop` })).statusCode).toBe(404);
  });

  it("opening a draft's public link does not mark it sent", async () => {
    const u = await signUp(app, {}, { remoteAddress: randomIp() });
    const { api, contactId } = await withContact(app, u);
    const draft = (await api.post('/invoices', invoiceBody(contactId))).body;
    expect(draft.status).toBe('draft');
    // Its link says it is not sent yet (t17 A7), and serves nothing of it.
    for (let i = 0; i < 2; i++) expect((await app.inject({ method: 'GET', url: `/api/invoices/public/${draft.public_id}` })).statusCode).toBe(409);
    const after = (await api.get(`/invoices/${draft.id}`)).body;
    expect(after).toMatchObject({ status: 'draft', sent_at: null });
    // Nor does the page's POST: a draft is not finished.
    expect((await app.inject({ method: 'POST', url: `/api/invoices/public/${draft.public_id}/viewed` })).statusCode).toBe(409);
    expect((await api.get(`/invoices/${draft.id}`)).body).toMatchObject({ status: 'draft', sent_at: null });
  });

  it('a finished, unsent invoice stays ready however often its link is fetched; the POST of its page sends it, once', async () => {
    const u = await signUp(app, {}, { remoteAddress: randomIp() });
    const { api, contactId } = await withContact(app, u);
    const draft = (await api.post('/invoices', invoiceBody(contactId, { status: 'ready' }))).body;
    expect(draft).toMatchObject({ status: 'ready', sent_at: null });
    const url = `/api/invoices/public/${draft.public_id}`;
    for (const method of ['GET', 'GET', 'HEAD'] as const) expect((await app.inject({ method, url })).statusCode).toBe(200);
    expect((await api.get(`/invoices/${draft.id}`)).body).toMatchObject({ status: 'ready', sent_at: null });
    const viewed = await app.inject({ method: 'POST', url: `${url}/viewed` });
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json()).toMatchObject({ status: 'sent' });
    const sentAt = (await api.get(`/invoices/${draft.id}`)).body.sent_at;
    expect(sentAt).toBeTruthy();
    expect((await app.inject({ method: 'POST', url: `${url}/viewed` })).json()).toMatchObject({ status: 'sent' });
    expect((await api.get(`/invoices/${draft.id}`)).body.sent_at).toBe(sentAt);
    expect((await app.inject({ method: 'POST', url: `/api/invoices/public/${'x'.repeat(24)}/viewed` })).statusCode).toBe(404);
  });
});
