import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, migrationsFolder, type Database } from './connect';

/**
 * Numbered migrations (issue 26 follow-up): drizzle/0000_init.sql is the frozen baseline and every schema change after
 * it is a new numbered migration (`npm run db:generate`). A database made by the baseline, holding rows, takes a later
 * migration at start-up and keeps its rows: on PGlite (a data directory opened again, as the server does at boot)
 * and on PostgreSQL.
 */
const BASELINE_SHA256 = '4bf6e863eff1fa508d48e3d5744e648289009042a1e3e646bbd28b87e6cd28a9';
const BASELINE_WHEN = 1795746350073;

interface Journal {
  version: string;
  dialect: string;
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}

const real = migrationsFolder();
const journal = (): Journal => JSON.parse(readFileSync(path.join(real, 'meta', '_journal.json'), 'utf8'));
const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test', 'migration-fixture');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** A migrations folder holding the baseline, then the test-only fixture migration when asked. */
function folder(withFixture: boolean): string {
  const dir = tempDir('duka-migrations-');
  mkdirSync(path.join(dir, 'meta'));
  const base = journal().entries[0]!;
  const entries = [base];
  copyFileSync(path.join(real, `${base.tag}.sql`), path.join(dir, `${base.tag}.sql`));
  if (withFixture) {
    const file = readdirSync(fixture).find((f) => f.endsWith('.sql'))!;
    copyFileSync(path.join(fixture, file), path.join(dir, file));
    entries.push({ idx: 1, version: base.version, when: base.when + 60_000, tag: file.replace(/\.sql$/, ''), breakpoints: true });
  }
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal(), entries }));
  return dir;
}

async function addRows(database: Database): Promise<{ userId: string; contactId: string }> {
  const userId = randomUUID();
  const contactId = randomUUID();
  await database.execute(`insert into users (id, name, username, email, password_hash) values ($1, 'Wanjiku', $2, $3, 'x')`, [
    userId,
    `w${userId.slice(0, 8)}`,
    `w${userId.slice(0, 8)}@example.com`,
  ]);
  await database.execute(`insert into contacts (id, user_id, version, name, permalink) values ($1, $2, 1, 'Baraka Traders', $3)`, [
    contactId,
    userId,
    contactId,
  ]);
  return { userId, contactId };
}

async function expectUpgraded(database: Database, rows: { userId: string; contactId: string }) {
  const { rows: found } = await database.execute('select u.username, c.name, c.fixture_note from contacts c join users u on u.id = c.user_id where c.id = $1', [
    rows.contactId,
  ]);
  expect(found).toEqual([{ username: `w${rows.userId.slice(0, 8)}`, name: 'Baraka Traders', fixture_note: 'migrated: Baraka Traders' }]);
  const { rows: applied } = await database.execute('select count(*)::int as n from drizzle.__drizzle_migrations');
  expect(applied[0]!.n).toBe(2);
}

describe('migrations', () => {
  it('keeps the baseline frozen and numbers every later migration in order', () => {
    const sql = readFileSync(path.join(real, '0000_init.sql'));
    expect(createHash('sha256').update(sql).digest('hex'), 'drizzle/0000_init.sql was changed: add a new migration instead').toBe(BASELINE_SHA256);
    const { entries } = journal();
    expect(entries[0]).toMatchObject({ idx: 0, tag: '0000_init', when: BASELINE_WHEN });
    entries.forEach((e, i) => {
      expect(e.idx).toBe(i);
      expect(e.tag.startsWith(String(i).padStart(4, '0') + '_')).toBe(true);
      expect(readdirSync(real)).toContain(`${e.tag}.sql`);
      if (i > 0) expect(e.when).toBeGreaterThan(entries[i - 1]!.when);
    });
  });

  it('PGlite: a data directory made by the baseline takes a later migration at start-up and keeps its rows', async () => {
    // The test run's migrated template would skip the baseline-only step: start from initdb, as a real first start.
    const template = process.env.DUKA_PGLITE_TEMPLATE;
    delete process.env.DUKA_PGLITE_TEMPLATE;
    try {
      const dataDir = tempDir('duka-upgrade-');
      let database = await connect({ dataDir, migrationsFolder: folder(false) });
      const rows = await addRows(database);
      await database.close();
      // A start with nothing new leaves the directory as it was.
      database = await connect({ dataDir, migrationsFolder: folder(false) });
      expect((await database.execute('select count(*)::int as n from contacts')).rows[0]!.n).toBe(1);
      await database.close();
      // The next start brings a new migration.
      database = await connect({ dataDir, migrationsFolder: folder(true) });
      await expectUpgraded(database, rows);
      await database.close();
      // And the start after it runs nothing twice.
      database = await connect({ dataDir, migrationsFolder: folder(true) });
      await expectUpgraded(database, rows);
      await database.close();
      // The server's own folder (as `npm start` migrates) opens a directory the baseline made.
      const plain = tempDir('duka-upgrade-real-');
      database = await connect({ dataDir: plain, migrationsFolder: folder(false) });
      const kept = await addRows(database);
      await database.close();
      database = await connect({ dataDir: plain });
      const { rows: found } = await database.execute('select name from contacts where id = $1', [kept.contactId]);
      expect(found).toEqual([{ name: 'Baraka Traders' }]);
      await database.close();
    } finally {
      if (template) process.env.DUKA_PGLITE_TEMPLATE = template;
    }
    // Two initdb runs on disk: over 90 s once on a machine at load 14.
  }, 240_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL: a database made by the baseline takes a later migration and keeps its rows', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const name = `duka_upgrade_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new URL(url);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`create database "${name}"`);
    url.pathname = `/${name}`;
    try {
      let database = await connect({ databaseUrl: url.toString(), dataDir: '/tmp', migrationsFolder: folder(false) });
      const rows = await addRows(database);
      await database.close();
      database = await connect({ databaseUrl: url.toString(), dataDir: '/tmp', migrationsFolder: folder(true) });
      await expectUpgraded(database, rows);
      await database.close();
      database = await connect({ databaseUrl: url.toString(), dataDir: '/tmp', migrationsFolder: folder(true) });
      await expectUpgraded(database, rows);
      await database.close();
      database = await connect({ databaseUrl: url.toString(), dataDir: '/tmp' });
      const { rows: found } = await database.execute('select count(*)::int as n from contacts where id = $1', [rows.contactId]);
      expect(found[0]!.n).toBe(1);
      await database.close();
    } finally {
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    }
  });
});
