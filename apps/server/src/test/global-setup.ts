import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from '../db/connect';

/**
 * On PostgreSQL, migrate once before the files run in parallel (they then find nothing to do).
 * On PGlite, make one migrated in-memory database and keep its files: every test file's database starts as a copy
 * (DUKA_PGLITE_TEMPLATE, read by connect), instead of running initdb and the migrations again.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const database = await connect({ databaseUrl: url, dataDir: '/tmp' });
    await database.close();
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'duka-pglite-template-'));
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { migrationsFolder } = await import('../db/connect');
  const client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
  const file = path.join(dir, 'pgdata.tar');
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  process.env.DUKA_PGLITE_TEMPLATE = file;
  return () => {
    delete process.env.DUKA_PGLITE_TEMPLATE;
    rmSync(dir, { recursive: true, force: true });
  };
}
