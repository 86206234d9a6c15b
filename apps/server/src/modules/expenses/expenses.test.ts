import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp, type SignedUp } from '../../test/harness';
import { client, upsert } from '../sync/test-utils';

const { app } = await openTestApp();

const expense = (over: Record<string, unknown> = {}) => ({
  amount: 250_000,
  currency: 'NGN',
  date: '2026-11-03',
  category: 'Rent',
  vendor: 'Landlord',
  ...over,
});

function multipart(field: string, filename: string, content: Buffer, type: string) {
  const boundary = `----duka${randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(u: SignedUp, id: string, body: ReturnType<typeof multipart>) {
  const res = await app.inject({ method: 'POST', url: `/api/expenses/${id}/receipt`, headers: { ...u.auth, ...body.headers }, payload: body.payload });
  return { status: res.statusCode, body: res.json() };
}

describe('expenses', () => {
  it('validate amount, date, currency and payment method', async () => {
    const c = client(app, await signUp(app));
    const ok = await c.post('/expenses', expense({ payment_method: 'mobile_money', description: 'November rent' }));
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      amount: 250_000,
      currency: 'NGN',
      date: '2026-11-03',
      category: 'Rent',
      payment_method: 'mobile_money',
      contact_id: null,
      receipt: null,
      receipt_url: null,
    });
    expect((await c.post('/expenses', expense({ category: undefined }))).body.category).toBe('Other');
    for (const bad of [
      { amount: -100 },
      { amount: 0 },
      { amount: 10.5 },
      { date: '2026-13-01' },
      { date: '3 Nov 26' },
      { currency: 'naira' },
      { payment_method: 'cheque' },
    ]) {
      const res = await c.post('/expenses', expense(bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(res.body.error.fields).length).toBeGreaterThan(0);
    }
    expect((await c.post('/expenses', expense({ contact_id: randomUUID() }))).status).toBe(422);
    const contact = (await c.post('/contacts', { name: 'Supplier' })).body;
    expect((await c.post('/expenses', expense({ contact_id: contact.id }))).body.contact_id).toBe(contact.id);
    expect((await c.post('/expenses', expense({ receipt: 'users/someone-else/receipts/x.webp' }))).status).toBe(400);
  });

  it('filter by date range, category (any case), contact and search vendor or description', async () => {
    const c = client(app, await signUp(app));
    const contact = (await c.post('/contacts', { name: 'Driver' })).body;
    await c.post('/expenses', expense({ date: '2026-10-31', category: 'Rent' }));
    await c.post('/expenses', expense({ date: '2026-11-01', category: 'Transport', vendor: 'Bolt', contact_id: contact.id }));
    await c.post('/expenses', expense({ date: '2026-11-15', category: 'Airtime & Data', description: 'MTN bundle' }));
    await c.post('/expenses', expense({ date: '2026-12-01', category: 'Transport', vendor: 'Danfo' }));
    const dates = async (qs: string) => (await c.get(`/expenses?${qs}`)).body.records.map((r: { date: string }) => r.date);
    expect(await dates('')).toEqual(['2026-12-01', '2026-11-15', '2026-11-01', '2026-10-31']);
    expect(await dates('from=2026-11-01&to=2026-11-30')).toEqual(['2026-11-15', '2026-11-01']);
    expect(await dates('category=transport')).toEqual(['2026-12-01', '2026-11-01']);
    expect(await dates(`contact_id=${contact.id}`)).toEqual(['2026-11-01']);
    expect(await dates('q=bolt')).toEqual(['2026-11-01']);
    expect(await dates('q=mtn')).toEqual(['2026-11-15']);
    expect((await c.get('/expenses?from=yesterday')).status).toBe(400);
  });

  it('store a receipt photo under the user prefix and serve it', async () => {
    const u = await signUp(app);
    const c = client(app, u);
    const exp = (await c.post('/expenses', expense())).body;
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c0ffee' } })
      .png()
      .toBuffer();
    const res = await upload(u, exp.id, multipart('receipt', 'receipt.png', png, 'image/png'));
    expect(res.status).toBe(200);
    expect(res.body.receipt.startsWith(`users/${u.userId}/receipts/`)).toBe(true);
    expect(res.body.receipt_url).toBe(`/api/files/${res.body.receipt}`);
    expect(res.body.version).toBeGreaterThan(exp.version);
    const file = await app.inject({ method: 'GET', url: res.body.receipt_url, headers: u.auth });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.width).toBe(1600);
    // The pull carries it, and a later offline edit without the receipt field keeps it.
    await c.push([upsert('expenses', exp.id, { vendor: 'New landlord' }, { base_version: res.body.version })]);
    expect((await c.get(`/expenses/${exp.id}`)).body.receipt).toBe(res.body.receipt);
    // The photo keeps the expense's input tax (a receipt read after it was saved: issue 29).
    await c.push([upsert('expenses', exp.id, { input_tax_amount: 1_000, input_tax_inclusive: true })]);
    expect((await c.get(`/expenses/${exp.id}`)).body).toMatchObject({ input_tax_amount: 1_000, input_tax: 1_000 });
    const again = await upload(u, exp.id, multipart('receipt', 'receipt.png', png, 'image/png'));
    expect(again.body).toMatchObject({ input_tax_amount: 1_000, input_tax: 1_000 });
    expect((await c.get(`/expenses/${exp.id}`)).body).toMatchObject({ input_tax_amount: 1_000, input_tax: 1_000 });
    // Replacing removes the old file.
    const second = await upload(u, exp.id, multipart('receipt', 'r.png', png, 'image/png'));
    expect(second.body.receipt).not.toBe(res.body.receipt);
    expect((await app.inject({ method: 'GET', url: res.body.receipt_url, headers: u.auth })).statusCode).toBe(404);
    // Not an image, wrong field, someone else's expense.
    expect((await upload(u, exp.id, multipart('receipt', 'r.png', Buffer.from('not an image'), 'image/png'))).status).toBe(415);
    expect((await upload(u, exp.id, multipart('photo', 'r.png', png, 'image/png'))).status).toBe(400);
    const other = await signUp(app);
    expect((await upload(other, exp.id, multipart('receipt', 'r.png', png, 'image/png'))).status).toBe(404);
  });

  it('a receipt photo is shown only to its owner signed in: no token, another user or an ended session gets 404 (t16)', async () => {
    const u = await signUp(app);
    const exp = (await client(app, u).post('/expenses', expense())).body;
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#abcdef' } })
      .png()
      .toBuffer();
    const { receipt_url: url } = (await upload(u, exp.id, multipart('receipt', 'receipt.png', png, 'image/png'))).body;
    const get = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
    const mine = await get(u.auth);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const other = await signUp(app);
    const tries: Array<Record<string, string>> = [
      {},
      other.auth,
      { authorization: 'Bearer not-a-token' },
      { authorization: u.token },
      { cookie: `token=${u.token}` },
    ];
    for (const headers of tries) {
      const res = await get(headers);
      expect([JSON.stringify(headers), res.statusCode]).toEqual([JSON.stringify(headers), 404]);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'File not found' } });
    }
    // A token in the address is not a session either.
    expect((await app.inject({ method: 'GET', url: `${url}?token=${u.token}` })).statusCode).toBe(404);
    // The owner changes the password: every older session ends, and with it the photo.
    const password = 'another long password';
    const changed = await app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: u.auth,
      payload: { user: { old_password: u.password, password, password_confirmation: password } },
    });
    expect(changed.statusCode).toBe(200);
    expect((await get(u.auth)).statusCode).toBe(404);
    const fresh = await app.inject({ method: 'POST', url: '/api/user_token', payload: { auth: { email: u.email, password } } });
    expect((await get({ authorization: `Bearer ${fresh.json().jwt}` })).statusCode).toBe(200);
  });
});
