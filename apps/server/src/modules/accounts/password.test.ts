import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { passwordResets, users } from '../../db/schema';
import { openTestApp, signUp, type SignedUp } from '../../test/harness';
import { getFiles } from '../files';

const { app, ctx } = await openTestApp({ devMailbox: true });

const login = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/user_token', payload: { auth: { email, password } } });
const state = (authorization: string) => app.inject({ method: 'GET', url: '/api/state', headers: { authorization } });
const forgot = (email: string) => app.inject({ method: 'POST', url: '/api/users/iforgot', payload: { user: { email } } });
const reset = (token: string, password: string) => app.inject({ method: 'POST', url: '/api/users/reset-password', payload: { user: { token, password } } });

async function mailbox(to: string) {
  const res = await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  return res.json().messages as Array<{ to: string; subject: string; text: string; created_at: string }>;
}

async function resetLink(u: SignedUp): Promise<string> {
  const [latest] = await mailbox(u.email);
  const m = /(\S+\/reset-password\?token=\S+)/.exec(latest.text);
  expect(m).not.toBeNull();
  return m![1];
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('POST /api/users/change-password', () => {
  it('changes the password, signs out old tokens and returns a new working token', async () => {
    const u = await signUp(app);
    const other = await login(u.email, u.password);
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: u.auth,
      payload: { user: { old_password: u.password, password: 'a brand new secret' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password changed');
    expect((await state(u.auth.authorization)).statusCode).toBe(401);
    expect((await state(`Bearer ${other.json().jwt}`)).statusCode).toBe(401);
    expect((await state(`Bearer ${res.json().jwt}`)).statusCode).toBe(200);
    expect((await login(u.username, u.password)).statusCode).toBe(401);
    expect((await login(u.username, 'a brand new secret')).statusCode).toBe(200);
  });

  it('answers 422 with a message to a wrong old password and 400 to a short new one', async () => {
    const u = await signUp(app);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: u.auth,
      payload: { user: { old_password: 'not it at all', password: 'a brand new secret' } },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.message).toMatch(/old password/i);
    const short = await app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: u.auth,
      payload: { user: { old_password: u.password, password: 'short' } },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toHaveProperty(['user.password']);
    expect((await state(u.auth.authorization)).statusCode).toBe(200);
    const anon = await app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      payload: { user: { old_password: u.password, password: 'a brand new secret' } },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('forgotten password', () => {
  it('answers the same message whether or not the account exists, and mails only real accounts', async () => {
    const u = await signUp(app);
    const known = await forgot(u.email);
    const unknown = await forgot(`nobody.${u.username}@example.com`);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(Object.keys(known.json())).toEqual(['message']);
    expect(await mailbox(`nobody.${u.username}@example.com`)).toHaveLength(0);
    const mails = await mailbox(u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/reset/i);
    const link = await resetLink(u);
    expect(link.startsWith(`${ctx.config.publicUrl}/reset-password?token=`)).toBe(true);
  });

  it('stores only a hash of the token, valid for one hour', async () => {
    const u = await signUp(app);
    await forgot(u.username);
    const token = tokenOf(await resetLink(u));
    const rows = await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, u.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0].tokenHash).not.toContain(token);
    const ttl = rows[0].expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000);
  });

  it('resets the password once with the mailed token and signs out every device', async () => {
    const u = await signUp(app);
    await forgot(u.email.toUpperCase());
    const token = tokenOf(await resetLink(u));
    const res = await reset(token, 'reset to this one');
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().message).toBe('string');
    expect((await state(u.auth.authorization)).statusCode).toBe(401);
    expect((await login(u.email, 'reset to this one')).statusCode).toBe(200);
    expect((await login(u.email, u.password)).statusCode).toBe(401);
    const again = await reset(token, 'and again please');
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toMatch(/invalid or has expired/);
  });

  it('answers 422 to unknown and expired tokens, 400 to a short password', async () => {
    const u = await signUp(app);
    expect((await reset('made-up-token', 'long enough pw')).statusCode).toBe(422);
    await forgot(u.email);
    const token = tokenOf(await resetLink(u));
    expect((await reset(token, 'short')).statusCode).toBe(400);
    await ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, u.userId));
    const expired = await reset(token, 'long enough pw');
    expect(expired.statusCode).toBe(422);
    expect((await login(u.email, u.password)).statusCode).toBe(200);
  });

  it('a used link also ends the other outstanding links of the account', async () => {
    const u = await signUp(app);
    await forgot(u.email);
    const first = tokenOf(await resetLink(u));
    await forgot(u.email);
    const second = tokenOf(await resetLink(u));
    expect(first).not.toBe(second);
    expect((await reset(second, 'the newest one')).statusCode).toBe(200);
    expect((await reset(first, 'an older one!')).statusCode).toBe(422);
  });

  it('answers 400 to a missing e-mail or token', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/users/iforgot', payload: { user: {} } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/users/reset-password', payload: { user: { password: 'long enough pw' } } })).statusCode).toBe(400);
  });
});

describe('DELETE /api/users/delete', () => {
  it('runs the hooks, deletes the row and the files, and the token stops working', async () => {
    const u = await signUp(app);
    const keep = await signUp(app);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const files = getFiles(ctx);
    await files.put(`users/${u.userId}/receipts/abc.png`, png, 'image/png');
    await files.put(`users/${keep.userId}/receipts/abc.png`, png, 'image/png');
    const seen: string[] = [];
    ctx.registry.beforeUserDelete.push(async (id) => {
      seen.push(id);
    });
    try {
      const res = await app.inject({ method: 'DELETE', url: '/api/users/delete', headers: u.auth });
      expect(res.statusCode).toBe(200);
      expect(typeof res.json().message).toBe('string');
    } finally {
      ctx.registry.beforeUserDelete.pop();
    }
    expect(seen).toEqual([u.userId]);
    expect(await ctx.db.select().from(users).where(eq(users.id, u.userId))).toHaveLength(0);
    expect(await files.get(`users/${u.userId}/receipts/abc.png`)).toBeNull();
    expect(await files.get(`users/${keep.userId}/receipts/abc.png`)).not.toBeNull();
    const after = await state(u.auth.authorization);
    expect(after.statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: '/api/users/delete', headers: u.auth })).statusCode).toBe(401);
    expect((await login(u.email, u.password)).statusCode).toBe(401);
    expect((await state(keep.auth.authorization)).statusCode).toBe(200);
    // The name is free again.
    const again = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { user: { name: 'Ada', username: u.username, email: u.email, password: u.password, country: 'Nigeria' } },
    });
    expect(again.statusCode).toBe(201);
  });

  it('answers 401 without a token', async () => {
    expect((await app.inject({ method: 'DELETE', url: '/api/users/delete' })).statusCode).toBe(401);
  });
});
