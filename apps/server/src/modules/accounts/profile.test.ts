import { randomBytes } from 'node:crypto';
import { stateResponse } from '@duka/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp, type SignedUp } from '../../test/harness';
import { getFiles } from '../files';

const { app, ctx } = await openTestApp();

function multipart(parts: Array<{ name: string; value?: string; file?: Buffer; filename?: string; type?: string }>) {
  const boundary = `----duka${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (p.file) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename ?? 'logo.png'}"\r\nContent-Type: ${p.type ?? 'image/png'}\r\n\r\n`,
        ),
      );
      chunks.push(p.file, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value ?? ''}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const image = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 800, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .toFormat(format)
    .toBuffer();

const patchJson = (u: SignedUp, user: Record<string, unknown>, username = u.username) =>
  app.inject({ method: 'PATCH', url: `/api/users/${username}`, headers: u.auth, payload: { user } });

const uploadLogo = (u: SignedUp, file: Buffer, extra: Array<{ name: string; value: string }> = [], username = u.username) => {
  const body = multipart([{ name: 'user[logo]', file }, { name: 'user[username]', value: username }, ...extra]);
  return app.inject({ method: 'PATCH', url: `/api/users/${username}`, headers: { ...u.auth, ...body.headers }, payload: body.payload });
};

describe('PATCH /api/users/{username} with JSON', () => {
  it('updates name, company, e-mail and country and answers the updated user', async () => {
    const u = await signUp(app);
    const email = `new.${u.username}@Example.com`;
    const res = await patchJson(u, { name: 'Ada N. Obi', company_name: 'Ada Wholesale', email, country: 'Ghana', current_password: u.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: u.userId, name: 'Ada N. Obi', company_name: 'Ada Wholesale', email: email.toLowerCase(), country: 'Ghana' });
    const state = await app.inject({ method: 'GET', url: '/api/state', headers: u.auth });
    expect(state.json().user.email).toBe(email.toLowerCase());
    // /api/state is written without response validation (its hottest path): the answer must still match its schema.
    expect(stateResponse.strict().safeParse(state.json()).error).toBeUndefined();
  });

  it('takes a country by its ISO code and keeps its name (issue 23)', async () => {
    const u = await signUp(app);
    const res = await patchJson(u, { country: 'GH' });
    expect(res.statusCode).toBe(200);
    expect(res.json().country).toBe('Ghana');
  });

  it('merges invoice_settings given as an object or as a JSON string', async () => {
    const u = await signUp(app);
    const a = await patchJson(u, { invoice_settings: { currency: 'USD', invoice_prefix: 'A-', due_days: 30 } });
    expect(a.statusCode).toBe(200);
    expect(JSON.parse(a.json().invoice_settings)).toMatchObject({
      currency: 'USD',
      invoice_prefix: 'A-',
      quote_prefix: 'QUO-',
      due_days: 30,
      country: { name: 'Nigeria', iso_code: 'NG' },
    });
    const country = { name: 'Kenya', flag: '🇰🇪', iso_code: 'KE', currency: 'KSh' };
    const b = await patchJson(u, { invoice_settings: JSON.stringify({ country, payment_instructions: 'Pay to GTB 0123' }) });
    expect(b.statusCode).toBe(200);
    expect(JSON.parse(b.json().invoice_settings)).toMatchObject({ currency: 'USD', invoice_prefix: 'A-', country, payment_instructions: 'Pay to GTB 0123' });
  });

  it.each([
    ['an unknown currency', { invoice_settings: { currency: 'XYZ' } }, 'user.invoice_settings'],
    ['a broken JSON string', { invoice_settings: '{"currency":' }, 'user.invoice_settings'],
    ['a bad field inside the JSON string', { invoice_settings: '{"due_days":-3}' }, 'user.invoice_settings.due_days'],
    ['a bad e-mail', { email: 'nope' }, 'user.email'],
    ['an empty name', { name: '' }, 'user.name'],
    ['an unknown country', { country: 'Narnia' }, 'user.country'],
  ])('answers 400 to %s', async (_label, user, field) => {
    const u = await signUp(app);
    const res = await patchJson(u, user);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty([field]);
  });

  it('answers 400 to a body without user and 409 to an e-mail another account has', async () => {
    const u = await signUp(app);
    const other = await signUp(app);
    const none = await app.inject({ method: 'PATCH', url: `/api/users/${u.username}`, headers: u.auth, payload: { name: 'x' } });
    expect(none.statusCode).toBe(400);
    const taken = await patchJson(u, { email: other.email.toUpperCase(), current_password: u.password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toHaveProperty(['user.email']);
    // Its own address is not a conflict.
    expect((await patchJson(u, { email: u.email })).statusCode).toBe(200);
  });

  it("answers 404 for another user's username, a missing user, and 401 without a token", async () => {
    const u = await signUp(app);
    const other = await signUp(app);
    const res = await patchJson(u, { name: 'Hijack' }, other.username);
    expect(res.statusCode).toBe(404);
    expect((await patchJson(u, { name: 'Ghost' }, 'nobody_here')).statusCode).toBe(404);
    const login = await app.inject({ method: 'POST', url: '/api/user_token', payload: { auth: { email: other.email, password: other.password } } });
    expect(login.json().user.name).toBe('Ada Obi');
    expect((await app.inject({ method: 'PATCH', url: `/api/users/${u.username}`, payload: { user: { name: 'x' } } })).statusCode).toBe(401);
  });
});

describe('PATCH /api/users/{username} with a logo (multipart)', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('stores a %s logo normalised to WebP ≤ 512 px and serves it', async (format) => {
    const u = await signUp(app);
    const res = await uploadLogo(u, await image(format, 1600, 800));
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user.logoUrl).toMatch(new RegExp(`^/api/files/users/${u.userId}/logos/[0-9a-f]{32}\\.webp$`));
    expect(user.logoLocation).toBe(user.logoUrl.replace('/api/files/', ''));
    expect(user.logo).toMatch(/^[0-9a-f]{32}\.webp$/);
    const served = await app.inject({ method: 'GET', url: user.logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(512);
    expect(meta.height).toBe(256);
  });

  it('replaces the previous logo file and also applies text fields sent with it', async () => {
    const u = await signUp(app);
    const first = (await uploadLogo(u, await image('png'))).json();
    const second = await uploadLogo(u, await image('jpeg', 100, 100), [{ name: 'user[company_name]', value: 'Logo Co' }]);
    expect(second.statusCode).toBe(200);
    expect(second.json().company_name).toBe('Logo Co');
    expect(second.json().logoUrl).not.toBe(first.logoUrl);
    expect((await app.inject({ method: 'GET', url: first.logoUrl })).statusCode).toBe(404);
    const meta = await sharp((await app.inject({ method: 'GET', url: second.json().logoUrl })).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([100, 100]);
  });

  it('answers 415 to a file that is not a PNG, JPEG or WebP whatever its name says', async () => {
    const u = await signUp(app);
    const text = await uploadLogo(u, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toMatch(/PNG, JPEG or WebP/);
    const gif = await uploadLogo(u, await image('gif'));
    expect(gif.statusCode).toBe(415);
    expect(gif.json().error.code).toBe('unsupported_media_type');
  });

  it('answers 413 to a file over 5 MB, 400 to a damaged image and to a wrong field name', async () => {
    const u = await signUp(app);
    const big = await uploadLogo(u, Buffer.concat([await image('png'), randomBytes(5 * 1024 * 1024 + 10)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toMatch(/5 MB/);
    const png = await image('png');
    const damaged = await uploadLogo(u, png.subarray(0, Math.floor(png.length / 2)));
    expect([400, 415]).toContain(damaged.statusCode);
    const body = multipart([{ name: 'avatar', file: png }]);
    const wrong = await app.inject({ method: 'PATCH', url: `/api/users/${u.username}`, headers: { ...u.auth, ...body.headers }, payload: body.payload });
    expect(wrong.statusCode).toBe(400);
    const empty = multipart([{ name: 'user[username]', value: u.username }]);
    const nothing = await app.inject({ method: 'PATCH', url: `/api/users/${u.username}`, headers: { ...u.auth, ...empty.headers }, payload: empty.payload });
    expect(nothing.statusCode).toBe(400);
    const state = await app.inject({ method: 'GET', url: '/api/state', headers: u.auth });
    expect(state.json().user.logoUrl).toBeNull();
  });

  it("answers 404 to a logo for another user's username", async () => {
    const u = await signUp(app);
    const other = await signUp(app);
    const res = await uploadLogo(u, await image('png'), [], other.username);
    expect(res.statusCode).toBe(404);
    const state = await app.inject({ method: 'GET', url: '/api/state', headers: other.auth });
    expect(state.json().user.logoUrl).toBeNull();
  });

  it('lists the account calls in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const p of [
      '/api/users',
      '/api/user_token',
      '/api/users/{username}',
      '/api/users/change-password',
      '/api/users/iforgot',
      '/api/users/reset-password',
      '/api/users/delete',
      '/api/state',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
    expect(doc.paths['/api/user_token'].post.responses['200']).toBeDefined();
  });

  it('keeps files in the store under the user prefix', async () => {
    const u = await signUp(app);
    const user = (await uploadLogo(u, await image('png'))).json();
    const file = await getFiles(ctx).get(user.logoLocation);
    expect(file?.contentType).toBe('image/webp');
  });
});
