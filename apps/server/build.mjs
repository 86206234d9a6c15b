// Bundles the server (and @duka/core, which ships as TypeScript) into dist/main.js, and the operator's admin
// command (npm run admin) into dist/admin.js, and the embedded database's thread into dist/pglite-worker.js
// (db/pglite-thread.ts); npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts', admin: 'src/admin-main.ts', 'pglite-worker': 'src/db/pglite-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: { '@duka/core': '../../packages/core/src/index.ts', '@duka/pdf': '../../packages/pdf/src/index.ts' },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});

// A new database, made once here, so a first start on a fresh DATA_DIR copies its files instead of running
// PostgreSQL's initdb and every migration (≈2.5 s saved). Rebuilt with the server, so it always matches this
// tree's migrations and PGlite version; connect() falls back to initdb when it is missing or unusable.
const { PGlite } = await import('@electric-sql/pglite');
const { drizzle } = await import('drizzle-orm/pglite');
const { migrate } = await import('drizzle-orm/pglite/migrator');
const { renameSync, rmSync } = await import('node:fs');
const template = 'dist/pgdata-template';
rmSync(template, { recursive: true, force: true });
rmSync('dist/pgdata-template.tar.gz', { force: true });
rmSync(`${template}.tmp`, { recursive: true, force: true });
const { default: PgBoss } = await import('pg-boss');
const pg = new PGlite(`${template}.tmp`);
await pg.waitReady;
await migrate(drizzle(pg), { migrationsFolder: 'drizzle' });
// The job queue's tables too (the pg-boss of this tree), so a first start does not make them.
await pg.exec(PgBoss.getConstructionPlans('pgboss'));
// The server only ever uses the database "postgres": PostgreSQL's two template databases (a third of the files, 14 of
// 42 MB) would only be copied into every new DATA_DIR for nothing. Dropped the supported way, so the catalog agrees.
await pg.exec(`alter database template0 is_template false; alter database template0 allow_connections false`);
await pg.exec('drop database template0');
await pg.exec('alter database template1 is_template false');
await pg.exec('drop database template1');
await pg.exec('checkpoint');
await pg.close();
renameSync(`${template}.tmp`, template);
