import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isBlockedAddress } from './modules/ai-writer';
import { MAX_IMAGE_PIXELS } from './modules/files';
import { invoiceBody, withContact } from './modules/invoices/test-utils';
import { client, upsert } from './modules/sync/test-utils';
import { openTestApp, signUp, type SignedUp } from './test/harness';

/** Issue 13 item 8, against the real app (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
const { app, config } = await openTestApp();

const cursorOf = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

function multipart(field: string, filename: string, content: Buffer, type: string) {
  const boundary = `----duka${randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real small PNG whose header then claims width × height (a decompression bomb's shape). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#abc' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

async function uploadReceipt(u: SignedUp, id: string, png: Buffer) {
  const body = multipart('receipt', 'r.png', png, 'image/png');
  return app.inject({ method: 'POST', url: `/api/expenses/${id}/receipt`, headers: { ...u.auth, ...body.headers }, payload: body.payload });
}

describe('addresses', () => {
  it('an escaped control character in a path or query is a 400 on any route, never a 500', async () => {
    const user = await signUp(app);
    for (const url of ['/api/test-pay/invoice-checkouts/a%00b/confirm', '/api/invoices/a%00b', '/api/invoices?status=%1F', '/api/invoices/link/x%7F/mpesa']) {
      const res = await app.inject({
        method: url.endsWith('confirm') ? 'POST' : 'GET',
        url,
        headers: user.auth,
        payload: url.endsWith('confirm') ? {} : undefined,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message).toMatch(/control character/);
    }
    expect((await app.inject({ method: 'GET', url: '/api/invoices?q=caf%C3%A9%20%2B%20co', headers: user.auth })).statusCode).toBe(200);
  });
});

describe('paging cursors', () => {
  it('a cursor of the wrong shape is a 400 on every paged list, a real one still pages', async () => {
    const u = await signUp(app);
    const api = client(app, u);
    const { contactId } = await withContact(app, u);
    for (let i = 0; i < 3; i++) expect((await api.post('/invoices', invoiceBody(contactId))).status).toBe(201);
    await api.push([1, 2, 3].map((n) => upsert('notes', randomUUID(), { title: `Note ${n}`, body: 'x' })));
    const id = randomUUID();
    const anyList = [cursorOf(['abc']), cursorOf([1e300, id]), cursorOf([{}, id]), cursorOf(['2026-01-01', 'not-a-uuid']), 'not base64 at all!'];
    const byKind = {
      date: [cursorOf(['abc', id]), cursorOf([12, id]), cursorOf(['2026-02-30', id]), cursorOf(['0000-01-01', id]), cursorOf(['a\u0000b', id])],
      number: [cursorOf(['abc', id]), cursorOf(['2026-02-30', id]), cursorOf([1.5, id])],
      text: [cursorOf([12, id]), cursorOf(['a\u0000b', id]), cursorOf(['\ud800', id])],
    };
    const lists = { invoices: 'date', expenses: 'date', notes: 'number', contacts: 'text', catalogs: 'text', fees: 'text' } as const;
    for (const [list, kind] of Object.entries(lists)) {
      for (const cursor of [...anyList, ...byKind[kind]]) {
        const res = await app.inject({ method: 'GET', url: `/api/${list}?cursor=${encodeURIComponent(cursor)}`, headers: u.auth });
        expect([res.statusCode, list, cursor]).toEqual([400, list, cursor]);
        expect(res.json().error.message).toBe('The cursor is not valid');
      }
    }
    // Date filters of lists: a date that does not exist is a 400 too.
    for (const q of ['invoices?from=2026-00-10', 'invoices?to=2026-02-30', 'expenses?from=2026-13-01', 'invoices?min_total=1e30']) {
      expect([q, (await api.get(`/${q}`)).status]).toEqual([q, 400]);
    }
    const first = await api.get('/invoices?limit=2');
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const next = await api.get(`/invoices?limit=2&cursor=${first.body.next_cursor}`);
    expect(next.status).toBe(200);
    expect(next.body.records).toHaveLength(1);
    const notes = await api.get('/notes?limit=2');
    expect((await api.get(`/notes?limit=2&cursor=${notes.body.next_cursor}`)).body.records).toHaveLength(1);
  });
});

describe('uploads', () => {
  it('refuses pictures over the pixel cap from the header, before decoding', async () => {
    expect(MAX_IMAGE_PIXELS).toBeLessThan(20_000_000);
    const u = await signUp(app);
    const id = randomUUID();
    await client(app, u).push([upsert('expenses', id, { amount: 1000, currency: 'NGN', date: '2026-11-03', category: 'Rent' })]);
    for (const [w, h] of [
      [7000, 7000],
      [60_000, 60_000],
      [4097, 4097],
    ]) {
      const res = await uploadReceipt(u, id, await pngClaiming(w, h));
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toMatch(/too large .* pixels/);
    }
    const logo = multipart('user[logo]', 'logo.png', await pngClaiming(50_000, 50_000), 'image/png');
    expect(
      (await app.inject({ method: 'PATCH', url: `/api/users/${u.username}`, headers: { ...u.auth, ...logo.headers }, payload: logo.payload })).statusCode,
    ).toBe(413);
  });

  it('serves receipts as private (never kept by shared caches); logos stay public', async () => {
    const u = await signUp(app);
    const id = randomUUID();
    await client(app, u).push([upsert('expenses', id, { amount: 1000, currency: 'NGN', date: '2026-11-03', category: 'Rent' })]);
    const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const up = await uploadReceipt(u, id, png);
    expect(up.statusCode).toBe(200);
    const file = await app.inject({ method: 'GET', url: up.json().receipt_url, headers: u.auth });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toMatch(/^private/);
    expect(file.headers['cache-control']).not.toMatch(/public|immutable/);
    const logo = multipart('user[logo]', 'logo.png', png, 'image/png');
    const user = await app.inject({ method: 'PATCH', url: `/api/users/${u.username}`, headers: { ...u.auth, ...logo.headers }, payload: logo.payload });
    const logoFile = await app.inject({ method: 'GET', url: user.json().logoUrl });
    expect(logoFile.headers['cache-control']).toMatch(/^public/);
  });

  it('bodies over 1 MB are refused on the open routes; a route that needs a token answers 401 before reading one', async () => {
    const big = JSON.stringify({ user: { name: 'x'.repeat(1_100_000) } });
    for (const url of ['/api/users', '/api/user_token', '/api/users/iforgot']) {
      const res = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: big });
      expect([url, res.statusCode]).toEqual([url, 413]);
    }
    const anonymous = await app.inject({ method: 'POST', url: '/api/contacts', headers: { 'content-type': 'application/json' }, payload: big });
    expect(anonymous.statusCode).toBe(401);
    const u = await signUp(app);
    const signedIn = await app.inject({ method: 'POST', url: '/api/contacts', headers: { ...u.auth, 'content-type': 'application/json' }, payload: big });
    expect(signedIn.statusCode).toBe(413);
  });
});

describe('account calls', () => {
  it('a login or reset request with control characters is a 400, not a database error', async () => {
    for (const [url, payload] of [
      ['/api/user_token', { auth: { email: 'a\u0000b', password: 'whatever pw' } }],
      ['/api/users/iforgot', { user: { email: 'a\u0000b@example.com' } }],
      ['/api/user_token', { auth: { email: '\ud800@example.com', password: 'whatever pw' } }],
    ] as const) {
      const res = await app.inject({ method: 'POST', url, payload });
      expect([url, res.statusCode]).toEqual([url, 400]);
    }
  });
});

describe('public ids', () => {
  it('a checkout reference with a NUL byte is refused (400), not a database error', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/test-pay/checkouts/a%00b' })).statusCode).toBe(400);
  });
});

describe('tokens', () => {
  it('refuses a correctly signed JWT without exp', async () => {
    const u = await signUp(app);
    const key = new TextEncoder().encode(config.jwtSecret);
    const noExp = await new SignJWT({ tv: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(u.userId).setIssuedAt().sign(key);
    const res = await app.inject({ method: 'GET', url: '/api/state', headers: { authorization: `Bearer ${noExp}` } });
    expect(res.statusCode).toBe(401);
    const withExp = await new SignJWT({ tv: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(u.userId).setIssuedAt().setExpirationTime('1h').sign(key);
    expect((await app.inject({ method: 'GET', url: '/api/state', headers: { authorization: `Bearer ${withExp}` } })).statusCode).toBe(200);
  });
});

describe('SSRF address policy', () => {
  it('refuses IPv4-translated and local-use NAT64 addresses', () => {
    for (const a of [
      '::ffff:0:127.0.0.1',
      '::ffff:0:10.1.2.3',
      '::ffff:0:169.254.169.254',
      '::ffff:0:7f00:1',
      '64:ff9b:1::a00:1',
      '64:ff9b:1::8.8.8.8',
      '64:ff9b:1:ffff::1',
    ]) {
      expect([a, isBlockedAddress(a)]).toEqual([a, true]);
    }
    // Public IPv4 through the well-known NAT64 prefix or SIIT stays reachable.
    for (const a of ['64:ff9b::8.8.8.8', '::ffff:0:8.8.8.8', '2606:4700::1111']) expect([a, isBlockedAddress(a)]).toEqual([a, false]);
  });
});
