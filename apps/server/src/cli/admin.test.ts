import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, testConfig } from '../config';
import { adminAudit } from '../db/schema';
import type { SignedUp } from '../test/harness';
import { signUp } from '../test/harness';
import { client } from '../modules/sync/test-utils';

/**
 * Issue 22 item 1: admin is a role the operator grants with the command line, never an e-mail address.
 * The real command (src/admin-main.ts, what `npm run admin` runs) is started as its own process on the
 * server's database: the embedded one under DATA_DIR (the server stopped, as PGlite is one process), or
 * TEST_DATABASE_URL's PostgreSQL.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'duka-admin-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const pgUrl = process.env.TEST_DATABASE_URL || undefined;
const BOSS_EMAIL = `boss.${randomUUID().slice(0, 8)}@duka.example`;

/** The server as an operator runs it, with ADMIN_EMAILS naming an address anyone can register. */
async function openServer() {
  const env = { ...process.env, ADMIN_EMAILS: BOSS_EMAIL, DATA_DIR: dataDir };
  const { jwtSecret, logLevel } = testConfig();
  const config = { ...loadConfig(env, { jwtSecret, logLevel }), databaseUrl: pgUrl, dataDir, nodeEnv: 'test', rateLimits: false, jobs: false };
  const { app, ctx } = await buildApp(config);
  await app.ready();
  return { app, ctx, config };
}

function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/admin-main.ts', ...args],
      { cwd: serverDir, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: pgUrl ?? '', NODE_ENV: 'test' }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out: stdout, err: stderr }),
    );
  });
}

describe('admin role (granted by the operator, audited)', () => {
  it('an e-mail in ADMIN_EMAILS gives nothing; npm run admin grants, lists and revokes; admin actions are logged', async () => {
    let server = await openServer();
    expect(server.config.adminEmailsIgnored).toBe(true);
    // The attacker registers the address of ADMIN_EMAILS (other case, trailing space): still no admin.
    const boss: SignedUp = await signUp(server.app, { email: `${BOSS_EMAIL.toUpperCase()} ` });
    const user = await signUp(server.app);
    const api = (u: SignedUp) => client(server.app, u);
    expect((await api(boss).get('/announcements')).body.can_manage).toBe(false);
    expect((await api(boss).get('/affiliates/me')).body.can_manage).toBe(false);
    expect((await api(boss).get('/admin/affiliate-payouts')).status).toBe(403);
    expect((await api(boss).post('/admin/announcements', { title: 'Free money', body: 'x', published_at: new Date().toISOString() })).status).toBe(403);
    await server.app.close();

    // The operator grants the role by username (the embedded database: with the server stopped).
    const unknown = await cli('grant', 'nobody_here');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("No account has the username 'nobody_here'");
    const granted = await cli('grant', boss.username);
    expect(granted.err).toBe('');
    expect(granted.code).toBe(0);
    expect(granted.out.trim()).toBe(`${boss.username} is now an administrator.`);
    const listed = await cli('list');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(boss.username);
    expect(listed.out).not.toContain(user.username);

    server = await openServer();
    expect((await api(boss).get('/announcements')).body.can_manage).toBe(true);
    expect((await api(user).get('/announcements')).body.can_manage).toBe(false);
    // A draft (seen by no one), deleted again: other test files share a PostgreSQL database.
    const posted = await api(boss).post('/admin/announcements', { title: 'Hello', body: 'News', published_at: null });
    expect(posted.status).toBe(201);
    expect((await api(boss).del(`/admin/announcements/${posted.body.id}`)).status).toBe(204);
    expect((await api(boss).get('/admin/affiliate-payouts')).status).toBe(200);
    // Payout details stay admin-only.
    expect((await api(user).get('/admin/affiliate-payouts')).status).toBe(403);
    const log = await server.ctx.db.select().from(adminAudit).orderBy(desc(adminAudit.at));
    const mine = log.filter((r) => r.target === boss.username || r.actor === `user:${boss.username}`);
    expect(mine.map((r) => r.action)).toEqual(['payouts.view', 'announcement.delete', 'announcement.create', 'admin.grant']);
    expect(mine[3]!.actor).toMatch(/^cli:/);
    expect(mine[2]).toMatchObject({ actorUserId: boss.userId, target: posted.body.id });
    expect(mine[2]!.details).toMatchObject({ title: 'Hello' });
    await server.app.close();

    const revoked = await cli('revoke', boss.username);
    expect(revoked.out.trim()).toBe(`${boss.username} is no longer an administrator.`);
    const shown = await cli('log', '5');
    expect(shown.out).toContain('admin.revoke');
    server = await openServer();
    expect((await api(boss).get('/announcements')).body.can_manage).toBe(false);
    const [last] = await server.ctx.db.select().from(adminAudit).where(eq(adminAudit.target, boss.username)).orderBy(desc(adminAudit.at)).limit(1);
    expect(last!.action).toBe('admin.revoke');
    await server.app.close();
  }, 300_000);
});
