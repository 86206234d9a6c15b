// Bundles the server (and @duka/core, which ships as TypeScript) into dist/main.js; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
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

// A new database, made once here, so a first start on a fresh DATA_DIR copies it instead of running
// PostgreSQL's initdb and every migration (≈2.5 s saved). Rebuilt with the server, so it always matches
// this tree's migrations and PGlite version; connect() falls back to initdb when it is missing.
const { PGlite } = await import('@electric-sql/pglite');
const { drizzle } = await import('drizzle-orm/pglite');
const { migrate } = await import('drizzle-orm/pglite/migrator');
const { writeFileSync, rmSync } = await import('node:fs');
const template = 'dist/pgdata-template.tar.gz';
rmSync(template, { force: true });
const pg = new PGlite();
await pg.waitReady;
await migrate(drizzle(pg), { migrationsFolder: 'drizzle' });
writeFileSync(template, Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer()));
await pg.close();
