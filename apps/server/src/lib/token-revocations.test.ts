import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../test/harness';
import { LISTENING_TTL_MS } from './auth';

const { app, ctx } = await openTestApp();

/** The status of GET /api/state for `auth` once it stops being 200, or 200 if it still is after `ms`. */
async function statusWithin(auth: Record<string, string>, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const status = (await app.inject({ method: 'GET', url: '/api/state', headers: auth })).statusCode;
    if (status !== 200 || Date.now() > deadline) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('token revocations from another process (NOTIFY duka_token_revoked)', () => {
  it('keeps a checked token version for minutes while it listens', async () => {
    const u = await signUp(app);
    expect((await app.inject({ method: 'GET', url: '/api/state', headers: u.auth })).statusCode).toBe(200);
    const later = Date.now() + 60_000;
    expect(ctx.tokens.versions.get(u.userId, later)).toBe(0);
    expect(ctx.tokens.versions.get(u.userId, Date.now() + LISTENING_TTL_MS + 1_000)).toBeUndefined();
  });

  it('ends a cached token at once when its token_version changes in the database, not through this process', async () => {
    const u = await signUp(app);
    expect((await app.inject({ method: 'GET', url: '/api/state', headers: u.auth })).statusCode).toBe(200);
    // What another process's password change does (its own cache is not this one).
    await ctx.database.execute('update users set token_version = token_version + 1 where id = $1', [u.userId]);
    expect(await statusWithin(u.auth, 1_000)).toBe(401);
    // Another column of the row changing is no revocation.
    const v = await signUp(app);
    expect((await app.inject({ method: 'GET', url: '/api/state', headers: v.auth })).statusCode).toBe(200);
    await ctx.database.execute('update users set sync_version = sync_version + 1 where id = $1', [v.userId]);
    expect(await statusWithin(v.auth, 300)).toBe(200);
  });

  it('ends a cached token at once when the account is deleted by another process', async () => {
    const u = await signUp(app);
    expect((await app.inject({ method: 'GET', url: '/api/state', headers: u.auth })).statusCode).toBe(200);
    await ctx.database.execute('delete from users where id = $1', [u.userId]);
    expect(await statusWithin(u.auth, 1_000)).toBe(401);
  });
});
