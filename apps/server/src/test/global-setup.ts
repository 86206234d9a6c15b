import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connect } from '../db/connect';

/**
 * On PostgreSQL, migrate once before the files run in parallel; each file then works in its own copy (own-database.ts).
 * On PGlite, make one migrated in-memory database and keep its files: every test file's database starts as a copy
 * (DUKA_PGLITE_TEMPLATE, read by connect), instead of running initdb and the migrations again.
 */
export default async function setup() {
  // Each project of vitest.config.ts runs this; the first one makes the template, the others use it.
  if (process.env.DUKA_TEST_PG_TEMPLATE || (process.env.DUKA_PGLITE_TEMPLATE && existsSync(process.env.DUKA_PGLITE_TEMPLATE))) return;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const database = await connect({ databaseUrl: url, dataDir: '/tmp' });
    await database.close();
    // Each file copies this migrated database (own-database.ts); the copies go at the end.
    process.env.DUKA_TEST_PG_TEMPLATE = url;
    return async () => {
      delete process.env.DUKA_TEST_PG_TEMPLATE;
      await dropCopies(url);
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'duka-pglite-template-'));
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { migrationsFolder } = await import('../db/connect');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { ensureSearchIndexes } = await import('../db/search-indexes');
  const client = new PGlite({ extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
  await ensureSearchIndexes((text) => client.exec(text), undefined, { embedded: true });
  const file = path.join(dir, 'pgdata.tar');
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  process.env.DUKA_PGLITE_TEMPLATE = file;
  return () => {
    delete process.env.DUKA_PGLITE_TEMPLATE;
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * Drops the per-file copies of the test database (own-database.ts), whoever is still connected. Several at a time:
 * each DROP DATABASE waits for a checkpoint, and drops side by side share one (one by one, 188 copies took 165 s).
 */
async function dropCopies(url: string) {
  const admin = new URL(url);
  const template = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const lister = new pg.Client({ connectionString: admin.toString() });
  await lister.connect();
  let names: string[];
  try {
    const { rows } = await lister.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${template}\\_f%`]);
    names = rows.map((r) => r.datname);
  } finally {
    await lister.end();
  }
  const dropOne = async () => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      for (let name = names.pop(); name; name = names.pop()) await client.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await client.end();
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, names.length) }, dropOne));
}
