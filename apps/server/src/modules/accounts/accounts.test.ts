import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { openTestApp, signUp } from '../../test/harness';

const { app, ctx } = await openTestApp();

const uniq = () => randomUUID().replace(/-/g, '').slice(0, 10);
const newUser = (extra: Record<string, unknown> = {}) => {
  const s = uniq();
  return {
    name: 'Bola Ade',
    username: `bola_${s}`,
    email: `bola.${s}@example.com`,
    password: 'long enough pw',
    company_name: 'Bola Ltd',
    country: 'Nigeria',
    ...extra,
  };
};
const register = (user: Record<string, unknown>, url = '/api/users') => app.inject({ method: 'POST', url, payload: { user } });
const login = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/user_token', payload: { auth: { email, password } } });
const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string; tv: number; exp: number; iat: number };

describe('POST /api/users (register)', () => {
  it('creates the user, answers 201 {token} whose sub is the user id, keeps the ref code and gives free credit', async () => {
    const u = newUser({ username: `Mixed_Case.${uniq()}`, email: `Mixed.${uniq()}@Example.COM` });
    const res = await register(u, '/api/users?ref=AFF42');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['token']);
    const c = claims(body.token);
    expect(c.exp - c.iat).toBe(30 * 24 * 3600);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, c.sub));
    expect(row.username).toBe(String(u.username).toLowerCase());
    expect(row.email).toBe(String(u.email).toLowerCase());
    expect(row.refCode).toBe('AFF42');
    expect(row.credit).toBe(ctx.config.aiFreeCredit);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(u.password);
  });

  it('builds invoice_settings from the country', async () => {
    const ke = await signUp(app, { country: 'Kenya' });
    const res = await login(ke.email, ke.password);
    const settings = JSON.parse(res.json().user.invoice_settings);
    expect(settings).toEqual({
      currency: 'KES',
      country: { name: 'Kenya', flag: '🇰🇪', iso_code: 'KE', currency: 'KSh' },
      invoice_prefix: 'INV-',
      quote_prefix: 'QUO-',
      due_days: 14,
      payment_instructions: '',
      business: { address: '', phone: '', tax_id: '', registration_number: '' },
    });
    // Every supported country starts in its own currency (issue 23): Rwanda in francs, Cameroon in CFA francs.
    const rw = await signUp(app, { country: 'Rwanda' });
    const rwSettings = JSON.parse((await login(rw.username, rw.password)).json().user.invoice_settings);
    expect(rwSettings.currency).toBe('RWF');
    expect(rwSettings.country.iso_code).toBe('RW');
    const cm = await signUp(app, { country: 'Cameron' });
    const cmSettings = JSON.parse((await login(cm.username, cm.password)).json().user.invoice_settings);
    expect(cmSettings.country).toMatchObject({ name: 'Cameron', iso_code: 'CM' });
    expect(cmSettings.currency).toBe('XAF');
    // An ISO code (any case) is the country it names (issue 23): "KE" is kept as Kenya, with KES and Kenya's fiscal rules.
    const code = await signUp(app, { country: 'ke' });
    const codeLogin = (await login(code.username, code.password)).json().user;
    expect(codeLogin.country).toBe('Kenya');
    expect(JSON.parse(codeLogin.invoice_settings)).toEqual(settings);
    const fiscal = await app.inject({ method: 'GET', url: '/api/fiscal/settings', headers: code.auth });
    expect(fiscal.json().mode).toBe((await app.inject({ method: 'GET', url: '/api/fiscal/settings', headers: ke.auth })).json().mode);
    expect(fiscal.json().mode).not.toBe('off');
    // An unknown code says what is accepted.
    const unknown = await register(newUser({ country: 'XQ' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('user.country: Choose a country from the list, by its name (Kenya) or its two-letter ISO code (KE)');
    // A country whose currency Duka does not list falls back to SPEC's NGN.
    const india = await signUp(app, { country: 'India' });
    expect(JSON.parse((await login(india.username, india.password)).json().user.invoice_settings).currency).toBe('NGN');
  });

  it('answers 409 naming the taken username or e-mail, case-insensitively', async () => {
    const first = newUser();
    expect((await register(first)).statusCode).toBe(201);
    const sameName = await register(newUser({ username: String(first.username).toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error.code).toBe('conflict');
    expect(sameName.json().error.message).toMatch(/username/i);
    expect(sameName.json().error.fields).toHaveProperty(['user.username']);
    const sameMail = await register(newUser({ email: String(first.email).toUpperCase() }));
    expect(sameMail.statusCode).toBe(409);
    expect(sameMail.json().error.message).toMatch(/e-mail/i);
    expect(sameMail.json().error.fields).toHaveProperty(['user.email']);
  });

  it('answers 409 to two simultaneous registrations of the same name (one wins)', async () => {
    const u = newUser();
    const results = await Promise.all([register(u), register({ ...u, email: `other.${uniq()}@example.com` })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    ['short username', { username: 'ab' }, 'user.username'],
    ['long username', { username: 'a'.repeat(31) }, 'user.username'],
    ['bad characters', { username: 'ada-obi!' }, 'user.username'],
    ['spaces', { username: 'ada obi' }, 'user.username'],
    ['bad e-mail', { email: 'not-an-email' }, 'user.email'],
    ['short password', { password: 'short' }, 'user.password'],
    ['missing name', { name: undefined }, 'user.name'],
    ['unknown country', { country: 'Atlantis' }, 'user.country'],
    ['wrong type', { password: 12345678 }, 'user.password'],
  ])('answers 400 with the field for %s', async (_label, change, field) => {
    const res = await register(newUser(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields).toHaveProperty([field]);
  });

  it('accepts usernames with digits, _ and . at the limits', async () => {
    expect((await register(newUser({ username: `a.${uniq()}`.slice(0, 3) }))).statusCode).toBe(201);
    expect((await register(newUser({ username: `z_9.${uniq()}${uniq()}${uniq()}`.slice(0, 30) }))).statusCode).toBe(201);
  });

  it('answers 400 to malformed JSON and to a missing user', async () => {
    const bad = await app.inject({ method: 'POST', url: '/api/users', headers: { 'content-type': 'application/json' }, payload: '{"user":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/JSON/);
    const empty = await app.inject({ method: 'POST', url: '/api/users', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toHaveProperty(['user']);
  });

  it('runs onUserCreated hooks inside the registration transaction', async () => {
    const seen: string[] = [];
    ctx.registry.onUserCreated.push(async (_tx, info) => {
      seen.push(`${info.country}/${info.currency}`);
      if (info.country === 'Ghana') throw new Error('hook failed');
    });
    try {
      const ok = newUser({ country: 'Uganda' });
      expect((await register(ok)).statusCode).toBe(201);
      const bad = newUser({ country: 'Ghana' });
      expect((await register(bad)).statusCode).toBe(500);
      // The failing hook rolled the user back: the name is free again.
      const rows = await ctx.db
        .select()
        .from(users)
        .where(eq(users.username, String(bad.username)));
      expect(rows).toHaveLength(0);
      expect(seen).toEqual(['Uganda/UGX', 'Ghana/GHS']);
    } finally {
      ctx.registry.onUserCreated.pop();
    }
  });
});

describe('POST /api/user_token (login)', () => {
  it('logs in by e-mail and by username (any case) with the exact user object', async () => {
    const u = await signUp(app);
    for (const id of [u.email, u.username, u.email.toUpperCase(), ` ${u.username.toUpperCase()} `]) {
      const res = await login(id, u.password);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['jwt', 'user']);
      expect(claims(body.jwt).sub).toBe(u.userId);
      expect(Object.keys(body.user).sort()).toEqual(
        [
          'company_name',
          'country',
          'created_at',
          'credit',
          'email',
          'id',
          'invoice_settings',
          'language',
          'logo',
          'logoLocation',
          'logoUrl',
          'name',
          'username',
        ].sort(),
      );
      expect(body.user).toMatchObject({
        id: u.userId,
        username: u.username,
        email: u.email,
        name: 'Ada Obi',
        company_name: 'Ada Stores',
        country: 'Nigeria',
        logo: null,
        logoLocation: null,
        logoUrl: null,
        credit: ctx.config.aiFreeCredit,
      });
      expect(new Date(body.user.created_at).toISOString()).toBe(body.user.created_at);
      expect(typeof body.user.invoice_settings).toBe('string');
      expect(JSON.stringify(body)).not.toMatch(/argon2|password/);
    }
  });

  it('answers 401 invalid_credentials with the SPEC message for a wrong password or unknown user', async () => {
    const u = await signUp(app);
    for (const [id, pw] of [
      [u.email, 'wrong password'],
      [`nobody.${uniq()}@example.com`, u.password],
      [u.username, u.password.toUpperCase()],
    ]) {
      const res = await login(id, pw);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'invalid_credentials', message: 'Username/Email or Password is incorrect.' } });
    }
  });

  it('answers 400 to a missing auth object or empty fields', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/user_token', payload: { email: 'x' } })).statusCode).toBe(400);
    const res = await login('', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(['auth.email']);
  });
});

describe('GET /api/state', () => {
  it('answers the user, credit, plan and counts (0 without counters, counter values with)', async () => {
    const u = await signUp(app);
    const res = await app.inject({ method: 'GET', url: '/api/state', headers: u.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user.id).toBe(u.userId);
    expect(body.credit).toBe(ctx.config.aiFreeCredit);
    expect(body.plan).toBe('free');
    expect(Object.keys(body.counts).sort()).toEqual(['catalogs', 'contacts', 'expenses', 'fees', 'invoices', 'notes']);

    const before = ctx.registry.counters.notes;
    ctx.registry.counters.notes = async (_db, userId) => (userId === u.userId ? 7 : 0);
    try {
      // Counts are recomputed when the user's sync_version moves (every write to a collection bumps it).
      const cached = await app.inject({ method: 'GET', url: '/api/state', headers: u.auth });
      expect(cached.json().counts.notes).toBe(0);
      await ctx.db
        .update(users)
        .set({ syncVersion: sql`${users.syncVersion} + 1` })
        .where(eq(users.id, u.userId));
      const again = await app.inject({ method: 'GET', url: '/api/state', headers: u.auth });
      expect(again.json().counts.notes).toBe(7);
      const other = await signUp(app);
      const theirs = await app.inject({ method: 'GET', url: '/api/state', headers: other.auth });
      expect(theirs.json().user.id).toBe(other.userId);
      expect(theirs.json().counts.notes).toBe(0);
    } finally {
      if (before) ctx.registry.counters.notes = before;
      else delete ctx.registry.counters.notes;
    }
  });

  it('reflects at once what other modules write to the user row (credit, plan), however often it is read', async () => {
    const u = await signUp(app);
    const get = async () => (await app.inject({ method: 'GET', url: '/api/state', headers: u.auth })).json();
    expect((await get()).credit).toBe(ctx.config.aiFreeCredit);
    await get();
    await ctx.db.update(users).set({ credit: 3, plan: 'monthly' }).where(eq(users.id, u.userId));
    expect(await get()).toMatchObject({ credit: 3, plan: 'monthly', user: { credit: 3 } });
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ credit: 4 }).where(eq(users.id, u.userId));
    });
    const [a, b] = await Promise.all([get(), ctx.db.update(users).set({ credit: 5 }).where(eq(users.id, u.userId)).then(get)]);
    expect([4, 5]).toContain(a.credit);
    expect(b.credit).toBe(5);
    expect((await get()).credit).toBe(5);
  });

  it('answers 401 without a token, with a bad token and with a forged one', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/state' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/state', headers: { authorization: 'Bearer nonsense' } })).statusCode).toBe(401);
    const u = await signUp(app);
    const [h, p] = u.token.split('.');
    const forged = `${h}.${p}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    const res = await app.inject({ method: 'GET', url: '/api/state', headers: { authorization: `Bearer ${forged}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });
});
